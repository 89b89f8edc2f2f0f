import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { composeMap } from './compose.js';
import type { MapInput } from './input.js';
import { mapPlaces } from './places.js';

// The composition's labels (docs/products.md#labels): whatever the stations around it, the capital inside the mapped
// region is drawn with its star, even in a corner of the frame.

const G = { lon0: 107, lat0: 36, dx: 0.1, dy: -0.1, nx: 40, ny: 30 };
const classes = () => new Uint8Array(G.nx * G.ny);

function input(
  stations: Array<{ name: string; lon: number; lat: number; city?: string; district?: string }>,
  lang: MapInput['lang'],
): MapInput {
  return {
    lang,
    paper: { size: 'A4', orientation: 'landscape' },
    geometry: G,
    classes: classes(),
    legend: { title: 'T', unit: 'mm', classes: [{ color: '#a6f28f', label: 'a' }] },
    title: 't',
    places: mapPlaces({ geometry: G, classes: classes() }, stations, lang),
  };
}

describe('composeMap labels', () => {
  it('draws the capital among any stations around it (property)', () => {
    const station = fc.record({
      name: fc.constantFrom('武功', '泾阳', '户县', '高陵', '三原', '临潼', '蓝田'),
      lon: fc.double({ min: 108.5, max: 109.4, noNaN: true }),
      lat: fc.double({ min: 34.0, max: 34.6, noNaN: true }),
      district: fc.constantFrom('县', '区'),
      city: fc.constant('西安市'),
    });
    fc.assert(
      fc.property(fc.array(station, { maxLength: 12 }), fc.constantFrom('zh' as const, 'en' as const), (stations, lang) => {
        const placed = composeMap(input(stations, lang), 0.5);
        const capital = placed.labels.filter((l) => l.kind === 'capital');
        expect(capital.map((l) => l.text)).toEqual([lang === 'zh' ? '西安' : "Xi'an"]);
      }),
      { numRuns: 25 },
    );
  });

  it('draws a capital in the frame’s corner', () => {
    // Xi'an (108.94° E, 34.34° N) in the map's north-east corner: the box ends a hair east and north of it.
    const out = composeMap({ ...input([], 'zh'), bbox: { west: 105, east: 108.95, south: 32.9, north: 34.35 } }, 0.5);
    expect(out.labels.find((l) => l.kind === 'capital')?.text).toBe('西安');
  });
});
