import { parseColor } from '@agromet/grid';
import type { MapInput, MapOutput } from './input.js';
import type { Rect } from './layout.js';
import { GREY, INK, measureText, type Op } from './ops.js';
import type { PlaceRank } from './places.js';
import { placeSymbolOps } from './place-labels.js';
import { MAP_WORDS, type MapLang } from './words.js';

// The legend (docs/products.md#legend), in the map frame's lower left corner: "图例", the element with its unit in the
// document's notation ("降水量（mm）", "Precipitation (mm)"), one swatch per class with its label (and a detail line,
// a zoning class's area), an optional footnote, then the symbols of the places drawn.

const isBlank = (color: string) => parseColor(color)[3] === 0;

export const legendEntries = (input: MapInput) =>
  input.legend.classes.map((c, classIndex) => ({ ...c, classIndex })).filter((c) => !isBlank(c.color));

export const legendTitle = (input: MapInput) => {
  const { title, unit } = input.legend;
  if (!unit) return title;
  return input.lang === 'zh' ? `${title}（${unit}）` : `${title} (${unit})`;
};

interface Metrics {
  titleSize: number;
  labelSize: number;
  detailSize: number;
  rowH: number;
  symbolRowH: number;
}

function metrics(input: MapInput, frame: Rect, u: number, symbols: number): Metrics {
  const entries = legendEntries(input);
  const detail = entries.some((e) => e.detail);
  const natural = detail ? 8 * u : 5.6 * u;
  const room = frame.h * 0.7 - 15 * u - symbols * 4.6 * u - (input.legend.footnote ? 5 * u : 0);
  return {
    titleSize: 3.2 * u,
    labelSize: 2.9 * u,
    detailSize: 2.4 * u,
    rowH: Math.max(3 * u, Math.min(natural, room / Math.max(entries.length, 1))),
    symbolRowH: 4.6 * u,
  };
}

export interface LegendLayout {
  box: Rect;
  m: Metrics;
}

/** The legend's box: wide enough for its longest line, as tall as its rows. */
export function legendLayout(input: MapInput, frame: Rect, u: number, ranks: readonly PlaceRank[]): LegendLayout {
  const entries = legendEntries(input);
  const m = metrics(input, frame, u, ranks.length);
  const words = ranks.map((r) => MAP_WORDS[r][input.lang]);
  const w =
    Math.max(
      measureText(MAP_WORDS.legend[input.lang], m.titleSize, true),
      measureText(legendTitle(input), m.labelSize),
      ...entries.map((e) => 9 * u + Math.max(measureText(e.label, m.labelSize), e.detail ? measureText(e.detail, m.detailSize) : 0)),
      input.legend.footnote ? measureText(input.legend.footnote, m.detailSize) : 0,
      ...words.map((s) => 9 * u + measureText(s, m.labelSize)),
    ) +
    6 * u;
  const h =
    13 * u +
    m.rowH * entries.length +
    (input.legend.footnote ? 5 * u : 0) +
    (ranks.length ? 1.5 * u + m.symbolRowH * ranks.length : 0) +
    2 * u;
  return { box: { x: frame.x + 3 * u, y: frame.y + frame.h - h - 3 * u, w, h }, m };
}

/** Draws the legend in `box`; answers where each class's swatch went. */
export function legendOps(
  input: MapInput,
  { box, m }: LegendLayout,
  u: number,
  ranks: readonly PlaceRank[],
  ops: Op[],
): MapOutput['swatches'] {
  const lang: MapLang = input.lang;
  const entries = legendEntries(input);
  ops.push({ k: 'rect', ...box, fill: '#ffffff', stroke: INK, width: 0.25 * u });
  ops.push({
    k: 'text',
    s: MAP_WORDS.legend[lang],
    x: box.x + box.w / 2,
    y: box.y + 5 * u,
    size: m.titleSize,
    bold: true,
    color: INK,
    align: 'center',
  });
  ops.push({ k: 'text', s: legendTitle(input), x: box.x + 3 * u, y: box.y + 10.5 * u, size: m.labelSize, color: GREY });
  const swatches: MapOutput['swatches'] = [];
  entries.forEach((e, k) => {
    const y = box.y + 13 * u + k * m.rowH;
    const sw = { x: box.x + 3 * u, y: y + m.rowH * 0.12, w: 7 * u, h: m.rowH * 0.76 };
    ops.push({ k: 'rect', ...sw, fill: e.color.slice(0, 7), stroke: '#6e7781', width: 0.15 * u });
    if (e.detail) {
      ops.push({ k: 'text', s: e.label, x: sw.x + sw.w + 2 * u, y: y + m.rowH * 0.45, size: m.labelSize, color: INK });
      ops.push({
        k: 'text',
        s: e.detail,
        x: sw.x + sw.w + 2 * u,
        y: y + m.rowH * 0.45 + m.detailSize * 1.2,
        size: m.detailSize,
        color: GREY,
      });
    } else {
      ops.push({ k: 'text', s: e.label, x: sw.x + sw.w + 2 * u, y: y + m.rowH * 0.5 + m.labelSize * 0.36, size: m.labelSize, color: INK });
    }
    swatches.push({ classIndex: e.classIndex, ...sw });
  });
  let y = box.y + 13 * u + entries.length * m.rowH;
  if (input.legend.footnote) {
    ops.push({ k: 'text', s: input.legend.footnote, x: box.x + 3 * u, y: y + 3.6 * u, size: m.detailSize, color: GREY });
    y += 5 * u;
  }
  if (ranks.length) {
    y += 1.5 * u;
    ops.push({
      k: 'path',
      rings: [
        [
          [box.x + 3 * u, y - 0.8 * u],
          [box.x + box.w - 3 * u, y - 0.8 * u],
        ],
      ],
      closed: false,
      stroke: '#d0d7de',
      width: 0.15 * u,
    });
    for (const r of ranks) {
      placeSymbolOps(r, box.x + 6.5 * u, y + m.symbolRowH / 2, u, ops);
      ops.push({
        k: 'text',
        s: MAP_WORDS[r][lang],
        x: box.x + 12 * u,
        y: y + m.symbolRowH / 2 + m.labelSize * 0.36,
        size: m.labelSize,
        color: INK,
      });
      y += m.symbolRowH;
    }
  }
  return swatches;
}
