// PNG chunks the server writes itself: the CRC-32 each chunk ends with, a chunk, and text chunks added to a PNG that
// another encoder wrote (the products' title, author and software: sharp writes none).

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

/** One chunk: length, type, data and CRC. */
export function pngChunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** A keyword and its text: tEXt when the text is Latin-1 (the chunk's only encoding), else uncompressed iTXt in UTF-8. */
function textChunk(keyword: string, text: string): Buffer {
  const key = Buffer.from(keyword, 'latin1');
  // eslint-disable-next-line no-control-regex
  if (/^[\u0001-\u00ff]*$/.test(text)) return pngChunk('tEXt', Buffer.concat([key, Buffer.from([0]), Buffer.from(text, 'latin1')]));
  // Keyword, NUL, compression flag and method 0, empty language tag and translated keyword (each NUL-ended), text.
  return pngChunk('iTXt', Buffer.concat([key, Buffer.from([0, 0, 0, 0, 0]), Buffer.from(text, 'utf8')]));
}

/** The PNG with text chunks put before its IEND (the last 12 bytes of a well-formed PNG). */
export function withTextChunks(png: Buffer, text: Record<string, string>): Buffer {
  const end = png.length - 12;
  if (end < 8 || png.toString('latin1', end + 4, end + 8) !== 'IEND') throw new Error('not a PNG ending in IEND');
  const chunks = Object.entries(text).map(([k, v]) => textChunk(k, v));
  return Buffer.concat([png.subarray(0, end), ...chunks, png.subarray(end)]);
}
