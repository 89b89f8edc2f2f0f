// Polygon masks: the cells whose CENTRE lies inside a GeoJSON Polygon / MultiPolygon (holes
// included), or inside any of a list of them. Same semantics as @turf/boolean-point-in-polygon:
// even-odd over all rings of a polygon, a centre on any ring's boundary counts as inside, and
// several polygons are united.
//
// Scanline: for each row, the crossings of the row's latitude with the polygon's edges are sorted
// and the spans between them filled. Cells whose centre lies within a rounding tolerance of a
// crossing, a vertex or a horizontal edge on the row are decided by an exact point test (robust
// orientation predicate), so the result is exact, not merely "close".
import { assertGeometry, type GridGeometry } from './grid.js';
import { pointInFlatPolygon, rasterizePolygon, type BoxCells, type FlatPolygon, type Tally } from './polygon-scan.js';

export type Position = readonly number[];

export interface PolygonGeometry {
  type: 'Polygon';
  coordinates: readonly (readonly Position[])[];
}

export interface MultiPolygonGeometry {
  type: 'MultiPolygon';
  coordinates: readonly (readonly (readonly Position[])[])[];
}

export interface AreaFeature {
  type: 'Feature';
  geometry: PolygonGeometry | MultiPolygonGeometry | { type: string } | null;
}

export interface AreaFeatureCollection {
  type: 'FeatureCollection';
  features: readonly AreaFeature[];
}

/** What an area edit accepts: a polygonal geometry, a feature, a collection, or a list of them. */
export type AreaShape = PolygonGeometry | MultiPolygonGeometry | AreaFeature | AreaFeatureCollection | readonly AreaShape[];

export interface CellBounds {
  /** Inclusive cell index ranges. */
  i0: number;
  i1: number;
  j0: number;
  j1: number;
}

export interface Mask {
  nx: number;
  ny: number;
  /**
   * 1 for cells in the area, 0 elsewhere; row-major like the grid's values. A mask drawn from polygons makes it on
   * first use, from its runs (area edits never need it).
   */
  inside: Uint8Array;
  count: number;
  /** The smallest box holding every cell of the area, or null when the area is empty. */
  bounds: CellBounds | null;
  /** The same cells as runs, in a mask drawn from polygons (rasterizeArea). A mask is not changed once made. */
  readonly runs?: MaskRuns;
}

/** The cells of a mask as runs: in each row of its bounds, the spans of consecutive cells of the area. */
export interface MaskRuns {
  /** The runs of bounds row r (grid row bounds.j0 + r) are rowStart[r] … rowStart[r + 1] − 1. */
  rowStart: Int32Array;
  /** First and last column of each run. */
  start: Int32Array;
  end: Int32Array;
}

export function rasterizeArea(geometry: GridGeometry, shape: AreaShape): Mask {
  assertGeometry(geometry);
  const { nx, ny } = geometry;
  const polygons = flattenShape(shape);
  // The cells are drawn into a scratch box around the polygons (not a grid-sized array made for every call), then kept
  // as runs; the grid-sized array is made only if a caller reads `inside`.
  const box = cellBox(geometry, polygons);
  if (!box) return drawnMask(nx, ny, 0, null, EMPTY_RUNS);
  const width = box.i1 - box.i0 + 1;
  const height = box.j1 - box.j0 + 1;
  if (boxCells.length < width * height) boxCells = new Uint8Array(Math.max(width * height, 2 * boxCells.length));
  boxCells.fill(0, 0, width * height);
  if (rowCells.length < nx) rowCells = new Uint8Array(Math.max(nx, 2 * rowCells.length));
  rowCells.fill(0, 0, nx);
  if (touchedRows.length < ny) touchedRows = new Uint8Array(Math.max(ny, 2 * touchedRows.length));
  touchedRows.fill(0, box.j0, box.j1 + 1);
  // Count and bounds are kept as cells are set, so the box is never scanned as a whole.
  const tally: Tally = { rows: touchedRows, count: 0, i0: nx, i1: -1, j0: ny, j1: -1 };
  const cells: BoxCells = { cells: boxCells, box, width };
  for (const polygon of polygons) rasterizePolygon(geometry, polygon, cells, rowCells, tally);
  const { count, i0, i1, j0, j1 } = tally;
  if (count === 0) return drawnMask(nx, ny, 0, null, EMPTY_RUNS);
  const bounds = { i0, i1, j0, j1 };
  return drawnMask(nx, ny, count, bounds, scanRuns(boxCells, width, (j0 - box.j0) * width + (i0 - box.i0), bounds, true));
}

// Scratch of the drawing, kept between calls (grown as needed; each drawing clears what it uses).
let boxCells = new Uint8Array(0);
let rowCells = new Uint8Array(0);
let touchedRows = new Uint8Array(0);

const EMPTY_RUNS: MaskRuns = { rowStart: new Int32Array(1), start: new Int32Array(0), end: new Int32Array(0) };

/** A drawn mask: its runs, and `inside` made from them the first time it is read. */
function drawnMask(nx: number, ny: number, count: number, bounds: CellBounds | null, runs: MaskRuns): Mask {
  let inside: Uint8Array | undefined;
  return {
    nx,
    ny,
    count,
    bounds,
    runs,
    get inside(): Uint8Array {
      if (!inside) {
        inside = new Uint8Array(nx * ny);
        if (bounds) {
          const { rowStart, start, end } = runs;
          for (let r = 0; r <= bounds.j1 - bounds.j0; r++) {
            const base = (bounds.j0 + r) * nx;
            for (let k = rowStart[r]!; k < rowStart[r + 1]!; k++) inside.fill(1, base + start[k]!, base + end[k]! + 1);
          }
        }
      }
      return inside;
    },
  };
}

/**
 * The cells whose centre may lie in the polygons: the columns of the centres between the westmost and eastmost
 * vertices and the rows the edges may touch, a cell more on each side for rounding, clipped to the grid; null when
 * none. A centre outside these extents cannot be inside a polygon or on its boundary.
 */
function cellBox(g: GridGeometry, polygons: FlatPolygon[]): CellBounds | null {
  let west = Number.POSITIVE_INFINITY;
  let east = Number.NEGATIVE_INFINITY;
  let south = Number.POSITIVE_INFINITY;
  let north = Number.NEGATIVE_INFINITY;
  for (const polygon of polygons) {
    for (const ring of polygon) {
      for (let k = 0; k < ring.length; k += 2) {
        const x = ring[k]!;
        const y = ring[k + 1]!;
        if (x < west) west = x;
        if (x > east) east = x;
        if (y < south) south = y;
        if (y > north) north = y;
      }
    }
  }
  if (!(west <= east)) return null;
  const fa = (south - g.lat0) / g.dy;
  const fb = (north - g.lat0) / g.dy;
  const box = {
    i0: Math.max(0, Math.floor((west - g.lon0) / g.dx) - 1),
    i1: Math.min(g.nx - 1, Math.ceil((east - g.lon0) / g.dx) + 1),
    j0: Math.max(0, Math.floor(Math.min(fa, fb)) - 1),
    j1: Math.min(g.ny - 1, Math.ceil(Math.max(fa, fb)) + 1),
  };
  return box.i0 <= box.i1 && box.j0 <= box.j1 ? box : null;
}

// The double whose eight bytes are all 1 (0x0101010101010101).
const ALL_IN = new Float64Array(new Uint8Array(8).fill(1).buffer)[0]!;

/**
 * The runs of 0/1 cells over `bounds`: `cells` holds bounds row r's first cell at first + r · stride. Eight cells at a
 * time where the bytes allow an aligned Float64Array view: a word of 0 is eight cells outside, ALL_IN eight inside.
 * Exact-sized arrays when `exact`, else scratch kept until the next call (area edits).
 */
export function scanRuns(cells: Uint8Array, stride: number, first: number, bounds: CellBounds, exact: boolean): MaskRuns {
  const { i0, i1, j0, j1 } = bounds;
  const rows = j1 - j0 + 1;
  const width = i1 - i0 + 1;
  // At most one run per two cells (plus one) in a row.
  const capacity = rows * ((width >> 1) + 1);
  if (runRowStart.length < rows + 1) runRowStart = new Int32Array(Math.max(rows + 1, 2 * runRowStart.length));
  if (runStart.length < capacity) {
    runStart = new Int32Array(Math.max(capacity, 2 * runStart.length));
    runEnd = new Int32Array(runStart.length);
  }
  const rowStart = runRowStart;
  const start = runStart;
  const end = runEnd;
  // Word w covers cells[offset + 8w … offset + 8w + 7], the first index whose byte is 8-aligned being `offset`.
  const offset = (8 - (cells.byteOffset % 8)) % 8;
  const wordCount = cells.length > offset ? Math.floor((cells.length - offset) / 8) : 0;
  const words = wordCount > 0 ? new Float64Array(cells.buffer, cells.byteOffset + offset, wordCount) : new Float64Array(0);
  let n = 0;
  for (let r = 0; r < rows; r++) {
    rowStart[r] = n;
    const rowFirst = first + r * stride;
    const rowEnd = rowFirst + width; // exclusive
    let k = rowFirst;
    let inRun = false;
    while (k < rowEnd) {
      // Whole words while the state does not change.
      if (((k - offset) & 7) === 0 && k >= offset && k + 8 <= rowEnd) {
        const word = words[(k - offset) >> 3]!;
        if (word === (inRun ? ALL_IN : 0)) {
          k += 8;
          continue;
        }
      }
      if ((cells[k] === 1) !== inRun) {
        if (inRun) end[n++] = k - 1 - rowFirst + i0;
        else start[n] = k - rowFirst + i0;
        inRun = !inRun;
      }
      k++;
    }
    if (inRun) end[n++] = rowEnd - 1 - rowFirst + i0;
  }
  rowStart[rows] = n;
  if (!exact) return { rowStart, start, end };
  return { rowStart: rowStart.slice(0, rows + 1), start: start.slice(0, n), end: end.slice(0, n) };
}

let runRowStart = new Int32Array(0);
let runStart = new Int32Array(0);
let runEnd = new Int32Array(0);

/** Wraps a 0/1 cell array as a Mask, computing its count and bounds. */
export function maskFromCells(nx: number, ny: number, inside: Uint8Array): Mask {
  if (inside.length !== nx * ny) throw new RangeError(`mask needs ${nx * ny} cells, got ${inside.length}`);
  let count = 0;
  let i0 = nx;
  let i1 = -1;
  let j0 = ny;
  let j1 = -1;
  for (let j = 0; j < ny; j++) {
    const base = j * nx;
    let first = -1;
    let last = -1;
    for (let i = 0; i < nx; i++) {
      if (inside[base + i]) {
        if (first < 0) first = i;
        last = i;
        count++;
      }
    }
    if (first >= 0) {
      if (j0 > j) j0 = j;
      j1 = j;
      if (first < i0) i0 = first;
      if (last > i1) i1 = last;
    }
  }
  return { nx, ny, inside, count, bounds: count > 0 ? { i0, i1, j0, j1 } : null };
}

/** Exact point-in-area test with the mask's semantics (boundary counts as inside). */
export function pointInArea(lon: number, lat: number, shape: AreaShape): boolean {
  return flattenShape(shape).some((polygon) => pointInFlatPolygon(lon, lat, polygon));
}

function flattenShape(shape: AreaShape, out: FlatPolygon[] = []): FlatPolygon[] {
  if (isShapeList(shape)) {
    for (const s of shape) flattenShape(s, out);
    return out;
  }
  switch (shape.type) {
    case 'Polygon':
      out.push(flattenRings((shape as PolygonGeometry).coordinates));
      break;
    case 'MultiPolygon':
      for (const p of (shape as MultiPolygonGeometry).coordinates) out.push(flattenRings(p));
      break;
    case 'Feature': {
      const geometry = (shape as AreaFeature).geometry;
      if (geometry) flattenShape(geometry as AreaShape, out);
      break;
    }
    case 'FeatureCollection':
      for (const f of (shape as AreaFeatureCollection).features) flattenShape(f, out);
      break;
    default:
      throw new TypeError(`an area must be polygonal, got ${String((shape as { type?: unknown }).type)}`);
  }
  return out;
}

function isShapeList(shape: AreaShape): shape is readonly AreaShape[] {
  return Array.isArray(shape);
}

function flattenRings(rings: readonly (readonly Position[])[]): FlatPolygon {
  const out: FlatPolygon = [];
  for (const ring of rings) {
    let n = ring.length;
    const first = ring[0];
    const last = ring[n - 1];
    if (n > 1 && first && last && first[0] === last[0] && first[1] === last[1]) n--;
    if (n < 1) continue;
    const flat = new Float64Array(2 * n);
    for (let k = 0; k < n; k++) {
      const p = ring[k]!;
      const x = p[0];
      const y = p[1];
      if (typeof x !== 'number' || typeof y !== 'number' || !Number.isFinite(x) || !Number.isFinite(y)) {
        throw new TypeError('polygon coordinates must be finite [lon, lat] pairs');
      }
      flat[2 * k] = x;
      flat[2 * k + 1] = y;
    }
    out.push(flat);
  }
  return out;
}
