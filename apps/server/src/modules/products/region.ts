import type { ProductLanguage } from '@agromet/contracts';
import type { GridGeometry } from '@agromet/grid';
import { regionNameOf } from '../../core/cartography/provinces.js';
import type { Db } from '../../core/db/index.js';
import type { MessageKey } from '../../core/messages.js';
import type { FileStorage } from '../../core/storage.js';
import { boundaryFile, uploadedLayerId } from '../gis/boundaries.js';
import { areaName } from '../regions/code-table.js';
import { NAME_PROPERTIES } from '../gis/boundary-geojson.js';
import { provincesLayer } from '../gis/offline.js';
import { parseStoredBoundary } from '../gis/stored-boundary.js';
import type { AreaGeometry } from './render.js';
import { provinceName } from './words.js';

/** How a refusal is raised: an AppError (4100 naming the field) for a request, a JobError inside a job. */
export type Fail = (field: string, key: MessageKey, params?: Record<string, string | number>) => Error;

// Regions of map products (docs/products.md#regions): areas of the boundary layers (the built-in provinces, `provinces`,
// or a customer's uploaded layer `b<id>`), named `<layer>:<feature index>`, and the name a product gives the customer's
// whole region.

export interface LayerArea {
  code: string;
  name: string;
  geometry: AreaGeometry;
  /** The name in a product's language (provinces in pinyin for English and Spanish). */
  label(lang: ProductLanguage): string;
}

interface GeoJsonDoc {
  features?: Array<{ properties?: Record<string, unknown> | null; geometry?: { type?: string; coordinates?: unknown } | null }>;
}

function areasOf(layerId: string, doc: GeoJsonDoc): LayerArea[] {
  const out: LayerArea[] = [];
  (doc.features ?? []).forEach((f, k) => {
    const g = f.geometry;
    if (!g || (g.type !== 'Polygon' && g.type !== 'MultiPolygon')) return;
    const prop = NAME_PROPERTIES.map((p) => f.properties?.[p]).find((v) => typeof v === 'string' && v.trim());
    const name = typeof prop === 'string' ? prop.trim() : `#${k + 1}`;
    out.push({
      code: `${layerId}:${k}`,
      name,
      geometry: g as AreaGeometry,
      label: (lang) => (layerId === 'provinces' ? provinceName(name, lang) : areaName(name, lang)),
    });
  });
  return out;
}

let provinces: LayerArea[] | null = null;

/** The areas of a boundary layer of the customer; an unknown layer is refused naming `boundaryLayers`. */
export async function boundaryAreas(db: Db, storage: FileStorage, customerId: number, layerId: string, fail: Fail): Promise<LayerArea[]> {
  if (layerId === 'provinces') {
    provinces ??= areasOf('provinces', provincesLayer());
    return provinces;
  }
  const id = await uploadedLayerId(db, customerId, layerId);
  if (id === undefined) throw fail('boundaryLayers', 'product.unknownLayer', { layer: layerId });
  const bytes = await boundaryFile(db, storage, customerId, id);
  return areasOf(layerId, parseStoredBoundary(bytes.toString('utf8'), id));
}

/** One area by its code `<layer>:<index>`; unknown ones are refused naming `areaCode`. */
export async function resolveArea(db: Db, storage: FileStorage, customerId: number, code: string, fail: Fail): Promise<LayerArea> {
  const [layerId] = code.split(':');
  const areas = await boundaryAreas(db, storage, customerId, layerId!, (_field, key, params) =>
    key === 'product.unknownLayer' ? fail('areaCode', 'product.unknownArea', { code }) : fail('areaCode', key, params),
  );
  const area = areas.find((a) => a.code === code);
  if (!area) throw fail('areaCode', 'product.unknownArea', { code });
  return area;
}

/** The name of the customer's whole region in a product (the provinces holding its cells, core/cartography/provinces.ts). */
export function regionName(g: GridGeometry, values: Float32Array, lang: ProductLanguage, customerName = ''): string {
  provinces ??= areasOf('provinces', provincesLayer());
  return regionNameOf(provinces, g, values, lang, customerName);
}
