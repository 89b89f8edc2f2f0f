type KeyLike = Pick<KeyboardEvent, 'getModifierState'> & Partial<Pick<KeyboardEvent, 'key' | 'shiftKey'>>;

/**
 * Whether Caps Lock is on. The browser's modifier state decides when it reports Caps Lock on;
 * otherwise a typed letter tells: upper case without Shift (or lower case with Shift) means
 * Caps Lock (some environments, e.g. remote desktops and automation, do not report the state).
 */
export function isCapsLockOn(event: KeyLike | null | undefined): boolean {
  if (!event) return false;
  if (typeof event.getModifierState === 'function' && event.getModifierState('CapsLock')) return true;
  const key = event.key;
  if (typeof key === 'string' && /^[A-Za-z]$/.test(key)) {
    const upper = key !== key.toLowerCase();
    return upper !== Boolean(event.shiftKey);
  }
  return false;
}
