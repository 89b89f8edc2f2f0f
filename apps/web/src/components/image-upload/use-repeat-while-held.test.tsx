// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRepeatWhileHeld } from './use-repeat-while-held';

function Hold({ onStep }: { onStep: () => void }) {
  return (
    <button type="button" {...useRepeatWhileHeld(onStep, 60)}>
      +
    </button>
  );
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useRepeatWhileHeld', () => {
  it('acts on press, then every 60 ms until released', () => {
    const onStep = vi.fn();
    render(<Hold onStep={onStep} />);
    const button = screen.getByRole('button');
    fireEvent.pointerDown(button, { button: 0 });
    expect(onStep).toHaveBeenCalledTimes(1);
    act(() => {
      vi.advanceTimersByTime(59);
    });
    expect(onStep).toHaveBeenCalledTimes(1);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onStep).toHaveBeenCalledTimes(2);
    act(() => {
      vi.advanceTimersByTime(120);
    });
    expect(onStep).toHaveBeenCalledTimes(4);
    fireEvent.pointerUp(button);
    act(() => {
      vi.advanceTimersByTime(600);
    });
    expect(onStep).toHaveBeenCalledTimes(4);
  });

  it('repeats while a key is held', () => {
    const onStep = vi.fn();
    render(<Hold onStep={onStep} />);
    const button = screen.getByRole('button');
    fireEvent.keyDown(button, { key: 'Enter' });
    act(() => {
      vi.advanceTimersByTime(180);
    });
    fireEvent.keyUp(button, { key: 'Enter' });
    act(() => {
      vi.advanceTimersByTime(180);
    });
    expect(onStep).toHaveBeenCalledTimes(4);
  });
});
