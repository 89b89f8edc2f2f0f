import { createHash, timingSafeEqual } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';

// WeChat's pushes (docs/weixin.md#callback): the signature over the sorted token, timestamp and nonce, and the XML of a
// message or event, read as plain elements: a document with a DOCTYPE or an entity declaration is refused outright
// (no entity is ever expanded), and values stay text (MsgId is a 64-bit number).

/** sha1 of the sorted, concatenated token, timestamp and nonce, in hex. */
export function callbackSignature(token: string, timestamp: string, nonce: string): string {
  return createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest('hex');
}

export function signatureMatches(token: string, q: { signature: string; timestamp: string; nonce: string }): boolean {
  const expected = Buffer.from(callbackSignature(token, q.timestamp, q.nonce));
  const given = Buffer.from(q.signature.toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A pushed message or event: WeChat's element names, every value as text. */
export type PushedMessage = Record<string, string>;

const parser = new XMLParser({ processEntities: false, parseTagValue: false, ignoreDeclaration: true, trimValues: true });

/** The message, or null when the body is not a WeChat message (or carries a DTD or entities). */
export function parsePushed(xml: string): PushedMessage | null {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) return null;
  let doc: unknown;
  try {
    doc = parser.parse(xml);
  } catch {
    return null;
  }
  const root = (doc as { xml?: unknown }).xml;
  if (!root || typeof root !== 'object') return null;
  const out: PushedMessage = {};
  for (const [k, v] of Object.entries(root as Record<string, unknown>))
    if (typeof v === 'string' || typeof v === 'number') out[k] = String(v);
  return out.FromUserName && out.MsgType ? out : null;
}

/** What makes a push unique: its MsgId, or sender, time and event for events (which have none). */
export function pushKey(m: PushedMessage): string {
  return m.MsgId ? `msg:${m.MsgId}` : `evt:${m.FromUserName}:${m.CreateTime ?? ''}:${m.Event ?? ''}:${m.MsgID ?? ''}`;
}
