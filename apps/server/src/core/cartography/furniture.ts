import type { MapInput } from './input.js';
import type { Projection, Rect } from './layout.js';
import { INK, measureText, type Op } from './ops.js';
import { scaleBar } from './scale.js';
import { MAP_WORDS } from './words.js';

// The map's furniture (docs/products.md#furniture): the north arrow in the frame's upper right corner and the scale
// bar in its lower right corner. The bar is true along the meridians and along the map's middle parallel (the plate
// carrée shrinks longitudes by the cosine of that latitude), in kilometres.

/** The corners the arrow and the bar hold (labels keep off them). */
export function furnitureBoxes(frame: Rect, u: number): { arrowBox: Rect; scaleBox: Rect } {
  return {
    arrowBox: { x: frame.x + frame.w - 16 * u, y: frame.y + 3 * u, w: 13 * u, h: 19 * u },
    scaleBox: { x: frame.x + frame.w - 62 * u, y: frame.y + frame.h - 14 * u, w: 59 * u, h: 11 * u },
  };
}

/** Draws the north arrow and the scale bar (each unless switched off). */
export function furnitureOps(input: MapInput, proj: Projection, boxes: { arrowBox: Rect; scaleBox: Rect }, u: number, ops: Op[]): void {
  const lang = input.lang;
  const { arrowBox, scaleBox } = boxes;
  // North arrow.
  if (input.northArrow !== false) {
    const cx = arrowBox.x + arrowBox.w / 2;
    const top = arrowBox.y + 7 * u;
    const h = 12 * u;
    const w = 4.2 * u;
    ops.push({
      k: 'text',
      s: MAP_WORDS.north[lang],
      x: cx,
      y: arrowBox.y + 6 * u,
      size: 4.2 * u,
      bold: true,
      color: INK,
      align: 'center',
      halo: true,
    });
    ops.push({
      k: 'path',
      rings: [
        [
          [cx, top],
          [cx - w, top + h],
          [cx, top + h * 0.72],
        ],
      ],
      closed: true,
      fill: INK,
      stroke: INK,
      width: 0.2 * u,
    });
    ops.push({
      k: 'path',
      rings: [
        [
          [cx, top],
          [cx + w, top + h],
          [cx, top + h * 0.72],
        ],
      ],
      closed: true,
      fill: '#ffffff',
      stroke: INK,
      width: 0.2 * u,
    });
  }

  // Scale bar: four segments, alternately dark and white.
  if (input.scaleBar !== false) {
    const bar = scaleBar(proj.kmPerMm, 40 * u);
    const size = 2.6 * u;
    const endLabel = `${bar.km} ${MAP_WORDS.km[lang]}`;
    const endW = measureText(endLabel, size);
    const x0 = scaleBox.x + scaleBox.w - 3 * u - endW / 2 - bar.mm;
    const y0 = scaleBox.y + 6 * u;
    const segH = 1.6 * u;
    ops.push({ k: 'rect', x: x0 - 3 * u, y: scaleBox.y + 1 * u, w: bar.mm + endW / 2 + 5.5 * u, h: 8.5 * u, fill: '#ffffffd9' });
    for (let s = 0; s < 4; s++) {
      ops.push({
        k: 'rect',
        x: x0 + (s * bar.mm) / 4,
        y: y0,
        w: bar.mm / 4,
        h: segH,
        fill: s % 2 === 0 ? INK : '#ffffff',
        stroke: INK,
        width: 0.2 * u,
      });
    }
    ops.push({ k: 'text', s: '0', x: x0, y: y0 - 1 * u, size, color: INK, align: 'center' });
    ops.push({ k: 'text', s: String(bar.km / 2), x: x0 + bar.mm / 2, y: y0 - 1 * u, size, color: INK, align: 'center' });
    ops.push({ k: 'text', s: endLabel, x: x0 + bar.mm, y: y0 - 1 * u, size, color: INK, align: 'center' });
  }
}
