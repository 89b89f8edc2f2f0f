import {
  compileColorMap,
  type ColorMap,
  type GeoTiffWriteOptions,
  encodeMicaps4,
  toMicapsTime,
  utcOffsetLabel,
  parseMicaps4,
  readGeoTiff,
  type GdalScaling,
  type Grid,
  type Micaps4HeaderInput,
  type MicapsTime,
} from '@agromet/grid';

/** Grid file formats the console reads and writes. */
export type GridFileFormat = 'micaps4' | 'geotiff';

/** The largest grid accepted on import: 16 M cells, over 8 times the national 0.05° grid. */
export const MAX_IMPORT_CELLS = 16_000_000;

/** A problem with a file's content, worded for the person who chose the file. */
export class GridFileError extends Error {
  override name = 'GridFileError';
}

export interface ParsedGridFile {
  format: GridFileFormat;
  grid: Grid;
  /** MICAPS 4 carries its base time (a wall-clock hour: the import reads it in a time zone) and lead; GeoTIFF does not. */
  time: { header: MicapsTime; lead: number } | null;
  /** MICAPS 4 only. */
  description: string | null;
  encoding: string | null;
  /** A packed GeoTIFF's scale and offset, already applied to the grid's values (GeoTIFF only). */
  scaling: GdalScaling | null;
}

/** By content, never by name: the TIFF byte-order mark, or "diamond 4" on the first line (after a UTF-8 BOM). */
export function detectFormat(bytes: Uint8Array): GridFileFormat | null {
  const b = bytes;
  if (
    b.length >= 4 &&
    ((b[0] === 0x49 && b[1] === 0x49 && (b[2] === 42 || b[2] === 43) && b[3] === 0) ||
      (b[0] === 0x4d && b[1] === 0x4d && b[2] === 0 && (b[3] === 42 || b[3] === 43)))
  )
    return 'geotiff';
  let start = 0;
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) start = 3;
  const head = String.fromCharCode(...b.subarray(start, start + 64));
  return /^\s*diamond\s+4(\s|$)/i.test(head) ? 'micaps4' : null;
}

/** Decodes a MICAPS 4 or GeoTIFF file to a grid; content problems throw GridFileError. */
export async function parseGridFile(bytes: Uint8Array): Promise<ParsedGridFile> {
  const format = detectFormat(bytes);
  if (!format) throw new GridFileError('the file is neither MICAPS type 4 text (first line "diamond 4") nor a GeoTIFF');
  try {
    if (format === 'geotiff') {
      const read = await readGeoTiff(bytes, { maxCells: MAX_IMPORT_CELLS });
      return { format, grid: tidy(read.grid), time: null, description: null, encoding: null, scaling: read.scaling };
    }
    const m = parseMicaps4(bytes);
    if (m.grid.nx * m.grid.ny > MAX_IMPORT_CELLS) throw new GridFileError(`the grid has more than ${MAX_IMPORT_CELLS} cells`);
    const ms = Date.UTC(m.year, m.month - 1, m.day, m.hour);
    const date = new Date(ms);
    if (
      !Number.isInteger(m.hour) ||
      date.getUTCFullYear() !== m.year ||
      date.getUTCMonth() !== m.month - 1 ||
      date.getUTCDate() !== m.day ||
      date.getUTCHours() !== m.hour
    ) {
      throw new GridFileError(`the header's time ${m.year}-${m.month}-${m.day} ${m.hour}h is not a valid date and hour`);
    }
    if (!Number.isInteger(m.leadHours) || m.leadHours < 0)
      throw new GridFileError(`the header's lead time ${m.leadHours} is not a whole number of hours`);
    return {
      format,
      grid: tidy(m.grid),
      time: { header: { year: m.year, month: m.month, day: m.day, hour: m.hour }, lead: m.leadHours },
      description: m.description,
      encoding: m.encoding,
      scaling: null,
    };
  } catch (e) {
    if (e instanceof GridFileError) throw e;
    // Micaps4Error, GeoTiffError, RangeError from the geometry checks, or the geotiff package's own errors.
    const what = format === 'geotiff' ? 'GeoTIFF' : 'MICAPS 4';
    throw new GridFileError(`not a readable ${what} grid: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** Rounds the georeference to 12 significant digits: readers add binary noise (53.474999999999994 for 53.475). */
function tidy(grid: Grid): Grid {
  const r = (x: number) => Number(x.toPrecision(12));
  return { ...grid, lon0: r(grid.lon0), lat0: r(grid.lat0), dx: r(grid.dx), dy: r(grid.dy) };
}

/**
 * The header of a MICAPS 4 file written for a grid: the base time as wall-clock time of the zone (08 Beijing time for a
 * 00 UTC run), and a description that states it, e.g. `精细化网格预报 气温(°C) 2026112208 +24h [Asia/Shanghai UTC+08:00]`.
 */
export function micapsHeaderFor(baseTime: string, lead: number, timeZone: string, title: string): Micaps4HeaderInput {
  const t = toMicapsTime(baseTime, timeZone);
  const p = (n: number) => String(n).padStart(2, '0');
  return {
    ...t,
    leadHours: lead,
    description: `${title} ${t.year}${p(t.month)}${p(t.day)}${p(t.hour)} +${lead}h [${timeZone} ${utcOffsetLabel(timeZone, baseTime)}]`,
  };
}

/**
 * What a GeoTIFF export says about itself (gdalinfo lists it): element code and name, unit, forecast type, issue time,
 * valid time and lead as dataset metadata, and the band's unit and description.
 */
export function geoTiffMetadataFor(
  f: { code: string; name: string; unit: string; typeCode: string },
  baseTime: string,
  lead: number,
): Pick<GeoTiffWriteOptions, 'metadata' | 'band'> {
  const issue = new Date(baseTime);
  return {
    metadata: {
      ELEMENT: f.code,
      ELEMENT_NAME: f.name,
      UNIT: f.unit,
      FORECAST_TYPE: f.typeCode,
      ISSUE_TIME: issue.toISOString(),
      VALID_TIME: new Date(issue.getTime() + lead * 3_600_000).toISOString(),
      LEAD_HOURS: String(lead),
    },
    band: { unit: f.unit, description: f.name },
  };
}

/**
 * The classes of a colour map as a GeoTIFF colour table: intervals and exact values class by class, a ramp in 254
 * equal steps between its first and last stop (each step coloured at its middle).
 */
export function colorTableOf(colormap: ColorMap): NonNullable<GeoTiffWriteOptions['colorTable']> {
  const paint = compileColorMap(colormap);
  const rgba = (v: number): [number, number, number, number] => {
    const px = new Uint8ClampedArray(4);
    paint(v, px, 0);
    return [px[0]!, px[1]!, px[2]!, px[3]!];
  };
  if (colormap.type === 'intervals') {
    const t = colormap.thresholds;
    const right = colormap.closed === 'right';
    const classOf = (v: number) => {
      let k = 0;
      while (k < t.length && (right ? v > t[k]! : v >= t[k]!)) k++;
      return k;
    };
    const mids = [t[0]! - 1, ...t.slice(1).map((x, k) => (x + t[k]!) / 2), t[t.length - 1]! + 1];
    return { classOf, colors: mids.map(rgba) };
  }
  if (colormap.type === 'values') {
    const values = colormap.entries.map((e) => e.value);
    return { classOf: (v) => values.indexOf(v), colors: values.map(rgba) };
  }
  const lo = colormap.stops[0]!.value;
  const hi = colormap.stops[colormap.stops.length - 1]!.value;
  const step = (hi - lo) / 254 || 1;
  return {
    classOf: (v) => Math.min(253, Math.max(0, Math.floor((v - lo) / step))),
    colors: Array.from({ length: 254 }, (_, k) => rgba(lo + (k + 0.5) * step)),
  };
}

export function encodeMicaps4File(grid: Grid, header: Micaps4HeaderInput, encoding: 'utf-8' | 'gbk'): Uint8Array {
  return encodeMicaps4(grid, header, { encoding });
}
