import { useCallback, useEffect, useRef, type KeyboardEvent, type PointerEvent } from 'react';

/**
 * Props for a button that acts once when pressed and then every `intervalMs` while held
 * (pointer or keyboard); a click from the keyboard acts once.
 */
export function useRepeatWhileHeld(action: () => void, intervalMs: number) {
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const latest = useRef(action);
  latest.current = action;

  const stop = useCallback(() => {
    if (timer.current !== null) clearInterval(timer.current);
    timer.current = null;
  }, []);

  const start = useCallback(() => {
    stop();
    latest.current();
    timer.current = setInterval(() => latest.current(), intervalMs);
  }, [intervalMs, stop]);

  useEffect(() => stop, [stop]);

  return {
    onPointerDown: (e: PointerEvent) => {
      if (e.button !== 0) return;
      e.preventDefault();
      start();
    },
    onPointerUp: stop,
    onPointerLeave: stop,
    onPointerCancel: stop,
    onKeyDown: (e: KeyboardEvent) => {
      if ((e.key === 'Enter' || e.key === ' ') && !e.repeat) {
        e.preventDefault();
        start();
      }
    },
    onKeyUp: stop,
    onBlur: stop,
  };
}
