import { RISK_LEVEL_COLORS, type HazardKind, type RiskStats } from '@agromet/contracts';
import { RISK_LEVEL_COUNT, type GridGeometry } from '@agromet/grid';
import type { Db } from '../../core/db/index.js';
import { spreadsheetCsv } from '../../core/csv-safe.js';
import { translate, type Lang } from '../../core/messages.js';
import type { FileStorage } from '../../core/storage.js';
import { registerDownload } from '../downloads/service.js';
import { renderMapProduct, type MapProductInput, type MapProductOutput } from '../products/render.js';
import { loadBoundaryLayer, type RegionAsk } from '../zoning/region.js';
import type { RiskProductRow } from './products.js';
import { beijingDate } from './summary.js';

// The files of a risk product (docs/risk.md#files): the risk map as PNG and PDF, drawn by the map-product renderer in
// the four warning colours with the product's words in its language, and the areas per level per county as CSV;
// each registered in the downloads library.

export interface RiskFile {
  key: string;
  name: string;
  format: 'png' | 'pdf' | 'csv';
  size: number;
  previewKey: string | null;
}

/** Level grid (0 none, 1–4, 255 no data) → the renderer's classes (0 = IV … 3 = I; 255 blank). */
export function levelClasses(levels: Uint8Array): Uint8Array {
  const out = new Uint8Array(levels.length);
  for (let k = 0; k < levels.length; k++) {
    const l = levels[k]!;
    out[k] = l >= 1 && l <= RISK_LEVEL_COUNT ? l - 1 : 255;
  }
  return out;
}

/** A subtitle starts with a capital ("Frost risk · …"); Chinese is left as it is. */
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function baseTimeText(iso: string, lang: Lang): string {
  const bj = new Date(Date.parse(iso) + 8 * 3_600_000);
  return translate(lang, 'risk.baseTimeText', { date: beijingDate(iso), hour: String(bj.getUTCHours()).padStart(2, '0') });
}

/** The risk map of a product: the renderer's input from the product's row, level grid and statistics. */
export async function riskMapInput(
  deps: { db: Db; storage: FileStorage },
  row: RiskProductRow,
  made: { window: GridGeometry; levels: Uint8Array; stats: RiskStats; summaries: string[] },
): Promise<MapProductInput> {
  const lang = row.lang;
  const ask = JSON.parse(row.region) as RegionAsk & { statsLayer: string };
  const layer = await loadBoundaryLayer(deps.db, deps.storage, row.customer_id, ask.statsLayer, 'statsLayer', lang);
  const customer = await deps.db.selectFrom('customer').select('name').where('id', '=', row.customer_id).executeTakeFirst();
  const exposure = row.exposure ? (JSON.parse(row.exposure) as { cropName: string }) : null;
  const hazard = row.kind === 'custom' ? row.hazard_name : translate(lang, `risk.kind.${row.kind as Exclude<HazardKind, 'custom'>}`);
  const leads = made.stats.leads.map((l) => l.lead);
  const box = { west: made.window.lon0, east: made.window.lon0 + (made.window.nx - 1) * made.window.dx };
  const ys = [made.window.lat0, made.window.lat0 + (made.window.ny - 1) * made.window.dy];
  const half = { x: Math.abs(made.window.dx) / 2, y: Math.abs(made.window.dy) / 2 };
  return {
    lang,
    paper: { size: 'A4', orientation: 'landscape' },
    geometry: made.window,
    classes: levelClasses(made.levels),
    legend: {
      title: translate(lang, 'risk.legendTitle'),
      classes: RISK_LEVEL_COLORS.map((color, k) => ({ color, label: translate(lang, `risk.level${k + 1}` as 'risk.level1') })),
    },
    title: row.name,
    subtitle: capitalize(
      translate(lang, 'risk.mapSubtitle', {
        hazard,
        base: baseTimeText(row.base_time, lang),
        leads: leads.length > 1 ? `${leads[0]}–${leads[leads.length - 1]}` : String(leads[0] ?? row.lead_from),
        crop: exposure ? translate(lang, 'risk.mapCrop', { crop: exposure.cropName }) : '',
      }),
    ),
    customerName: customer?.name.replace(/（示例）$/, ''),
    issuer: customer?.name.replace(/（示例）$/, ''),
    issueTime: baseTimeText(row.created_at, lang),
    footer: made.summaries[0],
    boundaries: layer.areas.map((a) => ({ name: a.name, geometry: a.geometry, level: layer.id === 'provinces' ? 'province' : 'county' })),
    bbox: {
      west: Math.min(box.west, box.east) - half.x,
      east: Math.max(box.west, box.east) + half.x,
      south: Math.min(...ys) - half.y,
      north: Math.max(...ys) + half.y,
    },
  };
}

/** Areas per level per county (then the region's total) as spreadsheet-safe CSV in the product's language. */
export function areasCsv(stats: RiskStats, lang: Lang): string {
  const levels = [1, 2, 3, 4].map((l) => translate(lang, 'risk.csvLevel', { level: translate(lang, `risk.level${l}` as 'risk.level1') }));
  const columns = [translate(lang, 'risk.csvArea'), ...levels, translate(lang, 'risk.csvAtRisk')];
  const line = (name: string, a: readonly number[]) => {
    const at = [1, 2, 3, 4].map((l) => Math.round((a[l] ?? 0) * 100) / 100);
    return [name, ...at, Math.round(at.reduce((s, v) => s + v, 0) * 100) / 100];
  };
  const rows = [...stats.byArea.map((a) => line(a.name, a.areasKm2)), line(translate(lang, 'risk.csvTotal'), stats.areasKm2)];
  return spreadsheetCsv(rows, columns);
}

/** Renders and stores the product's files under `prefix`; answers them for registration (nothing registered yet). */
export async function writeRiskFiles(
  deps: { db: Db; storage: FileStorage },
  row: RiskProductRow,
  made: { window: GridGeometry; levels: Uint8Array; stats: RiskStats; summaries: string[] },
  prefix: string,
): Promise<{ files: RiskFile[]; output: MapProductOutput }> {
  const output = await renderMapProduct(await riskMapInput(deps, row, made), { author: row.created_by_name });
  const files: RiskFile[] = [];
  const put = async (file: string, name: string, format: RiskFile['format'], bytes: Buffer, previewKey: string | null = null) => {
    const key = `${prefix}/${file}`;
    await deps.storage.put(key, bytes);
    files.push({ key, name, format, size: bytes.length, previewKey });
  };
  await put('map.png', `${row.name}.png`, 'png', output.png);
  if (output.pdf) await put('map.pdf', `${row.name}.pdf`, 'pdf', output.pdf, `${prefix}/map.png`);
  await put('areas.csv', `${row.name}-areas.csv`, 'csv', Buffer.from(areasCsv(made.stats, row.lang), 'utf8'));
  return { files, output };
}

/** Records the files in the downloads library (inside the caller's transaction). */
export async function registerRiskFiles(db: Db, row: RiskProductRow, files: readonly RiskFile[]): Promise<void> {
  for (const f of files) {
    await registerDownload(db, {
      customerId: row.customer_id,
      kind: 'risk-product',
      name: f.name,
      format: f.format,
      size: f.size,
      storageKey: f.key,
      previewKey: f.previewKey,
      authorId: row.created_by,
      authorName: row.created_by_name,
      forecastTypeCode: row.forecast_type,
      factorCode: null,
      baseTime: row.base_time,
      sourceId: row.id,
    });
  }
}
