import { z } from 'zod';
import { parseStoredJson, type StoredJsonPlace } from '../../core/stored-json.js';

// A boundary layer's stored GeoJSON (docs/architecture.md, modules/gis): the FeatureCollection normaliseBoundary wrote, of Polygon and
// MultiPolygon features with lon/lat positions. Read through this schema by everything that computes with a layer,
// so a damaged file is an error naming the layer's row instead of areas silently missing.

const Position = z.array(z.number()).min(2);
const Polygon = z.array(z.array(Position));

export const StoredBoundaryFeature = z.object({
  type: z.literal('Feature'),
  properties: z.record(z.string(), z.unknown()).nullish(),
  geometry: z.discriminatedUnion('type', [
    z.object({ type: z.literal('Polygon'), coordinates: Polygon }),
    z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(Polygon) }),
  ]),
});

export const StoredBoundary = z.object({ type: z.literal('FeatureCollection'), features: z.array(StoredBoundaryFeature) });
export type StoredBoundary = z.output<typeof StoredBoundary>;

/** Where a layer's file is named in an error: its boundary_layer row. */
export const boundaryPlace = (id: number | string): StoredJsonPlace => ({ table: 'boundary_layer', id, column: 'storage_key (file)' });

/** A layer's stored GeoJSON through its schema; a bad file is a StoredJsonError naming the layer's row. */
export function parseStoredBoundary(text: string, id: number | string): StoredBoundary {
  return parseStoredJson(StoredBoundary, text, boundaryPlace(id));
}
