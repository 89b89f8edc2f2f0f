import { describe, expect, it } from 'vitest';
import { clusterColour, clusterRadius, recordIdOf, recordsBox } from './record-map-rules';

describe('record map rules', () => {
  it('a cluster takes the colour of its highest-ranked record, the first on ties', () => {
    const rs = [
      { id: 1, rank: 1, c: 'a' },
      { id: 2, rank: 3, c: 'b' },
      { id: 3, rank: 3, c: 'c' },
    ];
    expect(
      clusterColour(
        rs,
        (r) => r.rank,
        (r) => r.c,
      ),
    ).toBe('b');
    expect(
      clusterColour(
        [],
        (r: { rank: number }) => r.rank,
        () => 'x',
      ),
    ).toBe('#8c8c8c');
  });

  it('cluster circles grow with the count, within 11–22 px', () => {
    expect(clusterRadius(1)).toBe(11);
    expect(clusterRadius(10)).toBe(16);
    expect(clusterRadius(100)).toBe(21);
    expect(clusterRadius(1e6)).toBe(22);
    expect(clusterRadius(2)).toBeGreaterThan(clusterRadius(1) - 1);
  });

  it('boxes the records with a margin', () => {
    expect(recordsBox([])).toBeNull();
    expect(
      recordsBox(
        [
          { id: 1, lon: 108, lat: 34 },
          { id: 2, lon: 110, lat: 38 },
        ],
        0.5,
      ),
    ).toEqual([107.5, 33.5, 110.5, 38.5]);
  });
});

describe('record hits', () => {
  it('a click names a single record, not a cluster', () => {
    expect(recordIdOf({ kind: 'record', id: 4 })).toBe(4);
    expect(recordIdOf({ kind: 'cluster', ids: [1, 2] })).toBeNull();
    expect(recordIdOf(null)).toBeNull();
  });
});
