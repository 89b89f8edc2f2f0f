import fc from 'fast-check';
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

  it('any two-byte GBK character the platform decoder reads encodes back to the same bytes', () => {
    const { TextDecoder } = globalThis as unknown as { TextDecoder: new (label: string) => { decode(b: Uint8Array): string } };
    const decoder = new TextDecoder('gbk');
    fc.assert(
      fc.property(fc.integer({ min: 0x81, max: 0xfe }), fc.integer({ min: 0x40, max: 0xfe }), (lead, trail) => {
        fc.pre(trail !== 0x7f);
        const text = decoder.decode(Uint8Array.from([lead, trail]));
        // Private-use code points (user-defined areas) are mapped differently by GBK and GB18030 tables; no header uses them.
        fc.pre(text.length === 1 && text !== '\ufffd' && !(text >= '\ue000' && text <= '\uf8ff'));
        expect([...encodeGbk(text)]).toEqual([lead, trail]);
      }),
      { numRuns: 2000 },
    );
  });
});
