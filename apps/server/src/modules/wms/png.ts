import zlib from 'node:zlib';

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

const CRC_TABLE = (() => {
  const table = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c;
  }
  return table;
})();

/** CRC-32 of bytes (the PNG chunks' check). */
export function crc32(bytes: Uint8Array): number {
  let c = -1;
  for (let k = 0; k < bytes.length; k++) c = CRC_TABLE[(c ^ bytes[k]!) & 0xff]! ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

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
