import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encryptMessage, msgSignature } from './callback-crypto.js';
import {
  callbackSignature,
  openPush,
  parsePushed,
  pushKey,
  replayKey,
  replayTtlMs,
  signatureMatches,
  timestampFresh,
  type CallbackKeys,
} from './callback-rules.js';

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

describe('callback timestamps and replay keys', () => {
  const now = Date.UTC(2026, 10, 28, 5, 0, 0);
  const at = (ms: number) => String(Math.floor(ms / 1000));

  it('takes a timestamp within 5 minutes either way, and nothing from 2001 or that is not a number', () => {
    expect(timestampFresh(at(now), now)).toBe(true);
    expect(timestampFresh(at(now - 300_000), now)).toBe(true);
    expect(timestampFresh(at(now + 300_000), now)).toBe(true);
    expect(timestampFresh(at(now - 301_000), now)).toBe(false);
    expect(timestampFresh(at(now + 301_000), now)).toBe(false);
    expect(timestampFresh(at(Date.UTC(2001, 8, 9)), now)).toBe(false);
    for (const bad of ['', 'abc', '1e9', '-1', ' 1764309600', '1764309600.5', '9'.repeat(13)]) expect(timestampFresh(bad, now)).toBe(false);
  });

  it('keys a call by timestamp, nonce and signature, kept until the timestamp leaves the window', () => {
    const q = { timestamp: at(now), nonce: 'n1', signature: 'ABCDEF' };
    expect(replayKey(q)).toMatch(/^[0-9a-f]{64}$/);
    expect(replayKey(q)).toBe(replayKey({ ...q, signature: 'abcdef' }));
    expect(replayKey(q)).not.toBe(replayKey({ ...q, nonce: 'n2' }));
    // Field boundaries count: "1"+"23" is not "12"+"3".
    expect(replayKey({ timestamp: '1', nonce: '23', signature: 'x' })).not.toBe(replayKey({ timestamp: '12', nonce: '3', signature: 'x' }));
    expect(replayTtlMs(at(now), now)).toBe(301_000);
    expect(replayTtlMs(at(now + 300_000), now)).toBe(601_000);
    expect(replayTtlMs(at(now - 300_000), now)).toBe(1000);
  });
});

describe('opening a push by the account’s mode', () => {
  const now = Date.UTC(2026, 10, 28, 5, 0, 0);
  const timestamp = String(now / 1000);
  const nonce = 'abc123';
  const aesKey = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
  const keys = (mode: CallbackKeys['mode']): CallbackKeys => ({ token: 'tok123', appId: 'wx0123456789abcdef', mode, aesKey });
  const xml =
    '<xml><ToUserName><![CDATA[gh_0123456789ab]]></ToUserName><FromUserName><![CDATA[oFan]]></FromUserName><CreateTime>1</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[subscribe]]></Event></xml>';
  const plainQ = { timestamp, nonce, signature: callbackSignature('tok123', timestamp, nonce) };
  const sealed = (appId = 'wx0123456789abcdef') => {
    const encrypted = encryptMessage(aesKey, appId, xml);
    return { encrypted, q: { ...plainQ, msg_signature: msgSignature('tok123', timestamp, nonce, encrypted) } };
  };

  it('plaintext: the signature and the XML as sent; a stale timestamp is refused before anything else', () => {
    expect(openPush(keys('plain'), plainQ, xml, now)).toMatchObject({ ok: true, encrypted: false, message: { FromUserName: 'oFan' } });
    expect(openPush(keys('plain'), { ...plainQ, signature: '0'.repeat(40) }, xml, now)).toEqual({ ok: false, refusal: 'signature' });
    expect(openPush(keys('plain'), plainQ, xml, now + 400_000)).toEqual({ ok: false, refusal: 'stale' });
    expect(openPush(keys('plain'), plainQ, '<xml><a>1</a></xml>', now)).toEqual({ ok: false, refusal: 'xml' });
  });

  it('safe: only <Encrypt> under msg_signature, for this AppID', () => {
    const { encrypted, q } = sealed();
    const body = `<xml><ToUserName><![CDATA[gh_0123456789ab]]></ToUserName><Encrypt><![CDATA[${encrypted}]]></Encrypt></xml>`;
    expect(openPush(keys('safe'), q, body, now)).toMatchObject({ ok: true, encrypted: true, signature: q.msg_signature });
    expect(openPush(keys('safe'), { ...q, msg_signature: undefined }, body, now)).toEqual({ ok: false, refusal: 'signature' });
    expect(openPush(keys('safe'), q, xml, now)).toEqual({ ok: false, refusal: 'encryptMissing' });
    const foreign = sealed('wx9999999999999999');
    const foreignBody = `<xml><Encrypt><![CDATA[${foreign.encrypted}]]></Encrypt></xml>`;
    expect(openPush(keys('safe'), foreign.q, foreignBody, now)).toEqual({ ok: false, refusal: 'appId' });
    expect(openPush({ ...keys('safe'), aesKey: '' }, q, body, now)).toEqual({ ok: false, refusal: 'cipher' });
  });
});
