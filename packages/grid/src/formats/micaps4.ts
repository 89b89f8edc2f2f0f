// MICAPS type 4 ("diamond 4") grid text. Line 1: `diamond 4 <description>`; then whitespace-separated
// tokens: year month day hour lead-hours level, lon-spacing lat-spacing start-lon end-lon start-lat
// end-lat, nlon nlat, contour interval, contour start, contour end, smoothing, bold-line value, and
// nlat rows of nlon values from start-lat, any number per line; 9999 marks a missing value.
import { assertGeometry, cellLat, cellLon, type Grid } from '../grid.js';
import { decodeText, encodeGbk, encodeUtf8, type TextEncoding } from './text.js';

export const MICAPS_MISSING = 9999;

export interface Micaps4Header {
  description: string;
  /** Four digits; two-digit years in a file mean 20yy. */
  year: number;
  month: number;
  day: number;
  hour: number;
  leadHours: number;
  level: number;
  contourInterval: number;
  contourStart: number;
  contourEnd: number;
  smoothing: number;
  boldValue: number;
}

export interface Micaps4 extends Micaps4Header {
  /** Rows in the file's order: dy < 0 when start-lat > end-lat. Columns always west to east. */
  grid: Grid;
  /** How the input bytes were decoded ('utf-8' for string input). */
  encoding: TextEncoding;
}

export type Micaps4HeaderInput = Pick<Micaps4Header, 'year' | 'month' | 'day' | 'hour'> & Partial<Micaps4Header>;

export interface Micaps4WriteOptions {
  /** Values per line (default 10); every grid row starts on a new line. */
  valuesPerLine?: number;
  /** Fixed decimals; by default the shortest text that reads back as the same Float32. */
  decimals?: number;
}

const HEADER_TOKENS = 19;

export function parseMicaps4(input: string | Uint8Array | ArrayBuffer): Micaps4 {
  const { text, encoding } =
    typeof input === 'string'
      ? { text: input, encoding: 'utf-8' as const }
      : decodeText(input instanceof Uint8Array ? input : new Uint8Array(input));
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const lineEnd = body.search(/\r?\n/);
  const firstLine = lineEnd < 0 ? body : body.slice(0, lineEnd);
  const magic = /^\s*diamond\s+4(?:\s+(.*))?$/i.exec(firstLine);
  if (!magic) throw new Micaps4Error('not a MICAPS type 4 file: the first line must start with "diamond 4"');
  const description = (magic[1] ?? '').trim();

  const tokens = new TokenReader(lineEnd < 0 ? '' : body.slice(lineEnd + 1));
  const header = Array.from({ length: HEADER_TOKENS }, (_, k) => tokens.number(`header field ${k + 1}`));
  const [
    year,
    month,
    day,
    hour,
    leadHours,
    level,
    dLon,
    dLat,
    lon1,
    lon2,
    lat1,
    lat2,
    nLon,
    nLat,
    contourInterval,
    contourStart,
    contourEnd,
    smoothing,
    boldValue,
  ] = header as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (!Number.isInteger(nLon) || !Number.isInteger(nLat) || nLon < 1 || nLat < 1) {
    throw new Micaps4Error(`invalid grid size ${nLon} × ${nLat}`);
  }
  const dx = orientedSpacing(dLon, lon1, lon2, nLon, 'longitude');
  const dy = orientedSpacing(dLat, lat1, lat2, nLat, 'latitude');

  const values = new Float32Array(nLon * nLat);
  for (let k = 0; k < values.length; k++) {
    const v = tokens.number(`value ${k + 1} of ${values.length}`);
    values[k] = v === MICAPS_MISSING ? Number.NaN : v;
  }
  if (!tokens.atEnd()) throw new Micaps4Error(`more than the ${values.length} values the header announces`);

  let grid: Grid = { lon0: lon1, lat0: lat1, dx, dy, nx: nLon, ny: nLat, values };
  if (dx < 0) grid = flipColumns(grid);
  assertGeometry(grid);
  return {
    description,
    year: year < 100 ? 2000 + year : year,
    month,
    day,
    hour,
    leadHours,
    level,
    contourInterval,
    contourStart,
    contourEnd,
    smoothing,
    boldValue,
    grid,
    encoding,
  };
}

export function formatMicaps4(grid: Grid, header: Micaps4HeaderInput, options: Micaps4WriteOptions = {}): string {
  assertGeometry(grid);
  const perLine = options.valuesPerLine ?? 10;
  if (!Number.isInteger(perLine) || perLine < 1) throw new RangeError('valuesPerLine must be a positive integer');
  const formatValue = options.decimals === undefined ? formatFloat32 : (v: number) => v.toFixed(options.decimals);
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const v of grid.values) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const h: Micaps4Header = {
    description: '',
    leadHours: 0,
    level: 0,
    contourInterval: 2,
    contourStart: Number.isFinite(min) ? Math.floor(min) : 0,
    contourEnd: Number.isFinite(max) ? Math.ceil(max) : 0,
    smoothing: 0,
    boldValue: 0,
    ...header,
  };
  const pad2 = (n: number) => String(n).padStart(2, '0');
  const lines = [
    `diamond 4 ${h.description.replace(/[\r\n]+/g, ' ')}`.trimEnd(),
    `${h.year} ${pad2(h.month)} ${pad2(h.day)} ${pad2(h.hour)} ${h.leadHours} ${h.level}`,
    [
      grid.dx,
      grid.dy,
      grid.lon0,
      tidy(cellLon(grid, grid.nx - 1)),
      grid.lat0,
      tidy(cellLat(grid, grid.ny - 1)),
      grid.nx,
      grid.ny,
      h.contourInterval,
      h.contourStart,
      h.contourEnd,
      h.smoothing,
      h.boldValue,
    ].join(' '),
  ];
  const { nx, ny, values } = grid;
  const parts = new Array<string>(perLine);
  for (let j = 0; j < ny; j++) {
    for (let i0 = 0; i0 < nx; i0 += perLine) {
      const n = Math.min(perLine, nx - i0);
      parts.length = n;
      for (let k = 0; k < n; k++) {
        const v = values[j * nx + i0 + k]!;
        parts[k] = Number.isNaN(v) ? String(MICAPS_MISSING) : formatValue(v);
      }
      lines.push(parts.join(' '));
    }
  }
  return lines.join('\n') + '\n';
}

/** The file's bytes: UTF-8, or GBK as MICAPS software on Windows expects. */
export function encodeMicaps4(
  grid: Grid,
  header: Micaps4HeaderInput,
  options: Micaps4WriteOptions & { encoding?: 'utf-8' | 'gbk' } = {},
): Uint8Array {
  const text = formatMicaps4(grid, header, options);
  return options.encoding === 'gbk' ? encodeGbk(text) : encodeUtf8(text);
}

export class Micaps4Error extends Error {
  override name = 'Micaps4Error';
}

/** The shortest decimal text that reads back as the same Float32 value. */
export function formatFloat32(v: number): string {
  if (Number.isInteger(v) && Math.abs(v) < 1e15) return String(v);
  for (let d = 1; d <= 9; d++) {
    const s = v.toFixed(d);
    if (Math.fround(Number(s)) === v) return s;
  }
  return String(v);
}

// The header's spacing magnitude, signed by the direction from start to end (files disagree on
// the sign when start-lat > end-lat); the end value must match within half a cell.
function orientedSpacing(spacing: number, start: number, end: number, count: number, axis: string): number {
  if (count === 1) return spacing === 0 ? 1 : spacing;
  if (spacing === 0) throw new Micaps4Error(`${axis} spacing is 0`);
  const signed = end === start ? spacing : Math.abs(spacing) * Math.sign(end - start);
  if (Math.abs(start + (count - 1) * signed - end) > Math.abs(signed) / 2) {
    throw new Micaps4Error(`${axis} header is inconsistent: ${count} cells of ${spacing}° do not go from ${start} to ${end}`);
  }
  return signed;
}

function flipColumns(grid: Grid): Grid {
  const { nx, ny } = grid;
  const values = new Float32Array(nx * ny);
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) values[j * nx + i] = grid.values[j * nx + (nx - 1 - i)]!;
  }
  return { ...grid, lon0: cellLon(grid, nx - 1), dx: -grid.dx, values };
}

// End coordinates computed as start + (n − 1)·spacing: drop the binary noise (140.00000000000003).
function tidy(x: number): number {
  return Number(x.toPrecision(12));
}

class TokenReader {
  private p = 0;
  constructor(private readonly text: string) {}

  number(what: string): number {
    const { text } = this;
    while (this.p < text.length && text.charCodeAt(this.p) <= 32) this.p++;
    if (this.p >= text.length) throw new Micaps4Error(`file ends before ${what}`);
    const start = this.p;
    while (this.p < text.length && text.charCodeAt(this.p) > 32) this.p++;
    const token = text.slice(start, this.p);
    const v = Number(token);
    if (!Number.isFinite(v)) throw new Micaps4Error(`${what} is not a number: ${JSON.stringify(token)}`);
    return v;
  }

  atEnd(): boolean {
    while (this.p < this.text.length && this.text.charCodeAt(this.p) <= 32) this.p++;
    return this.p >= this.text.length;
  }
}
