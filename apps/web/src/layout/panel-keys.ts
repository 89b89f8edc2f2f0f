import { clampPanelWidth, clampSheetShare, PANEL_KEY_STEP_PX, SHEET_DEFAULT_SHARE, type PanelState } from './panel-state';

/**
 * What a key on the panel's resize handle changes: on a bottom sheet the arrows up and down grow and shrink its share
 * of the map's height (growing unfolds it); on the side the arrows right and left widen and narrow it and Home gives
 * it back its own width. Null: the key does nothing there. Pure; GroupLayout applies it.
 */
export function keyedPanelChange(
  key: string,
  { sheet, state, map, width }: { sheet: boolean; state: PanelState; map: { width: number; height: number }; width: number },
): Partial<PanelState> | null {
  if (sheet) {
    const share = state.sheet ?? SHEET_DEFAULT_SHARE;
    const step = PANEL_KEY_STEP_PX / map.height;
    if (key === 'ArrowUp') return { sheet: clampSheetShare(share + step), collapsed: false };
    if (key === 'ArrowDown') return { sheet: clampSheetShare(share - step) };
    return null;
  }
  const now = state.width ?? width;
  if (key === 'ArrowRight') return { width: clampPanelWidth(now + PANEL_KEY_STEP_PX, map.width) };
  if (key === 'ArrowLeft') return { width: clampPanelWidth(now - PANEL_KEY_STEP_PX, map.width) };
  if (key === 'Home') return { width: null };
  return null;
}

/** The panel's classes: the map panel, on the side or as a sheet, folded or not. */
export function panelClassName(sheet: boolean, collapsed: boolean): string {
  return ['map-panel', sheet ? 'map-panel-sheet' : 'map-panel-side', collapsed ? 'map-panel-collapsed' : ''].filter(Boolean).join(' ');
}
