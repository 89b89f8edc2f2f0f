/** Whether Caps Lock is on, from a keyboard or mouse event (false when the browser cannot tell). */
export function isCapsLockOn(event: Pick<KeyboardEvent, 'getModifierState'> | null | undefined): boolean {
  if (!event || typeof event.getModifierState !== 'function') return false;
  return event.getModifierState('CapsLock');
}
