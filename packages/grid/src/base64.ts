// Standard base64 (RFC 4648, padded) for Uint8Array, without Buffer or btoa so it runs anywhere.
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const LOOKUP = new Int16Array(128).fill(-1);
for (let k = 0; k < ALPHABET.length; k++) LOOKUP[ALPHABET.charCodeAt(k)] = k;

export function bytesToBase64(bytes: Uint8Array): string {
  const parts: string[] = [];
  const chunk = new Array<string>(4096);
  let c = 0;
  for (let p = 0; p < bytes.length; p += 3) {
    const b0 = bytes[p]!;
    const b1 = p + 1 < bytes.length ? bytes[p + 1]! : 0;
    const b2 = p + 2 < bytes.length ? bytes[p + 2]! : 0;
    chunk[c++] = ALPHABET[b0 >> 2]!
      + ALPHABET[((b0 & 3) << 4) | (b1 >> 4)]!
      + (p + 1 < bytes.length ? ALPHABET[((b1 & 15) << 2) | (b2 >> 6)]! : '=')
      + (p + 2 < bytes.length ? ALPHABET[b2 & 63]! : '=');
    if (c === chunk.length) {
      parts.push(chunk.join(''));
      c = 0;
    }
  }
  parts.push(chunk.slice(0, c).join(''));
  return parts.join('');
}

export function base64ToBytes(text: string): Uint8Array {
  const clean = text.replace(/\s+/g, '');
  if (clean.length % 4 !== 0) throw new Error('base64 length must be a multiple of 4');
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  const out = new Uint8Array((clean.length / 4) * 3 - padding);
  const dataChars = clean.length - padding;
  const sextet = (p: number): number => {
    if (p >= dataChars) return 0;
    const ch = clean.charCodeAt(p);
    const v = ch < 128 ? LOOKUP[ch]! : -1;
    if (v < 0) throw new Error(`invalid base64 character at ${p}`);
    return v;
  };
  let o = 0;
  for (let p = 0; p < clean.length; p += 4) {
    const triple = (sextet(p) << 18) | (sextet(p + 1) << 12) | (sextet(p + 2) << 6) | sextet(p + 3);
    if (o < out.length) out[o++] = triple >> 16;
    if (o < out.length) out[o++] = (triple >> 8) & 255;
    if (o < out.length) out[o++] = triple & 255;
  }
  return out;
}
