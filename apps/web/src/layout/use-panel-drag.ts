import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { keyedPanelChange } from './panel-keys';
import { clampPanelWidth, clampSheetShare, type PanelState } from './panel-state';

/** Follows a drag from a handle (pointer capture) until the pointer is released. */
function followDrag(e: PointerEvent<HTMLElement>, onMove: (x: number, y: number) => void, onEnd: () => void) {
  if (e.button !== 0) return;
  e.preventDefault();
  const handle = e.currentTarget;
  handle.setPointerCapture(e.pointerId);
  const move = (ev: globalThis.PointerEvent) => onMove(ev.clientX, ev.clientY);
  const end = () => {
    handle.removeEventListener('pointermove', move);
    handle.removeEventListener('pointerup', end);
    handle.removeEventListener('pointercancel', end);
    onEnd();
  };
  handle.addEventListener('pointermove', move);
  handle.addEventListener('pointerup', end);
  handle.addEventListener('pointercancel', end);
}

/**
 * The panel's resize handles: dragging its right edge (side) or top edge (sheet), and the keys on either.
 * Dragging sets the panel's size on the element itself (no render per pointer move); the release stores it.
 */
export function usePanelDrag({
  panel,
  sheet,
  state,
  change,
}: {
  panel: HTMLElement | null;
  sheet: boolean;
  state: PanelState;
  change: (patch: Partial<PanelState>) => void;
}) {
  const dragged = useRef<Partial<PanelState> | null>(null);
  const mapBox = () => panel?.parentElement?.getBoundingClientRect() ?? null;
  const release = () => {
    if (dragged.current) change(dragged.current);
    dragged.current = null;
  };

  const startWidthDrag = (e: PointerEvent<HTMLElement>) => {
    const map = mapBox();
    if (!panel || !map) return;
    const left = panel.getBoundingClientRect().left;
    followDrag(
      e,
      (x) => {
        const width = clampPanelWidth(x - left, map.width);
        panel.style.width = `${width}px`;
        dragged.current = { width };
      },
      release,
    );
  };
  const startSheetDrag = (e: PointerEvent<HTMLElement>) => {
    const map = mapBox();
    if (!panel || !map) return;
    const bottom = panel.getBoundingClientRect().bottom;
    followDrag(
      e,
      (_x, y) => {
        const share = clampSheetShare((bottom - y) / map.height);
        panel.style.setProperty('--sheet-share', String(share));
        dragged.current = { sheet: share, collapsed: false };
      },
      release,
    );
  };
  const onHandleKey = (e: KeyboardEvent<HTMLElement>) => {
    const map = mapBox();
    if (!map) return;
    const patch = keyedPanelChange(e.key, { sheet, state, map, width: panel?.getBoundingClientRect().width ?? 0 });
    if (!patch) return;
    change(patch);
    e.preventDefault();
  };
  return { startWidthDrag, startSheetDrag, onHandleKey };
}
