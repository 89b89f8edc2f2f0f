import type { ColorMap, Grid, Patch } from '@agromet/grid';
import { compileColorMap } from '@agromet/grid';
import ImageLayer from 'ol/layer/Image';
import ImageStatic from 'ol/source/ImageStatic';
import type { PatchSummary } from './revise-rules';

/**
 * The revised values of a patch's cells painted with the factor's colour map, as an image over
 * their box (unchanged cells transparent): the preview drawn over the product layer.
 */
export function previewCanvas(grid: Grid, patch: Patch, box: NonNullable<PatchSummary['box']>, colormap: ColorMap): HTMLCanvasElement {
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
