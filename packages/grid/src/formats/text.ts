import iconv from 'iconv-lite';

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

/**
 * GBK encoding (code page 936, two bytes per Chinese character), the encoding MICAPS software on Windows expects,
 * through iconv-lite. Characters outside GBK are refused rather than written as '?'.
 */
export function encodeGbk(text: string): Uint8Array {
  const bytes = iconv.encode(text, 'gbk');
  if (iconv.decode(bytes, 'gbk') !== text) {
    const bad = [...text].find((ch) => iconv.decode(iconv.encode(ch, 'gbk'), 'gbk') !== ch) ?? '?';
    throw new RangeError(`character ${JSON.stringify(bad)} has no GBK encoding`);
  }
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
