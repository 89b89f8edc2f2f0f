import { describe, expect, it } from 'vitest';
import { StoredJsonError } from '../../core/stored-json.js';
import { displayBoundary } from './boundary-display.js';
import { parseStoredBoundary } from './stored-boundary.js';

const square = [
  [
    [0, 0],
    [1, 0],
    [1, 1],
    [0, 1],
    [0, 0],
  ],
];
const good = {
  type: 'FeatureCollection',
  features: [{ type: 'Feature', properties: { name: '甲' }, geometry: { type: 'Polygon', coordinates: square } }],
};

describe('parseStoredBoundary', () => {
  it('reads a normalised layer as stored', () => {
    expect(parseStoredBoundary(JSON.stringify(good), 3)).toEqual(good);
  });

  it('refuses a position that is not numbers, naming the row and the path', () => {
    const bad = structuredClone(good);
    (bad.features[0]!.geometry.coordinates[0]![1] as unknown[])[0] = '1';
    expect(() => parseStoredBoundary(JSON.stringify(bad), 3)).toThrow(
      /^stored JSON in boundary_layer row 3, column storage_key \(file\): does not match its shape at features\.0\.geometry\.coordinates\.0\.1\.0/,
    );
  });

  it('refuses a geometry other than areas', () => {
    const line = { ...good, features: [{ ...good.features[0]!, geometry: { type: 'LineString', coordinates: square[0] } }] };
    expect(() => parseStoredBoundary(JSON.stringify(line), 'new')).toThrow(StoredJsonError);
  });
});

describe('displayBoundary of a bad file', () => {
  it('is an error naming the layer, not a crash in the simplifier', () => {
    expect(() => displayBoundary('{"type":"FeatureCollection"}', 100, 12)).toThrow(
      /^stored JSON in boundary_layer row 12, .*at features: /,
    );
  });
});
