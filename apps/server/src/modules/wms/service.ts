import { gridBBox } from '@agromet/grid';
import type { TokenService } from '../../core/auth/tokens.js';
import type { Db } from '../../core/db/index.js';
import { factorByLayer, gridCatalog, resolveGrid } from '../grids/service.js';
import { geometryOfRow, type GridStore } from '../grids/store.js';
import { layersOf, type CapabilityLayer } from './capabilities.js';
import { WmsException } from './params.js';

export interface WmsDeps {
  db: Db;
  tokens: TokenService;
  store: GridStore;
}

/** A WMS layer name is `<forecast type>.<factor>`. */
export function splitLayer(name: string, parameter = 'LAYERS'): [string, string] {
  const dot = name.indexOf('.');
  if (dot <= 0) throw new WmsException('LayerNotDefined', `unknown layer ${name}`, parameter);
  return [name.slice(0, dot), name.slice(dot + 1)];
}

/** The layers a customer's capabilities advertise: every factor with grids, boxed by its type's newest grid. */
export async function capabilityLayers(db: Db, customerId: number): Promise<CapabilityLayer[]> {
  const types = await gridCatalog(db, customerId);
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
  return layersOf(types, (id) => boxes.get(id));
}

/** The factor a layer name stands for, or LayerNotDefined naming the parameter that carried it. */
export async function layerFactor(db: Db, layer: string, parameter = 'LAYERS') {
  const [typeCode, factorCode] = splitLayer(layer, parameter);
  const factor = await factorByLayer(db, typeCode, factorCode);
  if (!factor) throw new WmsException('LayerNotDefined', `unknown layer ${layer}`, parameter);
  return factor;
}

/**
 * The grid a GetMap or GetFeatureInfo draws: a missing TIME or DIM_LEAD takes the layer's own default (its newest
 * base time, its first lead there); a combination without a grid is InvalidDimensionValue.
 */
export async function layerGrid(
  db: Db,
  store: GridStore,
  customerId: number,
  layer: string,
  time: string | undefined,
  lead: number | undefined,
) {
  const [typeCode, factorCode] = splitLayer(layer);
  await layerFactor(db, layer);
  const resolved = await resolveGrid(db, store, customerId, { typeCode, factorCode, baseTime: time, lead });
  if (!resolved) {
    throw new WmsException(
      'InvalidDimensionValue',
      `no grid of ${layer} at TIME=${time ?? 'default'} DIM_LEAD=${lead ?? 'default'}`,
      time ? 'TIME' : 'DIM_LEAD',
    );
  }
  return resolved;
}
