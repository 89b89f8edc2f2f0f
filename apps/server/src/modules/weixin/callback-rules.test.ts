import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { callbackSignature, parsePushed, pushKey, signatureMatches } from './callback-rules.js';

describe('callback signature', () => {
  it('matches WeChat’s published example and refuses any single-character change', () => {
    const token = 'weather2026';
    const q = { timestamp: '1732406400', nonce: '384729', signature: callbackSignature(token, '1732406400', '384729') };
    expect(signatureMatches(token, q)).toBe(true);
    const hex = '0123456789abcdef';
    for (let k = 0; k < q.signature.length; k++) {
      const other = hex[(hex.indexOf(q.signature[k]!) + 1) % 16]!;
      expect(signatureMatches(token, { ...q, signature: q.signature.slice(0, k) + other + q.signature.slice(k + 1) })).toBe(false);
    }
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 10 }), (tamper) => {
        fc.pre(tamper !== q.nonce);
        expect(signatureMatches(token, { ...q, nonce: tamper })).toBe(false);
      }),
    );
    expect(signatureMatches(token, { ...q, signature: '' })).toBe(false);
  });
});

describe('pushed XML', () => {
  it('reads a text message with a 64-bit MsgId kept as text', () => {
    const m = parsePushed(
      '<xml><ToUserName><![CDATA[gh_0123456789ab]]></ToUserName><FromUserName><![CDATA[oUser1]]></FromUserName><CreateTime>1732406400</CreateTime><MsgType><![CDATA[text]]></MsgType><Content><![CDATA[西安 天气]]></Content><MsgId>23456789012345678901</MsgId></xml>',
    );
    expect(m).toMatchObject({ FromUserName: 'oUser1', MsgType: 'text', Content: '西安 天气', MsgId: '23456789012345678901' });
    expect(pushKey(m!)).toBe('msg:23456789012345678901');
  });

  it('refuses a DOCTYPE or entity (XXE) and anything that is not a message', () => {
    expect(
      parsePushed(
        '<?xml version="1.0"?><!DOCTYPE xml [<!ENTITY x SYSTEM "file:///etc/passwd">]><xml><FromUserName>&x;</FromUserName><MsgType>text</MsgType></xml>',
      ),
    ).toBeNull();
    expect(parsePushed('<xml><a>1</a></xml>')).toBeNull();
    expect(parsePushed('not xml <<<')).toBeNull();
    // A lone entity reference is left as written, never expanded.
    expect(
      parsePushed(
        '<xml><FromUserName>&amp;o</FromUserName><MsgType>event</MsgType><Event>subscribe</Event><CreateTime>1</CreateTime></xml>',
      )?.FromUserName,
    ).toBe('&amp;o');
  });
});
