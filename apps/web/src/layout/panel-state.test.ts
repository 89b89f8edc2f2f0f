import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clampPanelWidth,
  clampSheetShare,
  MAP_ROOM_PX,
  MIN_PANEL_WIDTH,
  parsePanelState,
  SHEET_DEFAULT_SHARE,
  SHEET_MAX_SHARE,
  SHEET_MIN_SHARE,
} from './panel-state';

describe('the page panel state', () => {
  it('keeps a dragged width between the narrowest panel and the room the map controls need', () => {
    expect(clampPanelWidth(120, 1070)).toBe(MIN_PANEL_WIDTH);
    expect(clampPanelWidth(640.4, 1070)).toBe(640);
    expect(clampPanelWidth(2000, 1070)).toBe(1070 - MAP_ROOM_PX);
    // A map narrower than the narrowest panel plus the room: the room wins.
    expect(clampPanelWidth(400, 400)).toBe(400 - MAP_ROOM_PX);
    fc.assert(
      fc.property(fc.double({ min: -1e4, max: 1e4, noNaN: true }), fc.integer({ min: 0, max: 4000 }), (w, map) => {
        const c = clampPanelWidth(w, map);
        expect(c).toBeGreaterThanOrEqual(0);
        expect(c).toBeLessThanOrEqual(Math.max(0, map - MAP_ROOM_PX));
      }),
    );
  });

  it('keeps a sheet between its smallest and largest share of the map', () => {
    expect(clampSheetShare(0.05)).toBe(SHEET_MIN_SHARE);
    expect(clampSheetShare(0.99)).toBe(SHEET_MAX_SHARE);
    expect(clampSheetShare(0.5)).toBe(0.5);
    expect(clampSheetShare(Number.NaN)).toBe(SHEET_DEFAULT_SHARE);
  });

  it('reads what was stored, and defaults for what is missing or malformed', () => {
    expect(parsePanelState(null)).toEqual({ collapsed: false, width: null, sheet: null });
    expect(parsePanelState('not json')).toEqual({ collapsed: false, width: null, sheet: null });
    expect(parsePanelState('{"collapsed":true,"width":512.6,"sheet":2}')).toEqual({ collapsed: true, width: 513, sheet: SHEET_MAX_SHARE });
    expect(parsePanelState('{"collapsed":"yes","width":-3,"sheet":"x"}')).toEqual({ collapsed: false, width: null, sheet: null });
  });
});
