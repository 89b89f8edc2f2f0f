import { describe, expect, it } from 'vitest';
import { decodeText, encodeGbk, encodeUtf8 } from './text.js';

describe('text encodings', () => {
  it('decodes UTF-8 when the bytes are valid UTF-8', () => {
    expect(decodeText(encodeUtf8('diamond 4 河南 2米气温'))).toEqual({ text: 'diamond 4 河南 2米气温', encoding: 'utf-8' });
  });

  it('falls back to GB18030 for GBK bytes', () => {
    // 河南 in GBK: BA D3 C4 CF
    const bytes = Uint8Array.from([0x64, 0x20, 0xba, 0xd3, 0xc4, 0xcf]);
    expect(decodeText(bytes)).toEqual({ text: 'd 河南', encoding: 'gb18030' });
  });

  it('encodes GBK, round-tripping through the decoder', () => {
    expect([...encodeGbk('河南')]).toEqual([0xba, 0xd3, 0xc4, 0xcf]);
    const text = 'diamond 4 2024年06月15日08时 河南省 2米气温 (℃) 最高·最低';
    expect(decodeText(encodeGbk(text)).text).toBe(text);
    expect(() => encodeGbk('😀')).toThrow(/no GBK encoding/);
  });
});
