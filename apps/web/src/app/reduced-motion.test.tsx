import { act, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { motionDuration, prefersReducedMotion } from '../lib/reduced-motion';
import { AppProviders } from './providers';

/**
 * Emulates the browser's `prefers-reduced-motion` answer through matchMedia (jsdom has none of its own), with the
 * change event a system setting toggled while the page is open would fire.
 */
function emulateReducedMotion(reduce: boolean) {
  const listeners = new Set<() => void>();
  const state = { reduce };
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      get matches() {
        return query === '(prefers-reduced-motion: reduce)' && state.reduce;
      },
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
      dispatchEvent: () => false,
    }),
  });
  return {
    set(next: boolean) {
      state.reduce = next;
      for (const listener of listeners) listener();
    },
  };
}

const original = Object.getOwnPropertyDescriptor(window, 'matchMedia');
afterEach(() => {
  if (original) Object.defineProperty(window, 'matchMedia', original);
});

/** What antd's components read: the motion switch and the duration of a dialog's zoom. */
function MotionProbe() {
  const { token } = theme.useToken();
  return <p data-testid="motion">{`${String(token.motion)} ${token.motionDurationMid}`}</p>;
}

function renderConsole() {
  return render(
    <AppProviders>
      <MotionProbe />
    </AppProviders>,
  );
}

// Whether a dialog then opens without its zoom classes is checked in a real browser (e2e/tests/motion.spec.ts):
// jsdom lacks the CSS animation events antd's motion looks for.
describe('prefers-reduced-motion', () => {
  it("turns antd's motion off when the user asked for reduced motion", () => {
    emulateReducedMotion(true);
    expect(prefersReducedMotion()).toBe(true);
    renderConsole();
    expect(screen.getByTestId('motion')).toHaveTextContent('false 0s');
  });

  it("keeps antd's motion otherwise", () => {
    emulateReducedMotion(false);
    expect(prefersReducedMotion()).toBe(false);
    renderConsole();
    expect(screen.getByTestId('motion')).toHaveTextContent('true 0.2s');
  });

  it('follows the setting when it changes while the console is open', () => {
    const media = emulateReducedMotion(false);
    renderConsole();
    act(() => media.set(true));
    expect(screen.getByTestId('motion')).toHaveTextContent('false 0s');
    act(() => media.set(false));
    expect(screen.getByTestId('motion')).toHaveTextContent('true 0.2s');
  });

  it('makes map animations instant under reduced motion', () => {
    const media = emulateReducedMotion(false);
    expect(motionDuration(250)).toBe(250);
    media.set(true);
    expect(motionDuration(250)).toBe(0);
  });
});
