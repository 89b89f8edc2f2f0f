/**
 * What the page panel over the map remembers per page (localStorage, one key per page's path): folded or not, the
 * width the user dragged it to on a wide screen, and the share of the map's height it takes as a bottom sheet on a
 * narrow one. Pure rules; GroupLayout applies them.
 */
export interface PanelState {
  collapsed: boolean;
  /** Width in px dragged on a wide screen; null: as wide as the page needs (within the CSS bounds). */
  width: number | null;
  /** Share of the map's height taken as a bottom sheet on a narrow screen; null: SHEET_DEFAULT_SHARE. */
  sheet: number | null;
}

export const PANEL_STATE_PREFIX = 'agromet.mapPanel:';
export const DEFAULT_PANEL_STATE: PanelState = { collapsed: false, width: null, sheet: null };

/** The narrowest panel a drag leaves; and the room it leaves on the map's right for the zoom, layers and legend. */
export const MIN_PANEL_WIDTH = 300;
export const MAP_ROOM_PX = 152;
/** A bottom sheet's default, smallest and largest share of the map's height (the map keeps the rest). */
export const SHEET_DEFAULT_SHARE = 0.45;
export const SHEET_MIN_SHARE = 0.2;
export const SHEET_MAX_SHARE = 0.85;
/** Step of a resize by the keyboard (arrow keys on the handle). */
export const PANEL_KEY_STEP_PX = 24;

/** A dragged width kept within the map: at least MIN_PANEL_WIDTH (or what the map has), leaving MAP_ROOM_PX free. */
export function clampPanelWidth(width: number, mapWidth: number): number {
  const max = Math.max(0, mapWidth - MAP_ROOM_PX);
  return Math.round(Math.max(Math.min(MIN_PANEL_WIDTH, max), Math.min(max, width)));
}

/** A bottom sheet's share of the map's height, kept so that both the sheet and the map stay usable. */
export function clampSheetShare(share: number): number {
  if (!Number.isFinite(share)) return SHEET_DEFAULT_SHARE;
  return Math.round(Math.min(SHEET_MAX_SHARE, Math.max(SHEET_MIN_SHARE, share)) * 1000) / 1000;
}

/** The state stored for a page, what is malformed left at its default. */
export function parsePanelState(raw: string | null): PanelState {
  try {
    const v = JSON.parse(raw ?? '{}') as Partial<Record<keyof PanelState, unknown>>;
    return {
      collapsed: v.collapsed === true,
      width: typeof v.width === 'number' && v.width > 0 && Number.isFinite(v.width) ? Math.round(v.width) : null,
      sheet: typeof v.sheet === 'number' && Number.isFinite(v.sheet) ? clampSheetShare(v.sheet) : null,
    };
  } catch {
    return DEFAULT_PANEL_STATE;
  }
}

export function readPanelState(path: string): PanelState {
  try {
    return parsePanelState(localStorage.getItem(PANEL_STATE_PREFIX + path));
  } catch {
    return DEFAULT_PANEL_STATE;
  }
}

export function storePanelState(path: string, state: PanelState): void {
  try {
    const key = PANEL_STATE_PREFIX + path;
    if (!state.collapsed && state.width === null && state.sheet === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(state));
  } catch {
    // Storage refused (private mode, quota): the state holds for this page only.
  }
}
