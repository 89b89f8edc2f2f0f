import { RISK_LEVEL_COLORS } from '@agromet/contracts';
import { classColorMap, gridBBox, RISK_NO_DATA, type ColorMap, type Grid } from '@agromet/grid';
import { classLegendPng } from '../../core/cartography/class-legend.js';
import type { Db } from '../../core/db/index.js';
import { translate, type Lang } from '../../core/messages.js';
import { finishedProduct } from '../../core/product-job.js';
import type { FileStorage } from '../../core/storage.js';
import { productHazardName } from './hazards.js';
import { riskGeometry, riskLayerName, riskLevels, type RiskProductRow } from './products.js';

// Risk products as layers of the WMS (docs/risk.md#on-the-map): `risk.p<id>`, one per finished product of the
// customer, without a time axis, each level in its warning colour (no risk and no data transparent), with a legend.

const LAYER = /^risk\.p(\d{1,9})$/;

export const isRiskLayer = (name: string) => LAYER.test(name);

/** Level 1–4 → blue, yellow, orange, red; level 0 (no risk) matches no entry and stays transparent. */
export const RISK_COLORMAP: ColorMap = classColorMap(RISK_LEVEL_COLORS, 1);

/** The customer's finished risk products, newest first; a built-in hazard named in `lang`. */
export async function riskLayers(db: Db, customerId: number, lang: Lang = 'zh') {
  const rows = await db
    .selectFrom('risk_product')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('status', '=', 'done')
    .orderBy('id', 'desc')
    .execute();
  return rows.flatMap((r) => {
    const g = riskGeometry(r);
    return g ? [{ name: riskLayerName(r.id), title: `${r.name} (${productHazardName(r, lang)})`, bbox: gridBBox(g) }] : [];
  });
}

async function productOfLayer(db: Db, customerId: number, name: string): Promise<RiskProductRow | null> {
  const id = Number(LAYER.exec(name)?.[1]);
  return Number.isInteger(id) ? finishedProduct(db, 'risk_product', customerId, id) : null;
}

export const riskLevelNames = (lang: Lang) => [1, 2, 3, 4].map((l) => translate(lang, `risk.level${l}` as 'risk.level1'));

/** The grid a risk layer draws: levels as values (NaN without data); null when not a finished product of the customer. */
export async function riskLayerGrid(
  db: Db,
  storage: FileStorage,
  customerId: number,
  name: string,
  lang: Lang,
): Promise<{ grid: Grid; tag: string; title: string; levelNames: string[]; createdAt: string } | null> {
  const row = await productOfLayer(db, customerId, name);
  const g = row ? riskGeometry(row) : null;
  if (!row || !g) return null;
  const levels = await riskLevels(storage, row);
  const values = new Float32Array(levels.length);
  for (let k = 0; k < values.length; k++) values[k] = levels[k] === RISK_NO_DATA ? Number.NaN : levels[k]!;
  return {
    grid: { ...g, values },
    tag: `r${row.id}-${row.storage_prefix!.slice(-8)}`,
    title: row.name,
    levelNames: [translate(lang, 'risk.noRisk'), ...riskLevelNames(lang)],
    createdAt: row.created_at,
  };
}

/** Legend: the four warning colours with the level names (I on top), in the request's language. */
export async function riskLegendPng(lang: Lang, height = 240): Promise<Buffer> {
  const names = riskLevelNames(lang);
  const rows = [3, 2, 1, 0].map((k) => ({ color: RISK_LEVEL_COLORS[k]!, label: names[k]! }));
  return classLegendPng(translate(lang, 'risk.legendTitle'), rows, height);
}
