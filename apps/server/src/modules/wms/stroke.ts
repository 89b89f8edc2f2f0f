// Helpers of the antialiased strokes drawn straight into a tile's pixels (contours.ts, arrows.ts).

/**
 * The columns of pixel row `j` whose centres may lie within `reach` of the segment (x0, y0)–(x1, y1), clipped to
 * [i0, i1]: those within `reach` of the segment's line, with a pixel to spare each side. A diagonal segment's bounding
 * box is mostly far from it; the pixels left out are all farther than `reach` from it.
 */
export function segmentRowSpan(
  j: number,
  i0: number,
  i1: number,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  reach: number,
): [number, number] {
  const dy = y1 - y0;
  if (dy === 0) return [i0, i1];
  const dx = x1 - x0;
  // The line's x at the row's centre, as a column index, and the half-width of the band around it.
  const centre = x0 + ((j + 0.5 - y0) * dx) / dy - 0.5;
  const half = (reach * Math.sqrt(dx * dx + dy * dy)) / Math.abs(dy);
  return [Math.max(i0, Math.floor(centre - half) - 1), Math.min(i1, Math.ceil(centre + half) + 1)];
}
