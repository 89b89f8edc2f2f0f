import { useSyncExternalStore } from 'react';

/**
 * The user's "reduce motion" setting (WCAG 2.3.3, Animation from Interactions): operating systems and browsers
 * report it as the `prefers-reduced-motion` media feature. When it is on, antd's motion is off, the console's own
 * transitions are instant (global.css) and the map jumps instead of flying.
 */
const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

function query(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(REDUCED_MOTION_QUERY) : null;
}

/** Whether the browser asks for reduced motion now. */
export function prefersReducedMotion(): boolean {
  return query()?.matches ?? false;
}

/** An animation's duration, or 0 when the user asked for reduced motion (OpenLayers' `fit`, `animate`). */
export function motionDuration(ms: number): number {
  return prefersReducedMotion() ? 0 : ms;
}

function subscribe(onChange: () => void): () => void {
  const list = query();
  if (!list) return () => {};
  // The setting can change while the console is open (a system preference toggled).
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** The reduced-motion setting as React state, following changes made while the page is open. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
}
