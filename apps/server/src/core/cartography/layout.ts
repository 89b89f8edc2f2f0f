import { PAPER_MM } from '@agromet/contracts';
import type { GridGeometry, MultiPolygonGeometry, PolygonGeometry, Position } from '@agromet/grid';
import { KM_PER_DEGREE } from './scale.js';

// The geometry of a map's page (docs/products.md#layout), in millimetres from the top-left corner: paper,
// frames, the map's projection (plate carrée with longitudes shrunk by the cosine of the middle latitude, as a
// provincial map reads), label points. Pure; the drawing is in compose.ts and the painters.

export type Paper = { size: 'A4' | 'A3'; orientation: 'portrait' | 'landscape' };

/** Height of one footer line (mm on A4). */
export const FOOTER_LINE = 4.4;

export function paperMm(p: Paper): { width: number; height: number } {
  const [w, h] = PAPER_MM[p.size];
  return p.orientation === 'landscape' ? { width: h, height: w } : { width: w, height: h };
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface PageLayout {
  page: { width: number; height: number };
  /** Scale of text and symbols: 1 on A4, larger on A3. */
  unit: number;
  outer: Rect;
  header: Rect;
  map: Rect;
  footer: Rect;
}

/** The page's frames; the footer holds `footerLines` lines of text (issuer and time, source, notes). */
export function pageLayout(p: Paper, footerLines = 2): PageLayout {
  const page = paperMm(p);
  const unit = p.size === 'A3' ? Math.SQRT2 : 1;
  const m = 8 * unit;
  const outer = { x: m, y: m, w: page.width - 2 * m, h: page.height - 2 * m };
  const headerH = 25 * unit;
  const footerH = (Math.max(1, footerLines) * FOOTER_LINE + 2.6) * unit;
  const pad = 4 * unit;
  const header = { x: outer.x, y: outer.y, w: outer.w, h: headerH };
  const map = { x: outer.x + pad, y: outer.y + headerH, w: outer.w - 2 * pad, h: outer.h - headerH - footerH };
  const footer = { x: outer.x, y: map.y + map.h, w: outer.w, h: footerH };
  return { page, unit, outer, header, map, footer };
}

export interface BBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

export interface Projection {
  /** Millimetres on paper per degree of latitude. */
  mmPerDegree: number;
  cosLat: number;
  lonC: number;
  latC: number;
  cx: number;
  cy: number;
  /** The lon/lat box the map frame shows (wider than asked on the side with room). */
  visible: BBox;
  x(lon: number): number;
  y(lat: number): number;
  lon(x: number): number;
  lat(y: number): number;
  /** Kilometres per millimetre of paper (along a meridian). */
  kmPerMm: number;
}

/** Fits `bbox` in the frame (keeping the aspect), centred; the frame shows whatever lies around it too. */
export function fitProjection(bbox: BBox, frame: Rect): Projection {
  const latC = (bbox.north + bbox.south) / 2;
  const lonC = (bbox.east + bbox.west) / 2;
  const cosLat = Math.cos((latC * Math.PI) / 180);
  const dLon = Math.max(bbox.east - bbox.west, 1e-6) * cosLat;
  const dLat = Math.max(bbox.north - bbox.south, 1e-6);
  const s = Math.min(frame.w / dLon, frame.h / dLat);
  const cx = frame.x + frame.w / 2;
  const cy = frame.y + frame.h / 2;
  const x = (lon: number) => cx + (lon - lonC) * cosLat * s;
  const y = (lat: number) => cy - (lat - latC) * s;
  const lon = (px: number) => lonC + (px - cx) / (cosLat * s);
  const lat = (py: number) => latC - (py - cy) / s;
  return {
    mmPerDegree: s,
    cosLat,
    lonC,
    latC,
    cx,
    cy,
    visible: { west: lon(frame.x), east: lon(frame.x + frame.w), north: lat(frame.y), south: lat(frame.y + frame.h) },
    x,
    y,
    lon,
    lat,
    kmPerMm: KM_PER_DEGREE / s,
  };
}

/**
 * The box of the cells that hold a class (`classes[k] !== 255`), with a margin of `marginShare` of its size on each
 * side; null when no cell has one.
 */
export function classBBox(g: GridGeometry, classes: Uint8Array, marginShare = 0.04): BBox | null {
  let i0 = g.nx;
  let i1 = -1;
  let j0 = g.ny;
  let j1 = -1;
  for (let j = 0; j < g.ny; j++) {
    const row = j * g.nx;
    for (let i = 0; i < g.nx; i++) {
      if (classes[row + i] === 255) continue;
      if (i < i0) i0 = i;
      if (i > i1) i1 = i;
      if (j < j0) j0 = j;
      if (j > j1) j1 = j;
    }
  }
  if (i1 < 0) return null;
  const lonA = g.lon0 + (i0 - 0.5) * g.dx;
  const lonB = g.lon0 + (i1 + 0.5) * g.dx;
  const latA = g.lat0 + (j0 - 0.5 * Math.sign(g.dy)) * g.dy;
  const latB = g.lat0 + (j1 + 0.5 * Math.sign(g.dy)) * g.dy;
  const box = { west: Math.min(lonA, lonB), east: Math.max(lonA, lonB), south: Math.min(latA, latB), north: Math.max(latA, latB) };
  const mx = (box.east - box.west) * marginShare;
  const my = (box.north - box.south) * marginShare;
  return { west: box.west - mx, east: box.east + mx, south: box.south - my, north: box.north + my };
}

type Ring = readonly Position[];

function ringArea(ring: Ring): number {
  let a = 0;
  for (let k = 0, n = ring.length; k < n; k++) {
    const p = ring[k]!;
    const q = ring[(k + 1) % n]!;
    a += p[0]! * q[1]! - q[0]! * p[1]!;
  }
  return a / 2;
}

/** Where a polygon's name goes: the centroid of its largest outer ring (by area). */
export function labelPoint(geometry: PolygonGeometry | MultiPolygonGeometry): [number, number] | null {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  let best: Ring | null = null;
  let bestArea = 0;
  for (const poly of polygons) {
    const outer = poly[0];
    if (!outer || outer.length < 3) continue;
    const a = Math.abs(ringArea(outer));
    if (a > bestArea) {
      bestArea = a;
      best = outer;
    }
  }
  if (!best) return null;
  const a = ringArea(best);
  if (a === 0) return [best[0]![0]!, best[0]![1]!];
  let cx = 0;
  let cy = 0;
  for (let k = 0, n = best.length; k < n; k++) {
    const p = best[k]!;
    const q = best[(k + 1) % n]!;
    const f = p[0]! * q[1]! - q[0]! * p[1]!;
    cx += (p[0]! + q[0]!) * f;
    cy += (p[1]! + q[1]!) * f;
  }
  return [cx / (6 * a), cy / (6 * a)];
}

export const overlaps = (a: Rect, b: Rect) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

export const inside = (r: Rect, x: number, y: number) => x >= r.x && x <= r.x + r.w && y >= r.y && y <= r.y + r.h;

/** The rings of a polygonal geometry in paper coordinates, with points closer than `minMm` dropped. */
export function projectRings(geometry: PolygonGeometry | MultiPolygonGeometry, proj: Projection, minMm = 0.15): number[][][] {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  const out: number[][][] = [];
  const v = proj.visible;
  const padLon = (v.east - v.west) * 0.05;
  const padLat = (v.north - v.south) * 0.05;
  for (const poly of polygons) {
    for (const ring of poly) {
      // Rings wholly outside the visible box are skipped.
      let w = Infinity;
      let e = -Infinity;
      let s = Infinity;
      let n = -Infinity;
      for (const p of ring) {
        if (p[0]! < w) w = p[0]!;
        if (p[0]! > e) e = p[0]!;
        if (p[1]! < s) s = p[1]!;
        if (p[1]! > n) n = p[1]!;
      }
      if (e < v.west - padLon || w > v.east + padLon || n < v.south - padLat || s > v.north + padLat) continue;
      const pts: number[][] = [];
      let lx = Number.NaN;
      let ly = Number.NaN;
      for (const p of ring) {
        const x = proj.x(p[0]!);
        const y = proj.y(p[1]!);
        if (Math.abs(x - lx) < minMm && Math.abs(y - ly) < minMm) continue;
        pts.push([x, y]);
        lx = x;
        ly = y;
      }
      if (pts.length >= 2) out.push(pts);
    }
  }
  return out;
}
