import { ZONING_CLASS_COLORS, ZONING_NO_CLASS } from '@agromet/contracts';
import { classColorMap, gridBBox, type ColorMap, type Grid } from '@agromet/grid';
import { classLegendPng } from '../../core/cartography/class-legend.js';
import type { Db } from '../../core/db/index.js';
import { translate, type Lang } from '../../core/messages.js';
import { finishedProduct } from '../../core/product-job.js';
import type { FileStorage } from '../../core/storage.js';
import { resolvedClassNames, storedClassNames } from './criteria.js';
import { productFiles, productGeometry, productLayerName, type ProductRow } from './products.js';
import { SEED_CROPS } from './seed-data.js';

// Zoning products as layers of the WMS (docs/zoning.md#on-the-map): `zoning.p<id>`, one per finished product of the
// customer, without a time axis, drawn by class colour (no class: transparent), with a legend of the class names.

const LAYER = /^zoning\.p(\d{1,9})$/;

export const isZoningLayer = (name: string) => LAYER.test(name);

/** Class index → class colour, as the WMS draws a grid of class indices. */
export const ZONING_COLORMAP: ColorMap = classColorMap(ZONING_CLASS_COLORS);

export interface ZoningLayerInfo {
  name: string;
  title: string;
  bbox: { west: number; south: number; east: number; north: number };
}

/** The customer's finished products, newest first, titled by name and crop (in the reader's language). */
export async function zoningLayers(db: Db, customerId: number, lang: Lang = 'zh'): Promise<ZoningLayerInfo[]> {
  const rows = await db
    .selectFrom('zoning_product')
    .leftJoin('zoning_crop', 'zoning_crop.id', 'zoning_product.crop_id')
    .selectAll('zoning_product')
    .select('zoning_crop.seed_key')
    .where('zoning_product.customer_id', '=', customerId)
    .where('zoning_product.status', '=', 'done')
    .orderBy('zoning_product.id', 'desc')
    .execute();
  return rows.flatMap((r) => {
    const g = productGeometry(r);
    const seed = r.seed_key ? SEED_CROPS.find((c) => c.key === r.seed_key) : undefined;
    const crop = seed && r.crop_name === seed.names.zh ? seed.names[lang] : r.crop_name;
    return g ? [{ name: productLayerName(r.id), title: `${r.name} (${crop})`, bbox: gridBBox(g) }] : [];
  });
}

async function productOfLayer(db: Db, customerId: number, name: string): Promise<ProductRow | null> {
  const id = Number(LAYER.exec(name)?.[1]);
  return Number.isInteger(id) ? finishedProduct(db, 'zoning_product', customerId, id) : null;
}

/**
 * The grid a zoning layer draws: class indices as values (NaN without a class), with what the legend and the feature
 * info name; null for a layer that is not a finished product of the customer.
 */
export async function zoningLayerGrid(
  db: Db,
  storage: FileStorage,
  customerId: number,
  name: string,
  lang: Lang,
): Promise<{ grid: Grid; tag: string; title: string; classNames: string[]; createdAt: string } | null> {
  const row = await productOfLayer(db, customerId, name);
  const g = row ? productGeometry(row) : null;
  if (!row || !g) return null;
  const files = await productFiles(storage, row);
  const values = new Float32Array(files.classes.length);
  for (let k = 0; k < values.length; k++) values[k] = files.classes[k] === ZONING_NO_CLASS ? Number.NaN : files.classes[k]!;
  return {
    grid: { ...g, values },
    // The files are immutable: the product and its storage prefix name the picture.
    tag: `z${row.id}-${row.storage_prefix!.slice(-8)}`,
    title: row.name,
    classNames: resolvedClassNames(storedClassNames(row, 'zoning_product'), lang),
    createdAt: row.created_at,
  };
}

/** The class names of a zoning layer for its legend (the defaults when it is not a product of the customer). */
export async function zoningLegendPng(db: Db, customerId: number, name: string, lang: Lang, height = 240): Promise<Buffer> {
  const row = await productOfLayer(db, customerId, name);
  const names = resolvedClassNames(row ? storedClassNames(row, 'zoning_product') : [], lang);
  const rows = names.map((label, k) => ({ color: ZONING_CLASS_COLORS[k]!, label }));
  return classLegendPng(translate(lang, 'zoning.legendTitle'), rows, height);
}
