import { API, type GisLayers } from '@agromet/contracts';
import type { z } from 'zod';
import type { Db } from '../../core/db/index.js';
import type { Lang } from '../../core/messages.js';
import { gridCatalog } from '../grids/service.js';
import { listBoundaries } from './boundaries.js';
import { baseLayers } from './layers.js';

/**
 * Everything the console map needs for one customer: its forecast products (type and element names in the reader's
 * language, as the grid catalogue answers them), base layers, boundary layers and the WMS.
 */
export async function mapSetup(
  db: Db,
  customerId: number,
  tiandituKey: string | undefined,
  lang: Lang = 'zh',
): Promise<z.input<typeof GisLayers>> {
  const { layers, defaultBase } = baseLayers(tiandituKey);
  const uploaded = await listBoundaries(db, customerId);
  return {
    products: await gridCatalog(db, customerId, lang),
    baseLayers: layers,
    defaultBase,
    boundaries: [
      { id: 'provinces', name: 'map.boundary.provinces', url: API.gisProvinces.url, builtIn: true },
      ...uploaded.map((b) => ({ id: `b${b.id}`, name: b.name, url: b.url, builtIn: false, featureCount: b.featureCount })),
    ],
    wmsUrl: '/api/wms',
  };
}
