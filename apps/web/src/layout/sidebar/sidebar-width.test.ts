import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LABEL_ROOM, SIDEBAR_MAX_WIDTH, SIDEBAR_MIN_WIDTH, sidebarWidth, type MenuLabel } from './sidebar-width';

/** 7 px a character: a stand-in for the font, so that widths are worked out by hand. */
const perChar = (text: string) => text.length * 7;

describe('sidebarWidth', () => {
  it('keeps the narrowest width when every label fits (the Chinese menu)', () => {
    expect(sidebarWidth([{ text: '数据订正', depth: 0 }], perChar)).toBe(SIDEBAR_MIN_WIDTH);
  });

  it('widens to the longest label with the room of its depth, worked out by hand', () => {
    // "Corrección de datos": 19 characters, 133 px; at the top 133 + 96 = 229 px, past the widest 210 px. A text of
    // 110 px needs 110 + 96 = 206 px.
    expect(LABEL_ROOM.top).toBe(96);
    expect(sidebarWidth([{ text: 'Corrección de datos', depth: 0 }], perChar)).toBe(SIDEBAR_MAX_WIDTH);
    expect(sidebarWidth([{ text: 'Forecast Allocation', depth: 0 }], () => 110)).toBe(206);
    // The same text as a page in a group: 133 + 78 = 211 px, past it too; a 120 px page: 198 px, the wider of two wins.
    expect(
      sidebarWidth(
        [
          { text: 'x'.repeat(120 / 7), depth: 1 },
          { text: 'Inicio', depth: 0 },
        ],
        (text) => (text === 'Inicio' ? 42 : 120),
      ),
    ).toBe(198);
    // Fractions round up: a pixel short would cut the last letter (110.2 + 78 = 188.2).
    expect(sidebarWidth([{ text: 'x', depth: 1 }], () => 110.2)).toBe(189);
  });

  it('stops at the widest width: a longer label ends in "…" with its title whole', () => {
    expect(sidebarWidth([{ text: 'x'.repeat(60), depth: 0 }], perChar)).toBe(SIDEBAR_MAX_WIDTH);
  });

  it('is always within the bounds and never narrower than a label it fits', () => {
    const label = fc.record({ text: fc.string({ maxLength: 40 }), depth: fc.constantFrom(0 as const, 1 as const) });
    fc.assert(
      fc.property(fc.array(label, { maxLength: 30 }), (labels: MenuLabel[]) => {
        const width = sidebarWidth(labels, perChar);
        expect(width).toBeGreaterThanOrEqual(SIDEBAR_MIN_WIDTH);
        expect(width).toBeLessThanOrEqual(SIDEBAR_MAX_WIDTH);
        for (const l of labels) {
          const need = perChar(l.text) + (l.depth === 0 ? LABEL_ROOM.top : LABEL_ROOM.child);
          if (need <= SIDEBAR_MAX_WIDTH) expect(width).toBeGreaterThanOrEqual(need);
        }
      }),
    );
  });
});
