import { describe, expect, it } from 'vitest';
import { placeholderFitWidth } from './placeholder-fit';

describe('placeholderFitWidth', () => {
  it('keeps the asked width when the placeholder fits', () => {
    expect(placeholderFitWidth({ width: 200, controlWidth: 200, textRoom: 120, textWidth: 90 })).toBe(200);
  });

  it('widens by what the text lacks, keeping what is drawn around it', () => {
    // A keyword box of 220 px whose input leaves 105 px for a 141 px text: 36 px more, rounded up.
    expect(placeholderFitWidth({ width: 220, controlWidth: 220, textRoom: 105, textWidth: 140.2 })).toBe(256);
  });

  it('measures from the width the control has now (already widened once, e.g. before a change of language)', () => {
    expect(placeholderFitWidth({ width: 200, controlWidth: 260, textRoom: 145, textWidth: 100 })).toBe(215);
    expect(placeholderFitWidth({ width: 200, controlWidth: 260, textRoom: 145, textWidth: 60 })).toBe(200);
  });
});
