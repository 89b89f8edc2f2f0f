import { describe, expect, it } from 'vitest';
import { AppError } from '../../core/errors.js';
import { squareRing } from '../../../test/geojson-shapes.js';
import { normaliseBoundary } from './boundary-geojson.js';

const square = squareRing(0, 0, 1);
const feature = (properties: unknown, geometry: unknown = { type: 'Polygon', coordinates: [square] }) => ({
  type: 'Feature',
  properties,
  geometry,
});
const run = (doc: unknown) => {
  const { json, featureCount } = normaliseBoundary(
    Buffer.isBuffer(doc) ? doc : Buffer.from(typeof doc === 'string' ? doc : JSON.stringify(doc)),
  );
  return { fc: JSON.parse(json), featureCount };
};
function refusal(doc: unknown): { key: string; params: Record<string, unknown>; data: { feature?: number } } {
  try {
    run(doc);
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    const err = e as AppError;
    expect(err.code).toBe(4100);
    return { key: err.key, params: err.params, data: err.data as { feature?: number } };
  }
  throw new Error('not refused');
}

describe('normaliseBoundary', () => {
  it('takes the display name from name, NAME, 名称 or county, else numbers the area', () => {
    const { fc, featureCount } = run({
      type: 'FeatureCollection',
      features: [
        feature({ name: ' 长安区 ', NAME: 'no' }),
        feature({ NAME: 'Huyi' }),
        feature({ 名称: '蓝田县' }),
        feature({ county: '周至县' }),
        feature({ name: 610116 }),
        feature({ name: '' }),
        feature(null),
        feature({ adcode: 1 }),
      ],
    });
    expect(featureCount).toBe(8);
    expect(fc.features.map((f: { properties: { name: string } }) => f.properties.name)).toEqual([
      '长安区',
      'Huyi',
      '蓝田县',
      '周至县',
      '610116',
      '#6',
      '#7',
      '#8',
    ]);
  });

  it('drops members other than type, properties and geometry, and elevations', () => {
    const { fc } = run({
      type: 'FeatureCollection',
      bbox: [0, 0, 1, 1],
      crs: {},
      features: [{ ...feature({ name: 'a' }, { type: 'Polygon', coordinates: [square.map(([x, y]) => [x, y, 5])], bbox: [] }), id: 7 }],
    });
    expect(fc).toEqual({
      type: 'FeatureCollection',
      features: [{ type: 'Feature', properties: { name: 'a' }, geometry: { type: 'Polygon', coordinates: [square] } }],
    });
  });

  it('wraps a Feature and bare Polygon and MultiPolygon geometries', () => {
    expect(run(feature({ name: 'a' })).featureCount).toBe(1);
    expect(run({ type: 'MultiPolygon', coordinates: [[square], [square]] }).fc.features[0].geometry.coordinates).toHaveLength(2);
    expect(run(`\uFEFF${JSON.stringify({ type: 'Polygon', coordinates: [square] })}`).fc.features[0].properties).toEqual({ name: '#1' });
  });

  it('refuses what is not GeoJSON polygons, naming the feature', () => {
    expect(refusal('not json').key).toBe('boundaryNotJson');
    expect(refusal(Buffer.from([0xff, 0xfe, 0x00])).key).toBe('boundaryNotJson');
    expect(refusal([]).key).toBe('boundaryNotGeoJson');
    expect(refusal({ type: 'FeatureCollection' }).key).toBe('boundaryNotGeoJson');
    expect(refusal({ type: 'Topology', objects: {} }).key).toBe('boundaryNotGeoJson');
    expect(refusal({ type: 'GeometryCollection', geometries: [] })).toMatchObject({ key: 'boundaryGeometryType', data: { feature: 0 } });
    expect(refusal({ type: 'Point', coordinates: [0, 0] })).toMatchObject({ key: 'boundaryGeometryType', params: { type: 'Point' } });
    expect(refusal({ type: 'FeatureCollection', features: [feature({}), { type: 'Polygon', coordinates: [square] }] })).toMatchObject({
      key: 'boundaryNotFeature',
      params: { feature: '#2' },
      data: { feature: 1 },
    });
    expect(refusal(feature({}, { type: 'Polygon', coordinates: [] })).key).toBe('boundaryCoordinates');
    expect(refusal(feature({}, { type: 'MultiPolygon', coordinates: [[]] })).key).toBe('boundaryCoordinates');
    expect(refusal(feature({}, { type: 'Polygon', coordinates: [[[0, 0], [1], [1, 1], [0, 0]]] })).key).toBe('boundaryCoordinates');
    expect(
      refusal(
        feature(
          {},
          {
            type: 'Polygon',
            coordinates: [
              [
                [-181, 0],
                [1, 0],
                [1, 1],
                [-181, 0],
              ],
            ],
          },
        ),
      ),
    ).toMatchObject({ key: 'boundaryOutOfRange', params: { lon: -181, lat: 0 } });
    expect(
      refusal(
        feature(
          {},
          {
            type: 'Polygon',
            coordinates: [
              square,
              [
                [0.2, 0.2],
                [0.4, 0.2],
                [0.4, 0.4],
                [0.2, 0.4],
              ],
            ],
          },
        ),
      ).key,
    ).toBe('boundaryRingNotClosed');
  });
});
