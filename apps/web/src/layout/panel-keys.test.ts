import { describe, expect, it } from 'vitest';
import { keyedPanelChange, panelClassName } from './panel-keys';
import { DEFAULT_PANEL_STATE, PANEL_KEY_STEP_PX, SHEET_DEFAULT_SHARE } from './panel-state';

const map = { width: 1200, height: 800 };

describe('keyedPanelChange', () => {
  it('grows a sheet by a step of the map height and unfolds it; shrinks it without unfolding', () => {
    const args = { sheet: true, state: { ...DEFAULT_PANEL_STATE, collapsed: true }, map, width: 0 };
    // 24 px of an 800 px map is 0.03 of its height, from the default 0.45.
    expect(SHEET_DEFAULT_SHARE).toBe(0.45);
    expect(keyedPanelChange('ArrowUp', args)).toEqual({ sheet: 0.48, collapsed: false });
    expect(keyedPanelChange('ArrowDown', args)).toEqual({ sheet: 0.42 });
    expect(keyedPanelChange('ArrowRight', args)).toBeNull();
    expect(keyedPanelChange('Home', args)).toBeNull();
  });

  it('keeps a sheet within its bounds', () => {
    const args = { sheet: true, state: { ...DEFAULT_PANEL_STATE, sheet: 0.85 }, map, width: 0 };
    expect(keyedPanelChange('ArrowUp', args)).toEqual({ sheet: 0.85, collapsed: false });
  });

  it('widens and narrows the side panel from its stored width, or its drawn width when none is stored', () => {
    const stored = { sheet: false, state: { ...DEFAULT_PANEL_STATE, width: 400 }, map, width: 380 };
    expect(keyedPanelChange('ArrowRight', stored)).toEqual({ width: 400 + PANEL_KEY_STEP_PX });
    expect(keyedPanelChange('ArrowLeft', stored)).toEqual({ width: 400 - PANEL_KEY_STEP_PX });
    const drawn = { sheet: false, state: DEFAULT_PANEL_STATE, map, width: 380 };
    expect(keyedPanelChange('ArrowRight', drawn)).toEqual({ width: 380 + PANEL_KEY_STEP_PX });
    expect(keyedPanelChange('Home', drawn)).toEqual({ width: null });
    expect(keyedPanelChange('ArrowUp', drawn)).toBeNull();
  });

  it('never narrows the side panel below its least width', () => {
    const args = { sheet: false, state: { ...DEFAULT_PANEL_STATE, width: 300 }, map, width: 300 };
    expect(keyedPanelChange('ArrowLeft', args)).toEqual({ width: 300 });
  });
});

describe('panelClassName', () => {
  it('names the mode and the fold', () => {
    expect(panelClassName(false, false)).toBe('map-panel map-panel-side');
    expect(panelClassName(true, true)).toBe('map-panel map-panel-sheet map-panel-collapsed');
  });
});
