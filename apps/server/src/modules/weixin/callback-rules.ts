import { createHash, timingSafeEqual } from 'node:crypto';
import type { WxEncryptMode } from '@agromet/contracts';
import { XMLParser } from 'fast-xml-parser';
import { msgSignatureMatches, openMessage, WxCryptError } from './callback-crypto.js';

// WeChat's pushes (docs/weixin.md#callback): the signature over the sorted token, timestamp and nonce, and the XML of a
// message or event, read as plain elements: a document with a DOCTYPE or an entity declaration is refused outright
// (no entity is ever expanded), and values stay text (MsgId is a 64-bit number).

/** sha1 of the sorted, concatenated token, timestamp and nonce, in hex. */
export function callbackSignature(token: string, timestamp: string, nonce: string): string {
  return createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest('hex');
}

/** How far a callback's timestamp may be from the server's clock, either way. */
export const CALLBACK_WINDOW_SECONDS = 300;

/**
 * Whether a callback's timestamp (seconds since the epoch, digits only) is within the window of `nowMs`: a signature
 * proves who made it, the window bounds how long it is good for.
 */
export function timestampFresh(timestamp: string, nowMs: number, windowSeconds = CALLBACK_WINDOW_SECONDS): boolean {
  if (!/^\d{1,12}$/.test(timestamp)) return false;
  return Math.abs(Number(timestamp) - nowMs / 1000) <= windowSeconds;
}

/**
 * What a callback's replay guard records: its timestamp, nonce and signature (msg_signature in safe mode), hashed to a
 * fixed length. Each is accepted once while its timestamp is in the window.
 */
export function replayKey(q: { timestamp: string; nonce: string; signature: string }): string {
  return createHash('sha256').update(`${q.timestamp}\n${q.nonce}\n${q.signature.toLowerCase()}`).digest('hex');
}

/** How long a replay key must be kept: until its timestamp has left the window (a second more), at least a second. */
export function replayTtlMs(timestamp: string, nowMs: number, windowSeconds = CALLBACK_WINDOW_SECONDS): number {
  const leaves = (Number(timestamp) + windowSeconds) * 1000;
  return Math.max(1000, leaves - nowMs + 1000);
}

export function signatureMatches(token: string, q: { signature: string; timestamp: string; nonce: string }): boolean {
  const expected = Buffer.from(callbackSignature(token, q.timestamp, q.nonce));
  const given = Buffer.from(q.signature.toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A pushed message or event: WeChat's element names, every value as text. */
export type PushedMessage = Record<string, string>;

const parser = new XMLParser({ processEntities: false, parseTagValue: false, ignoreDeclaration: true, trimValues: true });

/** The elements of a WeChat XML document, every value as text; null when it is not one (or carries a DTD or entities). */
export function parseXmlFields(xml: string): PushedMessage | null {
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
  return out;
}

/** The message, or null when the body is not a WeChat message (or carries a DTD or entities). */
export function parsePushed(xml: string): PushedMessage | null {
  const out = parseXmlFields(xml);
  return out?.FromUserName && out.MsgType ? out : null;
}

/** What makes a push unique: its MsgId, or sender, time and event for events (which have none). */
export function pushKey(m: PushedMessage): string {
  return m.MsgId ? `msg:${m.MsgId}` : `evt:${m.FromUserName}:${m.CreateTime ?? ''}:${m.Event ?? ''}:${m.MsgID ?? ''}`;
}

/** The query WeChat signs a callback with. */
export interface CallbackQuery {
  signature: string;
  timestamp: string;
  nonce: string;
  /** Compatible and safe modes: the signature over the token, timestamp, nonce and <Encrypt>. */
  msg_signature?: string;
}

/** What an account's callback is checked with (opened secrets: never logged, never answered). */
export interface CallbackKeys {
  token: string;
  appId: string;
  mode: WxEncryptMode;
  /** The EncodingAESKey; '' when none is stored. */
  aesKey: string;
}

/** Why a callback was refused. */
export type CallbackRefusal = 'stale' | 'signature' | 'encryptMissing' | 'cipher' | 'appId' | 'xml';

export type OpenedPush =
  | {
      ok: true;
      message: PushedMessage;
      /** The signature the push was accepted on (msg_signature when encrypted): what the replay guard records. */
      signature: string;
      /** Whether it came encrypted (the reply is sealed the same way). */
      encrypted: boolean;
    }
  | { ok: false; refusal: CallbackRefusal };

/** A server check (GET): a fresh timestamp and the plain signature, in every mode. */
export function checkServerCheck(token: string, q: CallbackQuery, nowMs: number): CallbackRefusal | null {
  if (!timestampFresh(q.timestamp, nowMs)) return 'stale';
  return signatureMatches(token, q) ? null : 'signature';
}

/**
 * A push checked as the account's mode says, before anything is recorded: the timestamp within the window, then in
 * plaintext mode the signature over token, timestamp and nonce and the XML as sent; in compatible and safe modes the
 * <Encrypt> element (the plain fields beside it, in compatible mode, are ignored: nothing signs them), its
 * msg_signature, its decryption and the AppID inside it, and the XML it holds.
 */
export function openPush(keys: CallbackKeys, q: CallbackQuery, body: unknown, nowMs: number): OpenedPush {
  const refuse = (refusal: CallbackRefusal): OpenedPush => ({ ok: false, refusal });
  if (!timestampFresh(q.timestamp, nowMs)) return refuse('stale');
  if (keys.mode === 'plain') {
    if (!signatureMatches(keys.token, q)) return refuse('signature');
    const message = typeof body === 'string' ? parsePushed(body) : null;
    return message ? { ok: true, message, signature: q.signature, encrypted: false } : refuse('xml');
  }
  const envelope = typeof body === 'string' ? parseXmlFields(body) : null;
  if (!envelope) return refuse('xml');
  const encrypted = envelope.Encrypt;
  if (!encrypted) return refuse('encryptMissing');
  const given = q.msg_signature ?? '';
  if (!msgSignatureMatches(keys.token, q, encrypted, given)) return refuse('signature');
  let inner: string;
  try {
    inner = openMessage(keys.aesKey, keys.appId, encrypted);
  } catch (error) {
    return refuse(error instanceof WxCryptError && error.reason === 'appId' ? 'appId' : 'cipher');
  }
  const message = parsePushed(inner);
  return message ? { ok: true, message, signature: given, encrypted: true } : refuse('xml');
}
