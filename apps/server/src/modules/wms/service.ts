import { gridBBox } from '@agromet/grid';
import type { TokenService } from '../../core/auth/tokens.js';
import type { Db } from '../../core/db/index.js';
import type { AppMetrics } from '../../core/metrics.js';
import type { LeaseStore } from '../../core/shared-limits.js';
import {
  gridCatalog,
  gridTag,
  layerFactorOf,
  layerTimeRows,
  localisedFactor,
  resolveLayerGrid,
  type FactorRecord,
  type ResolvedGrid,
} from '../grids/service.js';
import { WIND_PARTNER } from './capabilities.js';
import type { FileStorage } from '../../core/storage.js';
import type { Lang } from '../../core/messages.js';
import { zoningLayers } from '../zoning/wms-layers.js';

/** A layer's names in the reader's language (legend, feature info). */
export { localisedFactor } from '../grids/service.js';
/** Zoning products are layers too (docs/wms.md#zoning-products). */
export { isZoningLayer, ZONING_COLORMAP, zoningLayerGrid, zoningLegendPng } from '../zoning/wms-layers.js';
/** So are risk products (docs/risk.md#on-the-map). */
export { isRiskLayer, RISK_COLORMAP, riskLayerGrid, riskLegendPng } from '../risk/wms-layers.js';
import { riskLayers } from '../risk/wms-layers.js';

export { gridTag };
import { geometryOfRow, type GridStore } from '../grids/store.js';
import { layerAxis, resolveLayerTime, type LayerAxis } from '../grids/layer-times.js';
import { layersOf, type CapabilityLayer } from './capabilities.js';
import { WmsException } from './params.js';

export interface WmsDeps {
  db: Db;
  tokens: TokenService;
  store: GridStore;
  /** Where zoning products' grids are read (zoning.p<id> layers). */
  storage: FileStorage;
  /** For tests: runs before a large image is drawn, while it counts against its user's bound. */
  beforeHeavyRender?: () => Promise<void>;
  /** Where a user's large images in flight are counted (this process, or Redis shared by every API process). */
  leases?: LeaseStore;
  /** Drawing times by size class, refusals of the large-image bound. */
  metrics?: Pick<AppMetrics, 'wmsRender' | 'limitRefusals'>;
}

/** A WMS layer name is `<forecast type>.<factor>`. */
export function splitLayer(name: string, parameter = 'LAYERS'): [string, string] {
  const dot = name.indexOf('.');
  if (dot <= 0) throw new WmsException('LayerNotDefined', `unknown layer ${name}`, parameter);
  return [name.slice(0, dot), name.slice(dot + 1)];
}

/** The layers a customer's capabilities advertise: every factor with grids, boxed by its type's newest grid; then the finished zoning and risk products. */
export async function capabilityLayers(db: Db, customerId: number, lang: Lang = 'zh'): Promise<CapabilityLayer[]> {
  const types = await gridCatalog(db, customerId, lang);
  const boxes = new Map<number, ReturnType<typeof gridBBox>>();
  for (const t of types) {
    const row = await db
      .selectFrom('grid')
      .select(['lon0', 'lat0', 'dx', 'dy', 'nx', 'ny'])
      .where('customer_id', '=', customerId)
      .where('forecast_type_id', '=', t.id)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (row) boxes.set(t.id, gridBBox(geometryOfRow(row)));
  }
  const axes = await factorAxes(db, customerId);
  const products = (await zoningLayers(db, customerId, lang)).map((l) => ({ ...l, classes: true }));
  const risks = (await riskLayers(db, customerId, lang)).map((l) => ({ ...l, classes: true }));
  return [
    ...layersOf(
      types,
      (id) => boxes.get(id),
      (id) => axes.get(id),
    ),
    ...products,
    ...risks,
  ];
}

/** The time axis of every factor with grids for a customer (or of one factor), derived elements included. */
export async function factorAxes(db: Db, customerId: number, factorId?: number): Promise<Map<number, LayerAxis>> {
  return layerAxis(await layerTimeRows(db, customerId, factorId));
}

/** The factor a layer name stands for, or LayerNotDefined naming the parameter that carried it. */
export async function layerFactor(db: Db, layer: string, parameter = 'LAYERS') {
  const [typeCode, factorCode] = splitLayer(layer, parameter);
  const factor = await layerFactorOf(db, typeCode, factorCode);
  if (!factor) throw new WmsException('LayerNotDefined', `unknown layer ${layer}`, parameter);
  return factor;
}

/**
 * The grid a GetMap or GetFeatureInfo draws: TIME is the valid time, DIM_REFERENCE_TIME the run, DIM_LEAD an alias for
 * the hours between (see resolveLayerTime); missing ones take the layer's defaults (the newest complete run, its first
 * lead). A combination without a grid is InvalidDimensionValue naming the dimension.
 */
export async function layerGrid(
  db: Db,
  store: GridStore,
  customerId: number,
  layer: string,
  dims: { time?: string; referenceTime?: string; lead?: number },
) {
  const [typeCode, factorCode] = splitLayer(layer);
  const factor = await layerFactor(db, layer);
  // The web map names the run and the valid time (and lead): the grid is found without reading the layer's axis.
  if (dims.referenceTime !== undefined && (dims.time !== undefined || dims.lead !== undefined)) {
    const lead = dims.time !== undefined ? (Date.parse(dims.time) - Date.parse(dims.referenceTime)) / 3_600_000 : dims.lead!;
    if (Number.isInteger(lead) && lead >= 0 && (dims.lead === undefined || dims.lead === lead)) {
      const direct = await resolveLayerGrid(db, store, customerId, { typeCode, factorCode, baseTime: dims.referenceTime, lead });
      if (direct) return direct;
    }
    // Otherwise the axis below names the dimension without a grid.
  }
  const axis = (await factorAxes(db, customerId, factor.id)).get(factor.id);
  const at = axis ? resolveLayerTime(axis, dims) : ({ missing: dims.time ? 'TIME' : 'DIM_REFERENCE_TIME' } as const);
  const resolved =
    'baseTime' in at
      ? await resolveLayerGrid(db, store, customerId, { typeCode, factorCode, baseTime: at.baseTime, lead: at.lead })
      : undefined;
  if (!resolved) {
    const missing = 'missing' in at ? at.missing : 'TIME';
    throw new WmsException(
      'InvalidDimensionValue',
      `no grid of ${layer} at TIME=${dims.time ?? 'default'} DIM_REFERENCE_TIME=${dims.referenceTime ?? 'default'} DIM_LEAD=${dims.lead ?? 'default'}`,
      missing,
    );
  }
  return resolved;
}

/**
 * The other half of a wind drawing: the direction beside a speed grid or the speed beside a direction grid, same run
 * and lead (stored or derived). StyleNotDefined for a layer that is not wind, InvalidDimensionValue when it is missing.
 */
export async function windPartner(
  db: Db,
  store: GridStore,
  customerId: number,
  resolved: ResolvedGrid,
  style: string,
): Promise<ResolvedGrid> {
  const partnerCode = WIND_PARTNER[resolved.factor.code];
  if (partnerCode === undefined) throw new WmsException('StyleNotDefined', `${style} is a style of wind layers only`, 'STYLES');
  const partner = await resolveLayerGrid(db, store, customerId, {
    typeCode: resolved.factor.typeCode,
    factorCode: partnerCode,
    baseTime: resolved.row.base_time,
    lead: resolved.row.lead_hours,
  });
  if (!partner) throw new WmsException('InvalidDimensionValue', `no ${partnerCode} beside ${resolved.factor.code} at this time`, 'TIME');
  return partner;
}

/** The name of the wind speed of a wind layer's type (the legend's title), in `lang`. */
export async function windSpeedName(db: Db, factor: FactorRecord, lang: Lang = 'zh'): Promise<string> {
  const speed = factor.code === 'wsp' ? factor : await layerFactorOf(db, factor.typeCode, 'wsp');
  return speed ? localisedFactor(speed, lang).name : 'wind';
}
