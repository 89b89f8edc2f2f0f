import { describe, expect, it } from 'vitest';
import { areaCollection, squareRing } from '../../../test/geojson-shapes.js';
import { StoredJsonError } from '../../core/stored-json.js';
import { displayBoundary } from './boundary-display.js';
import { parseStoredBoundary } from './stored-boundary.js';

const square = squareRing(0, 0, 1);
const good = areaCollection([['甲', [square]]]);

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
    const line = { ...good, features: [{ ...good.features[0]!, geometry: { type: 'LineString', coordinates: square } }] };
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
