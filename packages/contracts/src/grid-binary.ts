// Grid values over HTTP as bytes (docs/grids.md#grid-values-over-http): the body is the row-major little-endian Float32
// values (or a patch), `content-type: application/octet-stream`, and one header, `x-grid-meta`, carries the georeference
// and identity as JSON. Zod-free: the server writes the header with `encodeGridMeta`, the browser reads it with
// `parseGridMeta` and views the body with `float32Values`.

/** Content type of a grid's values (and of a revision patch) sent as bytes. */
export const GRID_BINARY_TYPE = 'application/octet-stream';

/** Response header holding the `GridMeta` of a binary grid answer, as ASCII JSON. */
export const GRID_META_HEADER = 'x-grid-meta';

/** What a binary grid answer is: which grid, at which version, on which cells. */
export interface GridMeta {
  /** Forecast type and factor codes. */
  type: string;
  factor: string;
  /** ISO UTC base time and lead hours. */
  baseTime: string;
  lead: number;
  /** The grid row's version the values belong to (for a patch: the version it produced). */
  version: number;
  /** Unit of the factor's values. */
  unit: string;
  /** Centre of the first cell (row 0, column 0), steps in degrees (dy < 0 when rows run north to south), columns, rows. */
  lon0: number;
  lat0: number;
  dx: number;
  dy: number;
  nx: number;
  ny: number;
}

/** A binary grid answer that does not read as one: no or malformed header, or a body of the wrong length. */
export class GridBinaryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GridBinaryError';
  }
}

const NUMBER_KEYS = ['lon0', 'lat0', 'dx', 'dy'] as const;
const INTEGER_KEYS = ['lead', 'version', 'nx', 'ny'] as const;
const TEXT_KEYS = ['type', 'factor', 'baseTime', 'unit'] as const;

function checked(meta: Record<string, unknown>): GridMeta {
  for (const key of NUMBER_KEYS) {
    const v = meta[key];
    if (typeof v !== 'number' || !Number.isFinite(v)) throw new GridBinaryError(`${GRID_META_HEADER}: ${key} is not a finite number`);
  }
  if (meta.dx === 0 || meta.dy === 0) throw new GridBinaryError(`${GRID_META_HEADER}: a zero cell step`);
  for (const key of INTEGER_KEYS) {
    const v = meta[key];
    if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0)
      throw new GridBinaryError(`${GRID_META_HEADER}: ${key} is not a whole number`);
  }
  if ((meta.nx as number) < 1 || (meta.ny as number) < 1) throw new GridBinaryError(`${GRID_META_HEADER}: an empty grid`);
  for (const key of TEXT_KEYS) {
    if (typeof meta[key] !== 'string') throw new GridBinaryError(`${GRID_META_HEADER}: ${key} is not text`);
  }
  const m = meta as unknown as GridMeta;
  return {
    type: m.type,
    factor: m.factor,
    baseTime: m.baseTime,
    lead: m.lead,
    version: m.version,
    unit: m.unit,
    lon0: m.lon0,
    lat0: m.lat0,
    dx: m.dx,
    dy: m.dy,
    nx: m.nx,
    ny: m.ny,
  };
}

/**
 * The `x-grid-meta` header value: JSON with every character outside printable ASCII escaped (\uXXXX), so names and units
 * in any script travel in a header. Numbers are written as JavaScript's shortest round-trip form, so every finite double
 * reads back bit for bit (-0 reads back as 0).
 */
export function encodeGridMeta(meta: GridMeta): string {
  return JSON.stringify(checked(meta as unknown as Record<string, unknown>)).replace(
    /[^\x20-\x7e]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Reads an `x-grid-meta` header value (null or undefined when the answer had none); throws GridBinaryError. */
export function parseGridMeta(value: string | null | undefined): GridMeta {
  if (value === null || value === undefined || value === '') throw new GridBinaryError(`no ${GRID_META_HEADER} header`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new GridBinaryError(`${GRID_META_HEADER} is not JSON`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new GridBinaryError(`${GRID_META_HEADER} is not an object`);
  return checked(parsed as Record<string, unknown>);
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * The values of a binary grid answer: nx·ny little-endian Float32 (NaN = missing). A view on `body` without a copy on
 * little-endian machines (all we run on); a byte-swapped copy elsewhere. Throws GridBinaryError when the length is not
 * nx·ny·4 bytes.
 */
export function float32Values(body: ArrayBuffer, meta: Pick<GridMeta, 'nx' | 'ny'>): Float32Array {
  const cells = meta.nx * meta.ny;
  if (body.byteLength !== cells * 4) {
    throw new GridBinaryError(`grid body has ${body.byteLength} bytes, ${meta.nx} × ${meta.ny} Float32 values need ${cells * 4}`);
  }
  if (LITTLE_ENDIAN) return new Float32Array(body);
  const view = new DataView(body);
  const values = new Float32Array(cells);
  for (let k = 0; k < cells; k++) values[k] = view.getFloat32(k * 4, true);
  return values;
}
