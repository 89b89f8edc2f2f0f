import { ZONING_CLASS_COLORS, ZONING_NO_CLASS } from '@agromet/contracts';
import { gridBBox, parseColor, writeGeoTiff } from '@agromet/grid';
import { zipSync } from 'fflate';
import type { AuthContext } from '../../core/auth/context.js';
import { spreadsheetCsv } from '../../core/csv-safe.js';
import { errors } from '../../core/errors.js';
import { translate, type Lang } from '../../core/messages.js';
import type { FileAnswer } from '../../core/route.js';
import { zoningMapParts } from './map-parts.js';
import { productMap } from './map-png.js';
import { productFiles, productGeometry, productRow, productView, type ZoningDeps } from './products.js';
import { loadBoundaryLayer, type AreaGeometry } from './region.js';

// The download of a zoning product (docs/zoning.md#download): one zip with the class grid as GeoTIFF (Byte band,
// colour table, NoData 255), the map as PNG and PDF, the statistics as CSV (formula cells neutralised) and a JSON describing the
// criterion, the inputs and the statistics.

/** A file name from the product's name: characters file systems refuse become '_'. */
export function fileStem(name: string, id: number): string {
  // eslint-disable-next-line no-control-regex -- control characters are what file systems refuse
  const stem = name.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').trim();
  return stem === '' || stem === '.' || stem === '..' ? `zoning-${id}` : stem.slice(0, 80);
}

const round2 = (v: number) => Math.round(v * 100) / 100;

export async function downloadProduct(
  deps: Pick<ZoningDeps, 'db' | 'storage'>,
  auth: AuthContext,
  id: number,
  lang: Lang,
): Promise<FileAnswer> {
  const row = await productRow(deps.db, auth.customerId, id);
  if (!row) throw errors.notFound();
  const g = productGeometry(row);
  if (row.status !== 'done' || !g) throw errors.conflict('zoning.productNotReady', {}, { field: 'productId' });
  const product = productView(row, lang);
  const files = await productFiles(deps.storage, row);
  const stats = product.stats!;
  const stem = fileStem(product.name, product.id);

  // GeoTIFF: the class index per cell, paletted.
  const classValues = new Float32Array(files.classes.length);
  for (let k = 0; k < classValues.length; k++) classValues[k] = files.classes[k] === ZONING_NO_CLASS ? Number.NaN : files.classes[k]!;
  const tif = writeGeoTiff(
    { ...g, values: classValues },
    {
      metadata: {
        PRODUCT: product.name,
        CROP: product.cropName,
        CRITERION: product.criteriaName,
        METHOD: product.method,
        REGION: product.region.name,
        CREATED: product.createTime,
        CLASSES: product.classNames.map((n, k) => `${k}=${n}`).join('; '),
      },
      band: { description: translate(lang, 'zoning.legendTitle') },
      colorTable: {
        classOf: (v) => v,
        colors: ZONING_CLASS_COLORS.map((c) => {
          const [r, gg, b] = parseColor(c);
          return [r, gg, b, 255] as const;
        }),
      },
    },
  );

  // Statistics: the region's classes, then each area of the statistics layer.
  const header = [
    translate(lang, 'zoning.csvArea'),
    translate(lang, 'zoning.csvClass'),
    translate(lang, 'zoning.csvAreaKm2'),
    translate(lang, 'zoning.csvShare'),
  ];
  const records: string[][] = [];
  const block = (area: string, areas: number[]) => {
    const total = areas.reduce((s, v) => s + v, 0);
    areas.forEach((a, k) =>
      records.push([area, product.classNames[k]!, a.toFixed(2), total > 0 ? ((a / total) * 100).toFixed(2) : '0.00']),
    );
    records.push([area, translate(lang, 'zoning.csvTotal'), total.toFixed(2), total > 0 ? '100.00' : '0.00']);
  };
  block(product.region.name, stats.classAreasKm2);
  for (const a of stats.byArea) block(a.name, a.areasKm2);
  const csv = spreadsheetCsv(records, header);

  // The map, with the statistics layer's areas as outlines, the provinces around, the capital and the stations.
  let outlines: Array<{ name: string; geometry: AreaGeometry }> = [];
  if (stats.layer) {
    try {
      const layer = await loadBoundaryLayer(deps.db, deps.storage, auth.customerId, stats.layer.id, 'productId', lang);
      const wanted = new Set(stats.byArea.map((a) => a.code));
      outlines = layer.areas.filter((a) => wanted.has(a.code)).map((a) => ({ name: a.name, geometry: a.geometry }));
    } catch {
      // A layer deleted since the run: the map is drawn without outlines.
    }
  }
  const map = await productMap(
    await zoningMapParts(deps, auth.customerId, product, g, files.classes, stats.classAreasKm2, outlines, lang),
    {
      author: product.creator,
    },
  );
  const png = map.png;

  const box = gridBBox(g);
  const json = {
    product: {
      id: product.id,
      name: product.name,
      crop: product.cropName,
      criterion: { id: product.criteriaId, name: product.criteriaName, ...product.criterion },
      region: product.region,
      createTime: product.createTime,
      creator: product.creator,
    },
    classes: product.classNames.map((name, k) => ({ index: k, name, color: ZONING_CLASS_COLORS[k] })),
    noData: ZONING_NO_CLASS,
    grid: { ...g, bbox: [box.west, box.south, box.east, box.north].map((v) => Math.round(v * 1e6) / 1e6) },
    inputs: product.inputs,
    stats: { ...stats, classAreasKm2: stats.classAreasKm2.map(round2) },
  };

  const zip = zipSync(
    {
      [`${stem}.tif`]: tif,
      [`${stem}.png`]: new Uint8Array(png),
      [`${stem}.pdf`]: new Uint8Array(map.pdf!),
      [`${stem}-stats.csv`]: new TextEncoder().encode(csv),
      [`${stem}.json`]: new TextEncoder().encode(`${JSON.stringify(json, null, 2)}\n`),
    },
    { level: 6 },
  );
  return {
    contentType: 'application/zip',
    filename: `zoning-${product.id}.zip`,
    body: Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength),
  };
}
