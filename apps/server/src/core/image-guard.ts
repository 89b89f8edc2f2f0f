import sharp from 'sharp';
import { errors } from './errors.js';

// The one dimension and pixel-count check of every uploaded picture (docs/security.md#uploads): the general upload,
// WeChat media, article attachments and pictures copied into articles. It reads only the header (nothing is decoded),
// so a 50 000 × 50 000 PNG of 2 MB, which would take gigabytes decoded, is refused at once on every path.

/** At most this many pixels, and this many a side. */
export const IMAGE_LIMITS = { maxPixels: 40_000_000, maxSide: 16_384 } as const;

/** Width and height from a BMP header (sharp reads no BMP): null when it is none. */
function bmpSize(b: Uint8Array): { width: number; height: number } | null {
  if (b.length < 26 || b[0] !== 0x42 || b[1] !== 0x4d) return null;
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  return { width: Math.abs(view.getInt32(18, true)), height: Math.abs(view.getInt32(22, true)) };
}

/** A picture's width and height from its header, or null when it cannot be read. */
export async function imageSize(bytes: Uint8Array): Promise<{ width: number; height: number; format: string } | null> {
  const bmp = bmpSize(bytes);
  if (bmp) return { ...bmp, format: 'bmp' };
  try {
    // No pixel limit here: only the header is read, and the size is judged below.
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (!meta.width || !meta.height || !meta.format) return null;
    return { width: meta.width, height: meta.height, format: meta.format };
  } catch {
    return null;
  }
}

/** Whether a picture of this size is refused. */
export function tooManyPixels(width: number, height: number): boolean {
  return width > IMAGE_LIMITS.maxSide || height > IMAGE_LIMITS.maxSide || width * height > IMAGE_LIMITS.maxPixels;
}

/**
 * Refuses a picture larger than IMAGE_LIMITS (4100 naming `field`, in the caller's language); answers its size, or
 * null when its header cannot be read (the caller decides whether that is an error).
 */
export async function guardImageSize(bytes: Uint8Array, field = 'file'): Promise<{ width: number; height: number; format: string } | null> {
  const size = await imageSize(bytes);
  if (size && tooManyPixels(size.width, size.height))
    throw errors.validation(field, 'image.tooManyPixels', {
      width: size.width,
      height: size.height,
      megapixels: IMAGE_LIMITS.maxPixels / 1_000_000,
      side: IMAGE_LIMITS.maxSide,
    });
  return size;
}
