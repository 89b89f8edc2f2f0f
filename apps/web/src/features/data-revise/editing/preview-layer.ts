import type { ColorMap, Grid, Patch } from '@agromet/grid';
import { compileColorMap } from '@agromet/grid';
import type { Extent } from 'ol/extent';
import ImageLayer from 'ol/layer/Image';
import type { ProjectionLike } from 'ol/proj';
import { transform } from 'ol/proj';
import ImageCanvasSource from 'ol/source/ImageCanvas';
import ImageStatic from 'ol/source/ImageStatic';
import type { PatchSummary } from './revise-rules';

/**
 * The revised values of a patch's cells painted with the factor's colour map, as an image over
 * their box (unchanged cells transparent): the preview drawn over the product layer.
 */
export function previewCanvas(grid: Grid, patch: Patch, box: NonNullable<PatchSummary['box']>, colormap: ColorMap): HTMLCanvasElement {
  // A saved revision whose patch is the preview's (its digest confirmed) draws the very canvas the preview drew.
  const kept = drawn.get(patch);
  if (kept && kept.colormap === colormap && kept.nx === grid.nx && kept.dy === grid.dy && sameBox(kept.box, box)) return kept.canvas;
  const canvas = paintCells(grid, patch, box, colormap);
  drawn.set(patch, { colormap, nx: grid.nx, dy: grid.dy, box, canvas });
  return canvas;
}

/** The canvas drawn for a patch (a patch is never changed once made), while the patch is held. */
const drawn = new WeakMap<
  Patch,
  { colormap: ColorMap; nx: number; dy: number; box: NonNullable<PatchSummary['box']>; canvas: HTMLCanvasElement }
>();

const sameBox = (a: NonNullable<PatchSummary['box']>, b: NonNullable<PatchSummary['box']>) =>
  a.i0 === b.i0 && a.i1 === b.i1 && a.j0 === b.j0 && a.j1 === b.j1;

function paintCells(grid: Grid, patch: Patch, box: NonNullable<PatchSummary['box']>, colormap: ColorMap): HTMLCanvasElement {
  const width = box.i1 - box.i0 + 1;
  const height = box.j1 - box.j0 + 1;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return canvas;
  const image = ctx.createImageData(width, height);
  const paint = compileColorMap(colormap);
  // Rows of the image run north to south whatever the grid's row order.
  const northFirst = grid.dy < 0;
  for (let k = 0; k < patch.indices.length; k++) {
    const idx = patch.indices[k]!;
    const i = idx % grid.nx;
    const j = (idx - i) / grid.nx;
    const row = northFirst ? j - box.j0 : box.j1 - j;
    paint(patch.newValues[k]!, image.data, (row * width + (i - box.i0)) * 4);
  }
  ctx.putImageData(image, 0, 0);
  return canvas;
}

/** Lon/lat extent (cell edges) of a cell box. */
export function boxExtent(grid: Grid, box: NonNullable<PatchSummary['box']>): [number, number, number, number] {
  const lonA = grid.lon0 + (box.i0 - 0.5) * grid.dx;
  const lonB = grid.lon0 + (box.i1 + 0.5) * grid.dx;
  const latA = grid.lat0 + (box.j0 - 0.5) * grid.dy;
  const latB = grid.lat0 + (box.j1 + 0.5) * grid.dy;
  return [Math.min(lonA, lonB), Math.min(latA, latB), Math.max(lonA, lonB), Math.max(latA, latB)];
}

export function previewLayer(grid: Grid, patch: Patch, box: NonNullable<PatchSummary['box']>, colormap: ColorMap): ImageLayer<ImageStatic> {
  const canvas = previewCanvas(grid, patch, box, colormap);
  return new ImageLayer({
    source: new ImageStatic({
      url: canvas.toDataURL('image/png'),
      imageExtent: boxExtent(grid, box),
      projection: 'EPSG:4326',
      interpolate: false,
    }),
    zIndex: 15,
    opacity: 0.95,
    properties: { role: 'revision-preview' },
  });
}

/**
 * Where each row of a cell box's image lands on a map canvas covering `extent` at `resolution` (map units a pixel):
 * grid rows are parallels, so each row is a horizontal strip between its north and south edges in the map's
 * projection (Web Mercator stretches rows apart towards the pole; one strip per row keeps every cell exact).
 * Rows run north to south, as previewCanvas draws them.
 */
export function rowStrips(
  grid: Pick<Grid, 'lon0' | 'lat0' | 'dx' | 'dy'>,
  box: NonNullable<PatchSummary['box']>,
  view: { extent: Extent; resolution: number; pixelRatio: number; toMap: (lonLat: [number, number]) => number[] },
): Array<{ x: number; y: number; width: number; height: number }> {
  const [west, , east] = boxExtent(grid as Grid, box);
  const northFirst = grid.dy < 0;
  const scale = view.pixelRatio / view.resolution;
  const strips = [];
  for (let r = 0; r <= box.j1 - box.j0; r++) {
    const j = northFirst ? box.j0 + r : box.j1 - r;
    const latA = grid.lat0 + (j - 0.5) * grid.dy;
    const latB = grid.lat0 + (j + 0.5) * grid.dy;
    const [x0, yNorth] = view.toMap([west, Math.max(latA, latB)]);
    const [x1, ySouth] = view.toMap([east, Math.min(latA, latB)]);
    const x = (x0! - view.extent[0]!) * scale;
    const y = (view.extent[3]! - yNorth!) * scale;
    strips.push({ x, y, width: (x1! - x0!) * scale, height: (yNorth! - ySouth!) * scale });
  }
  return strips;
}

/**
 * A saved revision's cells drawn straight onto the map's canvas, row by row (rowStrips), whenever the view changes: no
 * image to encode and decode, so the new values show in the frame after the patch has arrived.
 */
export function freshCellsLayer(grid: Grid, patch: Patch, box: NonNullable<PatchSummary['box']>, colormap: ColorMap) {
  const cells = previewCanvas(grid, patch, box, colormap);
  const source = new ImageCanvasSource({
    ratio: 1,
    canvasFunction: (extent, resolution, pixelRatio, size, projection) => {
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(size[0]!);
      canvas.height = Math.round(size[1]!);
      const ctx = canvas.getContext('2d');
      if (!ctx) return canvas;
      ctx.imageSmoothingEnabled = false;
      const toMap = (lonLat: [number, number]) => transform(lonLat, 'EPSG:4326', projection as ProjectionLike);
      rowStrips(grid, box, { extent, resolution, pixelRatio, toMap }).forEach((s, r) =>
        ctx.drawImage(cells, 0, r, cells.width, 1, s.x, s.y, s.width, s.height),
      );
      return canvas;
    },
  });
  return new ImageLayer({ source, zIndex: 15, opacity: 0.95, properties: { role: 'revision-fresh' } });
}
