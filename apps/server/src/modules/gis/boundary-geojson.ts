import { BOUNDARY_MAX_FEATURES, BOUNDARY_MAX_POSITIONS, ErrorCode } from '@agromet/contracts';
import { AppError } from '../../core/errors.js';
import type { MessageKey } from '../../core/messages.js';

/** Properties that may carry an area's display name, in order of preference; every other property is dropped. */
export const NAME_PROPERTIES = ['name', 'NAME', '名称', 'county'] as const;

type Position = [number, number];
type PolygonCoords = Position[][];
export interface BoundaryFeature {
  type: 'Feature';
  properties: { name: string };
  geometry: { type: 'Polygon'; coordinates: PolygonCoords } | { type: 'MultiPolygon'; coordinates: PolygonCoords[] };
}
export interface NormalisedBoundary {
  /** The FeatureCollection as stored and served. */
  json: string;
  featureCount: number;
  /** Positions in all (the closing position of each ring included). */
  positions: number;
}

/**
 * A refused upload: 4100 naming the field `file`, with `feature` (zero-based index into the features) when one
 * feature is at fault; the message names it as #index+1, like an unnamed area's default name.
 */
function invalid(key: MessageKey, params: Record<string, string | number> = {}, feature?: number): AppError {
  return new AppError(
    ErrorCode.VALIDATION,
    key,
    params,
    { issues: [{ field: 'file' }], ...(feature === undefined ? {} : { feature }) },
    {},
    'file',
  );
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function displayName(properties: unknown): string | null {
  if (!isObject(properties)) return null;
  for (const key of NAME_PROPERTIES) {
    const v = properties[key];
    if (typeof v === 'string' && v.trim() !== '') return v.trim().slice(0, 128);
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  }
  return null;
}

/**
 * Checks a GeoJSON upload by content and answers it normalised: always a FeatureCollection (a single Feature or a bare
 * Polygon/MultiPolygon is wrapped), only Polygon/MultiPolygon geometries, 2-D positions within WGS84 lon/lat, rings
 * closed with at least 4 positions, 1 … BOUNDARY_MAX_FEATURES features, at most BOUNDARY_MAX_POSITIONS positions, and each feature's properties reduced to a
 * display name (`name`, `NAME`, `名称` or `county`, else `#<index+1>`). Anything else is refused with 4100.
 */
export function normaliseBoundary(bytes: Uint8Array): NormalisedBoundary {
  let text: string;
  let doc: unknown;
  try {
    text = new TextDecoder('utf-8', { fatal: true }) /* drops a leading byte-order mark */
      .decode(bytes);
    doc = JSON.parse(text);
  } catch {
    // Not UTF-8, not JSON, or nested too deeply for the parser.
    throw invalid('boundaryNotJson');
  }
  if (!isObject(doc) || typeof doc.type !== 'string') throw invalid('boundaryNotGeoJson');

  let features: unknown[];
  if (doc.type === 'FeatureCollection') {
    if (!Array.isArray(doc.features)) throw invalid('boundaryNotGeoJson');
    features = doc.features;
  } else if (doc.type === 'Feature') {
    features = [doc];
  } else if ('coordinates' in doc || doc.type === 'GeometryCollection') {
    // A bare geometry: checked below like the geometry of a lone feature.
    features = [{ type: 'Feature', properties: null, geometry: doc }];
  } else {
    throw invalid('boundaryNotGeoJson');
  }
  if (features.length === 0) throw invalid('boundaryEmpty');
  if (features.length > BOUNDARY_MAX_FEATURES)
    throw invalid('boundaryTooManyFeatures', { count: features.length, max: BOUNDARY_MAX_FEATURES });

  const out: BoundaryFeature[] = [];
  let positionCount = 0;
  for (let k = 0; k < features.length; k++) {
    const f = features[k];
    if (!isObject(f) || f.type !== 'Feature') throw invalid('boundaryNotFeature', { feature: `#${k + 1}` }, k);
    const name = displayName(f.properties);
    const label = name ? `#${k + 1} (${name.slice(0, 64)})` : `#${k + 1}`;
    const g = f.geometry;
    const type = isObject(g) ? g.type : null;
    if (type !== 'Polygon' && type !== 'MultiPolygon') {
      throw invalid('boundaryGeometryType', { feature: label, type: typeof type === 'string' ? type.slice(0, 32) : String(type) }, k);
    }
    const fail = (key: MessageKey, params: Record<string, string | number> = {}) => invalid(key, { feature: label, ...params }, k);

    const ring = (r: unknown): Position[] => {
      if (!Array.isArray(r)) throw fail('boundaryCoordinates');
      const positions: Position[] = [];
      // Counted before anything is kept: a huge ring is refused without first being copied.
      positionCount += r.length;
      if (positionCount > BOUNDARY_MAX_POSITIONS) throw invalid('boundaryTooManyPositions', { max: BOUNDARY_MAX_POSITIONS });
      for (const p of r) {
        if (!Array.isArray(p) || p.length < 2 || typeof p[0] !== 'number' || typeof p[1] !== 'number') throw fail('boundaryCoordinates');
        const lon = p[0];
        const lat = p[1];
        // JSON numbers such as 1e400 parse to Infinity.
        if (!Number.isFinite(lon) || !Number.isFinite(lat)) throw fail('boundaryCoordinates');
        if (lon < -180 || lon > 180 || lat < -90 || lat > 90) throw fail('boundaryOutOfRange', { lon, lat });
        positions.push([lon, lat]);
      }
      if (positions.length < 4) throw fail('boundaryRingTooShort');
      const first = positions[0]!;
      const last = positions[positions.length - 1]!;
      if (first[0] !== last[0] || first[1] !== last[1]) throw fail('boundaryRingNotClosed');
      return positions;
    };
    const polygon = (rings: unknown): PolygonCoords => {
      if (!Array.isArray(rings) || rings.length === 0) throw fail('boundaryCoordinates');
      return rings.map(ring);
    };

    const coordinates = (g as Record<string, unknown>).coordinates;
    let geometry: BoundaryFeature['geometry'];
    if (type === 'Polygon') {
      geometry = { type, coordinates: polygon(coordinates) };
    } else {
      if (!Array.isArray(coordinates) || coordinates.length === 0) throw fail('boundaryCoordinates');
      geometry = { type, coordinates: coordinates.map(polygon) };
    }
    out.push({ type: 'Feature', properties: { name: name ?? `#${k + 1}` }, geometry });
  }
  return { json: JSON.stringify({ type: 'FeatureCollection', features: out }), featureCount: out.length, positions: positionCount };
}
