import type { GridGeometry } from '@agromet/grid';
import ImageLayer from 'ol/layer/Image';
import ImageStatic from 'ol/source/ImageStatic';
import { useEffect } from 'react';
import { useConsoleMap } from '../../../components/map/map-context';
import { classPixels, gridExtent } from './class-image';

/** Classes of a grid to draw on the map, each in its colour. */
export interface ClassImage {
  classes: Uint8Array;
  geometry: GridGeometry;
  colors: readonly string[];
}

/** A class grid as a canvas, one pixel per cell, north up. */
export function classCanvas(image: ClassImage): HTMLCanvasElement {
  const { nx, ny } = image.geometry;
  const canvas = document.createElement('canvas');
  canvas.width = nx;
  canvas.height = ny;
  const ctx = canvas.getContext('2d');
  if (ctx) ctx.putImageData(new ImageData(classPixels(image.classes, image.geometry, image.colors), nx, ny), 0, 0);
  return canvas;
}

/** Draws a class grid computed in the browser over the map (the criterion editor's preview); none when null. */
export function useClassLayer(image: ClassImage | null, opacity = 0.85): void {
  const map = useConsoleMap();
  useEffect(() => {
    if (!map || !image) return;
    const canvas = classCanvas(image);
    const layer = new ImageLayer({
      source: new ImageStatic({
        url: canvas.toDataURL('image/png'),
        imageExtent: gridExtent(image.geometry),
        projection: 'EPSG:4326',
        interpolate: false,
      }),
      zIndex: 12,
      opacity,
      properties: { role: 'zoning-preview' },
    });
    map.addLayer(layer);
    return () => {
      map.removeLayer(layer);
    };
  }, [map, image, opacity]);
}
