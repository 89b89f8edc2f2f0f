import { pointInArea } from '@agromet/grid';
import type { AreaGeometry, MapInput, MapOutput } from './input.js';
import { placeLabels, pointCandidates, type LabelItem } from './labels.js';
import { inside, labelPoint, type Projection, type Rect } from './layout.js';
import { circle, INK, measureText, RED, star, type Op } from './ops.js';
import { inMappedRegion, type MapPlace, type PlaceRank } from './places.js';

// The names on the map (docs/products.md#labels): places with their symbols (★ the provincial capital, ◎ prefecture
// cities, • other places and stations, each with its value when it has one) and area names (neighbouring provinces,
// the statistics layer's counties), placed by priority without overlaps (labels.ts).

const PRIORITY: Record<PlaceRank | 'province' | 'countyArea', number> = {
  capital: 0,
  prefecture: 1,
  province: 2,
  county: 3,
  countyArea: 4,
};

const SYMBOL_R: Record<PlaceRank, number> = { capital: 1.9, prefecture: 1.1, county: 0.7 };
const TEXT_SIZE: Record<PlaceRank, number> = { capital: 3.3, prefecture: 2.9, county: 2.5 };

/** A place's symbol: a red star, a double circle, or a dot. */
export function placeSymbolOps(rank: PlaceRank, x: number, y: number, u: number, ops: Op[]): void {
  const r = SYMBOL_R[rank] * u;
  if (rank === 'capital') ops.push({ k: 'path', rings: [star(x, y, r)], closed: true, fill: RED, stroke: '#ffffff', width: 0.2 * u });
  else if (rank === 'prefecture') {
    ops.push({ k: 'path', rings: [circle(x, y, r)], closed: true, fill: '#ffffff', stroke: INK, width: 0.25 * u });
    ops.push({ k: 'path', rings: [circle(x, y, r * 0.45)], closed: true, fill: INK });
  } else ops.push({ k: 'path', rings: [circle(x, y, r)], closed: true, fill: INK, stroke: '#ffffff', width: 0.2 * u });
}

type Label =
  | { kind: 'place'; place: MapPlace; x: number; y: number; size: number; nameW: number; textW: number }
  | { kind: 'area'; level: 'province' | 'county'; name: string; size: number; points: Array<[number, number]> };

/** Points of a lattice over the frame that fall inside an area, nearest to their mean first (at most `max`). */
function areaPoints(
  geometry: AreaGeometry,
  proj: Projection,
  frame: Rect,
  max: number,
): Array<{ x: number; y: number; lon: number; lat: number }> {
  const pts: Array<{ x: number; y: number; lon: number; lat: number }> = [];
  const nx = 28;
  const ny = 20;
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      const x = frame.x + ((i + 0.5) * frame.w) / nx;
      const y = frame.y + ((j + 0.5) * frame.h) / ny;
      const lon = proj.lon(x);
      const lat = proj.lat(y);
      if (pointInArea(lon, lat, geometry)) pts.push({ x, y, lon, lat });
    }
  }
  if (!pts.length) return pts;
  const mx = pts.reduce((s, p) => s + p.x, 0) / pts.length;
  const my = pts.reduce((s, p) => s + p.y, 0) / pts.length;
  return pts.sort((a, b) => (a.x - mx) ** 2 + (a.y - my) ** 2 - ((b.x - mx) ** 2 + (b.y - my) ** 2)).slice(0, max);
}

function bboxOverlapsVisible(geometry: AreaGeometry, proj: Projection): boolean {
  const v = proj.visible;
  const polys = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  for (const poly of polys)
    for (const p of poly[0] ?? []) if (p[0]! >= v.west && p[0]! <= v.east && p[1]! >= v.south && p[1]! <= v.north) return true;
  return false;
}

/** The places the input names: its places, and its stations as county-level places unless ranked. */
export const inputPlaces = (input: MapInput): MapPlace[] => [
  ...(input.places ?? []),
  ...(input.stations ?? []).map((s) => ({ ...s, rank: s.rank ?? ('county' as const) })),
];

/** Places and area names placed and drawn (inside the frame's clip); answers what was drawn and what was left out. */
export function labelOps(
  input: MapInput,
  proj: Projection,
  frame: Rect,
  u: number,
  blocked: readonly Rect[],
  ops: Op[],
): { labels: MapOutput['labels']; dropped: string[] } {
  const items: LabelItem<Label>[] = [];
  const gap = 0.6 * u;
  for (const place of inputPlaces(input)) {
    const x = proj.x(place.lon);
    const y = proj.y(place.lat);
    if (!inside(frame, x, y)) continue;
    const size = TEXT_SIZE[place.rank] * u;
    const bold = place.rank === 'capital';
    const nameW = measureText(place.value !== undefined ? `${place.name} ` : place.name, size, bold);
    const textW = nameW + (place.value !== undefined ? measureText(place.value, size, true) : 0);
    const all = pointCandidates(x, y, SYMBOL_R[place.rank] * u, textW, size * 1.2, gap);
    const inFrame = all.filter((c) =>
      c.every((r) => r.x >= frame.x && r.y >= frame.y && r.x + r.w <= frame.x + frame.w && r.y + r.h <= frame.y + frame.h),
    );
    // The capital keeps its positions even where its name would cross the frame (the frame clips it): it is always drawn.
    const candidates = inFrame.length || place.rank !== 'capital' ? inFrame : all;
    if (!candidates.length) continue;
    items.push({
      priority: PRIORITY[place.rank],
      force: place.rank === 'capital',
      candidates,
      data: { kind: 'place', place, x, y, size, nameW, textW },
    });
  }
  if (input.boundaryLabels !== false) {
    const cells = input.regionCells;
    const mapped = {
      geometry: input.geometry,
      classes: cells ? Uint8Array.from(cells, (c) => (c ? 0 : 255)) : input.classes,
      outline: input.regionOutline,
    };
    for (const b of input.boundaries ?? []) {
      if (!b.name || !bboxOverlapsVisible(b.geometry, proj)) continue;
      const size = (b.level === 'province' ? 3 : 2.55) * u;
      const w = measureText(b.name, size);
      const h = size * 1.3;
      let points: Array<[number, number]>;
      if (b.level === 'province') {
        const pts = areaPoints(b.geometry, proj, frame, 40);
        if (!pts.length) continue;
        // The mapped province itself is named by the title: only its neighbours are named on the map.
        const inMapped = pts.filter((p) => inMappedRegion(mapped, p.lon, p.lat)).length;
        if (inMapped >= pts.length / 2) continue;
        const outside = pts.filter((p) => !inMappedRegion(mapped, p.lon, p.lat));
        points = outside.slice(0, 8).map((p) => [p.x, p.y]);
      } else {
        const c = labelPoint(b.geometry);
        points = c ? [[proj.x(c[0]), proj.y(c[1])]] : [];
      }
      const candidates = points
        .map(([x, y]) => [{ x: x - w / 2, y: y - h / 2, w, h }])
        .filter(([r]) => r!.x >= frame.x && r!.y >= frame.y && r!.x + r!.w <= frame.x + frame.w && r!.y + r!.h <= frame.y + frame.h);
      if (!candidates.length) continue;
      items.push({
        priority: b.level === 'province' ? PRIORITY.province : PRIORITY.countyArea,
        candidates,
        data: { kind: 'area', level: b.level, name: b.name, size, points },
      });
    }
  }

  const { placed, dropped } = placeLabels(items, blocked);
  const labels: MapOutput['labels'] = [];
  // Area names first (under the places), then the places' symbols and texts.
  for (const p of placed) {
    const d = p.item.data;
    if (d.kind !== 'area') continue;
    const r = p.rects[0]!;
    ops.push({
      k: 'text',
      s: d.name,
      x: r.x + r.w / 2,
      y: r.y + r.h / 2 + d.size * 0.36,
      size: d.size,
      color: d.level === 'province' ? '#3b3b3b' : '#5c5c5c',
      align: 'center',
      halo: true,
    });
    labels.push({ text: d.name, kind: 'area', x: r.x + r.w / 2, y: r.y + r.h / 2 });
  }
  for (const p of placed) {
    const d = p.item.data;
    if (d.kind !== 'place') continue;
    placeSymbolOps(d.place.rank, d.x, d.y, u, ops);
    const box = p.rects[1]!;
    const baseline = box.y + box.h / 2 + d.size * 0.36;
    const bold = d.place.rank === 'capital';
    ops.push({
      k: 'text',
      s: d.place.name,
      x: box.x,
      y: baseline,
      size: d.size,
      bold,
      color: d.place.rank === 'capital' ? RED : INK,
      halo: true,
    });
    if (d.place.value !== undefined) {
      ops.push({ k: 'text', s: d.place.value, x: box.x + d.nameW, y: baseline, size: d.size, bold: true, color: '#0b3d91', halo: true });
    }
    labels.push({ text: d.place.name, kind: d.place.rank, x: d.x, y: d.y });
  }
  return { labels, dropped: dropped.map((d) => (d.data.kind === 'place' ? d.data.place.name : d.data.name)) };
}
