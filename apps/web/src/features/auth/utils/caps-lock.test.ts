import { describe, expect, it } from 'vitest';
import { isCapsLockOn } from './caps-lock';

const on = (k: string) => k === 'CapsLock';
const off = () => false;

describe('isCapsLockOn', () => {
  it('reads the CapsLock modifier state', () => {
    expect(isCapsLockOn({ getModifierState: on })).toBe(true);
    expect(isCapsLockOn({ getModifierState: on, key: 'a', shiftKey: false })).toBe(true);
    expect(isCapsLockOn({ getModifierState: off })).toBe(false);
    expect(isCapsLockOn(null)).toBe(false);
    expect(isCapsLockOn({} as Parameters<typeof isCapsLockOn>[0])).toBe(false);
  });

  it('infers it from a letter when the state is not reported', () => {
    expect(isCapsLockOn({ getModifierState: off, key: 'A', shiftKey: false })).toBe(true);
    expect(isCapsLockOn({ getModifierState: off, key: 'a', shiftKey: true })).toBe(true);
    expect(isCapsLockOn({ getModifierState: off, key: 'A', shiftKey: true })).toBe(false);
    expect(isCapsLockOn({ getModifierState: off, key: 'a', shiftKey: false })).toBe(false);
    expect(isCapsLockOn({ getModifierState: off, key: '1', shiftKey: false })).toBe(false);
    expect(isCapsLockOn({ getModifierState: off, key: 'Enter', shiftKey: false })).toBe(false);
  });
});
