// Text decoding and encoding for the formats, through the platform's TextDecoder (browsers and
// Node with full ICU decode GB18030), reached via globalThis so that no DOM or Node typings are needed.
interface TextDecoderLike {
  decode(input: Uint8Array): string;
}

interface TextCodecs {
  TextDecoder: new (label: string, options?: { fatal?: boolean }) => TextDecoderLike;
  TextEncoder: new () => { encode(text: string): Uint8Array };
}

const codecs = globalThis as unknown as TextCodecs;

export type TextEncoding = 'utf-8' | 'gb18030';

/** Strict UTF-8 first (a GBK file is almost never valid UTF-8), then GB18030, a superset of GBK. */
export function decodeText(bytes: Uint8Array): { text: string; encoding: TextEncoding } {
  try {
    return { text: new codecs.TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new codecs.TextDecoder('gb18030').decode(bytes), encoding: 'gb18030' };
  }
}

export function encodeUtf8(text: string): Uint8Array {
  return new codecs.TextEncoder().encode(text);
}

let gbkTable: Map<number, number> | null = null;

/**
 * GBK (two-byte GB18030) encoding, the encoding MICAPS software on Windows expects. The table is
 * derived once from the platform's GB18030 decoder; characters outside GBK are refused.
 */
export function encodeGbk(text: string): Uint8Array {
  const table = (gbkTable ??= buildGbkTable());
  const out: number[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code < 0x80) {
      out.push(code);
      continue;
    }
    const bytes = table.get(code);
    if (bytes === undefined) throw new RangeError(`character ${JSON.stringify(ch)} has no GBK encoding`);
    out.push(bytes >> 8, bytes & 0xff);
  }
  return Uint8Array.from(out);
}

function buildGbkTable(): Map<number, number> {
  const decoder = new codecs.TextDecoder('gb18030');
  const table = new Map<number, number>();
  const pair = new Uint8Array(2);
  for (let lead = 0x81; lead <= 0xfe; lead++) {
    for (let trail = 0x40; trail <= 0xfe; trail++) {
      if (trail === 0x7f) continue;
      pair[0] = lead;
      pair[1] = trail;
      const decoded = decoder.decode(pair);
      const code = decoded.codePointAt(0)!;
      if (decoded.length === 1 && code !== 0xfffd && !table.has(code)) table.set(code, (lead << 8) | trail);
    }
  }
  return table;
}
