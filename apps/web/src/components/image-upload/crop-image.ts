import type { OutputFormat, Size } from './image-rules';

export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Loads an image from an object URL (rejects when the browser cannot decode it). */
export function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('image decode failed'));
    image.src = src;
  });
}

/** Draws the chosen area scaled to the output size and encodes it. */
export function cropToBlob(image: CanvasImageSource, area: PixelArea, output: Size, format: OutputFormat): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = output.width;
  canvas.height = output.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new Error('canvas unavailable'));
  if (format.background) {
    ctx.fillStyle = format.background;
    ctx.fillRect(0, 0, output.width, output.height);
  }
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, output.width, output.height);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('encode failed'))), format.mime, 0.92);
  });
}
