import { RISK_LEVEL_COLORS, type HazardKind, type RiskStats } from '@agromet/contracts';
import { cellAt, RISK_LEVEL_COUNT, type GridGeometry } from '@agromet/grid';
import type { Db } from '../../core/db/index.js';
import { spreadsheetCsv } from '../../core/csv-safe.js';
import { translate, type Lang } from '../../core/messages.js';
import type { FileStorage } from '../../core/storage.js';
import { registerDownload } from '../downloads/service.js';
import { formatMapPeriod, formatMapTime } from '../../core/cartography/dates.js';
import { mapPlaces } from '../../core/cartography/places.js';
import { boundaryAreas, regionName } from '../products/region.js';
import { renderMapProduct, type MapProductInput, type MapProductOutput } from '../products/render.js';
import { typeName } from '../products/words.js';
import { loadBoundaryLayer } from '../zoning/region.js';
import { storedRegionAsk } from '../zoning/stored.js';
import type { RiskProductRow } from '../../core/db/schema.js';
import { storedExposure } from './stored.js';

// The files of a risk product (docs/risk.md#files): the risk map as PNG and PDF, drawn through the one composition path
// of every map (core/cartography) in the four warning colours with the product's words in its language — title with
// the valid period, region, places by priority, neighbours named, source, method sentence — and the areas per level per county as CSV;
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

/** Risk maps write times in Beijing time, as the products' summaries do. */
const RISK_TZ = 'Asia/Shanghai';

/** The data source a risk map names: the forecast and its run. */
const RISK_SOURCE: Record<Lang, string> = { zh: '{type}（{run}起报）', en: '{type}, run of {run}', es: '{type}, pasada del {run}' };

/** What the map needs of a computation (the risk job's result; `method` and `inputs` when it has them). */
export interface RiskMade {
  window: GridGeometry;
  levels: Uint8Array;
  stats: RiskStats;
  summaries: string[];
  /** One sentence of method, written on the map. */
  method?: string;
  inputs?: Array<{ element: string; source: string; lead: number }>;
}

/**
 * The period a product's levels are valid for: from the earliest hour its inputs read (a daily element at lead L
 * covers the 24 h before L) to its last lead.
 */
export function riskValidPeriod(
  row: Pick<RiskProductRow, 'base_time' | 'lead_from' | 'lead_to'>,
  made: Pick<RiskMade, 'stats' | 'inputs'>,
) {
  const base = Date.parse(row.base_time);
  const leads = made.stats.leads.map((l) => l.lead);
  const last = leads.length ? Math.max(...leads) : row.lead_to;
  const spans = (made.inputs ?? []).map((i) => i.lead - (/24h$/.test(i.source) ? 24 : 0));
  const first = Math.max(0, spans.length ? Math.min(...spans) : leads.length ? Math.min(...leads) : row.lead_from);
  return { start: new Date(base + first * 3_600_000), end: new Date(base + last * 3_600_000) };
}

/** The risk map of a product: the renderer's input from the product's row, level grid and statistics. */
export async function riskMapInput(deps: { db: Db; storage: FileStorage }, row: RiskProductRow, made: RiskMade): Promise<MapProductInput> {
  const lang = row.lang;
  const ask = storedRegionAsk(row.region, 'risk_product', row.id);
  const layer = await loadBoundaryLayer(deps.db, deps.storage, row.customer_id, ask.statsLayer, 'statsLayer', lang);
  const customer = await deps.db.selectFrom('customer').select('name').where('id', '=', row.customer_id).executeTakeFirst();
  const exposure = storedExposure(row.exposure, row.id);
  const hazard = row.kind === 'custom' ? row.hazard_name : translate(lang, `risk.kind.${row.kind as Exclude<HazardKind, 'custom'>}`);
  const leads = made.stats.leads.map((l) => l.lead);
  const w = made.window;
  const box = { west: w.lon0, east: w.lon0 + (w.nx - 1) * w.dx };
  const ys = [w.lat0, w.lat0 + (w.ny - 1) * w.dy];
  const half = { x: Math.abs(w.dx) / 2, y: Math.abs(w.dy) / 2 };
  const office = customer?.name.replace(/（示例）$/, '');

  // The region: every cell with data (level 0 included), named by the province holding it.
  const regionCells = Uint8Array.from(made.levels, (l) => (l === 255 ? 0 : 1));
  const regionValues = Float32Array.from(made.levels, (l) => (l === 255 ? Number.NaN : l));
  const region = regionName(w, regionValues, lang, customer?.name ?? '');
  const period = riskValidPeriod(row, made);
  const stations = await deps.db
    .selectFrom('station')
    .select(['name', 'city', 'district', 'longitude as lon', 'latitude as lat'])
    .where('customer_id', '=', row.customer_id)
    .orderBy('id')
    .execute();
  const inRegion = stations.filter((s) => {
    const cell = cellAt(w, s.lon, s.lat);
    return cell !== null && regionCells[cell.j * w.nx + cell.i] === 1;
  });
  const places = mapPlaces({ geometry: w, classes: Uint8Array.from(regionCells, (c) => (c ? 0 : 255)) }, inRegion, lang);
  const type = await deps.db.selectFrom('forecast_type').select('name').where('code', '=', row.forecast_type).executeTakeFirst();
  const boundaries: NonNullable<MapProductInput['boundaries']> = layer.areas.map((a) => ({
    name: a.name,
    geometry: a.geometry,
    level: layer.id === 'provinces' ? 'province' : 'county',
  }));
  if (layer.id !== 'provinces') {
    // The provinces around, named: the neighbours of the region.
    const provinces = await boundaryAreas(
      deps.db,
      deps.storage,
      row.customer_id,
      'provinces',
      (field, key) => new Error(`${field}: ${key}`),
    );
    boundaries.push(...provinces.map((a) => ({ name: a.label(lang), geometry: a.geometry, level: 'province' as const })));
  }
  return {
    lang,
    paper: { size: 'A4', orientation: 'landscape' },
    geometry: w,
    classes: levelClasses(made.levels),
    regionCells,
    legend: {
      title: translate(lang, 'risk.legendTitle'),
      classes: RISK_LEVEL_COLORS.map((color, k) => ({ color, label: translate(lang, `risk.level${k + 1}` as 'risk.level1') })),
    },
    // The title names the valid period (docs/risk.md#files).
    title:
      lang === 'zh'
        ? `${row.name}（${formatMapPeriod(period.start, period.end, lang, RISK_TZ)}）`
        : `${row.name} (${formatMapPeriod(period.start, period.end, lang, RISK_TZ)})`,
    subtitle: capitalize(
      `${region} · ${translate(lang, 'risk.mapSubtitle', {
        hazard,
        base: formatMapTime(new Date(row.base_time), lang, RISK_TZ),
        leads: leads.length > 1 ? `${leads[0]}–${leads[leads.length - 1]}` : String(leads[0] ?? row.lead_from),
        crop: exposure ? translate(lang, 'risk.mapCrop', { crop: exposure.cropName }) : '',
      })}`,
    ),
    customerName: office,
    issuer: office,
    issueTime: formatMapTime(new Date(row.created_at), lang, RISK_TZ),
    source: RISK_SOURCE[lang]
      .replace('{type}', typeName(row.forecast_type, type?.name ?? row.forecast_type, lang))
      .replace('{run}', formatMapTime(new Date(row.base_time), lang, RISK_TZ)),
    footer: made.summaries[0],
    notes: made.method ? [made.method] : [],
    boundaries,
    places,
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
  made: RiskMade,
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
