import { useCallback, useMemo, useRef, type KeyboardEvent as ReactKeyboardEvent, type SyntheticEvent } from 'react';

// Escape in a picker inside a dialog (docs/console.md#nested-pickers): the open picker (a cascader, a select, a date
// picker) closes, and the dialog stays open with what was typed. antd's dialog listens for Escape on the window, after
// the picker has closed itself, so the dialog is told which Escape a picker took: the form's wrapper marks the key
// press while a picker it holds is open (capture phase, before the picker closes), and the dialog's onCancel ignores it.

/** Escape presses a nested picker took, by their native event. */
export class NestedEscapes {
  private readonly open = new Set<string>();
  private readonly taken = new WeakSet<Event>();

  /** A picker of the form opened or closed. */
  setOpen(picker: string, open: boolean): void {
    if (open) this.open.add(picker);
    else this.open.delete(picker);
  }

  /** A key pressed in the form, before any picker handles it: an Escape while a picker is open is the picker's. */
  keyDown(key: string, native: Event): void {
    if (key === 'Escape' && this.open.size > 0) this.taken.add(native);
  }

  /** True when the dialog's cancel event is an Escape a picker took (the dialog then stays open). */
  tookCancel(event: Event | SyntheticEvent | undefined): boolean {
    if (!event) return false;
    const native = 'nativeEvent' in event ? event.nativeEvent : event;
    return this.taken.has(native);
  }
}

/**
 * For a dialog holding pickers: `pickerOpen(name)` for each picker's onOpenChange, `onKeyDownCapture` for an element
 * around the form, and `guardCancel(onCancel)` as the dialog's onCancel.
 */
export function useNestedEscape() {
  const escapes = useRef(new NestedEscapes()).current;
  const pickerOpen = useCallback((picker: string) => (open: boolean) => escapes.setOpen(picker, open), [escapes]);
  const onKeyDownCapture = useCallback((e: ReactKeyboardEvent) => escapes.keyDown(e.key, e.nativeEvent), [escapes]);
  return useMemo(
    () => ({
      pickerOpen,
      onKeyDownCapture,
      guardCancel:
        <E extends Event | SyntheticEvent>(onCancel: (e?: E) => void) =>
        (e?: E) => {
          if (!escapes.tookCancel(e)) onCancel(e);
        },
    }),
    [escapes, pickerOpen, onKeyDownCapture],
  );
}
