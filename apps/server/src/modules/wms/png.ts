import zlib from 'node:zlib';
import { pngChunk as chunk } from '../../core/png-chunks.js';

export { crc32 } from '../../core/png-chunks.js';

// PNG written in this thread with Node's zlib (RGBA, 8 bits, no filter): for the line styles (contours, arrows, barbs),
// whose tiles are mostly transparent, zlib's run-length or faster levels pack them in a fraction of the time sharp's
// level 6 takes, the pixels the same (docs/benchmarks.md#figures-wms-tiles-against-mapserver).

/** How a line style's pixels are deflated. */
export type PngPacking = 'runs' | 'fast';

const DEFLATE: Record<PngPacking, zlib.ZlibOptions> = {
  // Contours (thin lines and a few labels over transparency): run-length matches pack them smaller than level 6, 5× faster.
  runs: { level: 6, strategy: zlib.constants.Z_RLE },
  // Wind symbols (haloed strokes): level 4, about a tenth larger than level 6 and twice as fast.
  fast: { level: 4 },
};

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** RGBA pixels (straight alpha) as a PNG, each row unfiltered, deflated as the packing says. */
export function writePng(pixels: Uint8ClampedArray, width: number, height: number, packing: PngPacking): Buffer {
  const row = width * 4;
  const raw = Buffer.allocUnsafe((row + 1) * height);
  const src = Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength);
  for (let y = 0; y < height; y++) {
    raw[y * (row + 1)] = 0;
    src.copy(raw, y * (row + 1) + 1, y * row, (y + 1) * row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA; compression, filter and interlace methods 0
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw, DEFLATE[packing])),
    chunk('IEND', new Uint8Array(0)),
  ]);
}
