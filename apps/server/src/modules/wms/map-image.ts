import type { ColorMap, Grid } from '@agromet/grid';
import { renderWindPixels, type WindStyle } from './arrows.js';
import type { ContourLevels } from './contours.js';
import type { MapRequest } from './params.js';
import { encodeImage, renderGridPixels } from './render.js';

type ImageRequest = Pick<MapRequest, 'bbox' | 'crs' | 'width' | 'height' | 'style' | 'format' | 'transparent'>;

/** What a GetMap draws: a grid in its colours (any style) or wind symbols from speed and direction. */
export type MapImageTask =
  | { kind: 'grid'; grid: Grid; colormap: ColorMap; levels?: ContourLevels; request: ImageRequest }
  | { kind: 'wind'; speed: Grid; direction: Grid; style: WindStyle; request: ImageRequest };

/** Draws and encodes a GetMap image; the same on the request's thread and in the worker (renderer.ts). */
export async function drawMapImage(task: MapImageTask): Promise<Buffer> {
  const { request } = task;
  const pixels =
    task.kind === 'grid'
      ? await renderGridPixels(task.grid, task.colormap, request, request.style, task.levels)
      : renderWindPixels(task.speed, task.direction, request, task.style);
  // Line styles, mostly transparent, are packed in this thread (png.ts): contours as runs, wind symbols fast.
  const packing = task.kind === 'wind' ? 'fast' : request.style === 'contours' ? 'runs' : undefined;
  return encodeImage(pixels, request.width, request.height, request.format, request.transparent, packing);
}
