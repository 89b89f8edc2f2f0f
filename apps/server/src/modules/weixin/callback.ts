import { randomBytes } from 'node:crypto';
import { ErrorCode, type WxEncryptMode } from '@agromet/contracts';
import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';
import { AppError, errors } from '../../core/errors.js';
import type { MessageKey } from '../../core/messages.js';
import { encryptedReplyXml } from './callback-crypto.js';
import type { ReplayGuard } from './callback-replay.js';
import {
  checkServerCheck,
  openPush,
  pushKey,
  replayKey,
  replayTtlMs,
  type CallbackKeys,
  type CallbackQuery,
  type CallbackRefusal,
  type PushedMessage,
} from './callback-rules.js';
import type { SecretBox } from './secret-box.js';
import { finishSend } from './sends.js';

// WeChat's callback (docs/weixin.md#callback): every call carries a timestamp within 5 minutes of the server's clock
// and a signature accepted once (the replay guard). The server check echoes echostr; a push is checked as the
// account's encryption mode says (plaintext, compatible or safe), handled once (its key is recorded in the same
// transaction as its effect) and answered "success" at once, well inside WeChat's 5 seconds: subscribe and unsubscribe
// change the follower, MASSSENDJOBFINISH reports a send, a follower's text gets a reply (sealed in the encrypted modes).

export interface CallbackDeps {
  db: Db;
  box: SecretBox;
  replay: ReplayGuard;
  /** The server's clock, in ms (tests move it). */
  now?: () => number;
}

async function accountKeys(db: Db, box: SecretBox, accountId: number): Promise<CallbackKeys> {
  const row = await db
    .selectFrom('wx_account')
    .select(['token_sealed', 'aes_key_sealed', 'app_id', 'encrypt_mode'])
    .where('id', '=', accountId)
    .executeTakeFirst();
  if (!row) throw errors.notFound();
  let token: string;
  let aesKey: string;
  try {
    token = box.open(row.token_sealed);
    aesKey = box.open(row.aes_key_sealed);
  } catch {
    // The server key changed: nothing can be checked, so nothing is accepted.
    throw refused('signature');
  }
  return { token, aesKey, appId: row.app_id, mode: row.encrypt_mode as WxEncryptMode };
}

const REFUSAL_KEYS: Record<CallbackRefusal, MessageKey> = {
  stale: 'wx.callbackStale',
  signature: 'wx.signature',
  encryptMissing: 'wx.callbackNotEncrypted',
  cipher: 'wx.callbackCipher',
  appId: 'wx.callbackAppId',
  xml: 'wx.xmlRefused',
};

/** A refused callback: 4003 when it cannot be trusted (time, signature, replay, AppID), 4100 when it is unreadable. */
function refused(why: CallbackRefusal | 'replayed'): AppError {
  if (why === 'replayed') return new AppError(ErrorCode.FORBIDDEN, 'wx.callbackReplayed');
  if (why === 'xml' || why === 'cipher') return errors.validation('body', REFUSAL_KEYS[why]);
  return new AppError(ErrorCode.FORBIDDEN, REFUSAL_KEYS[why]);
}

/** Claims the call's (timestamp, nonce, signature) with the replay guard; 4003 when it was seen before. */
async function claimOnce(deps: CallbackDeps, accountId: number, q: CallbackQuery, signature: string, now: number): Promise<string> {
  const key = replayKey({ timestamp: q.timestamp, nonce: q.nonce, signature });
  if (!(await deps.replay.claim(accountId, key, replayTtlMs(q.timestamp, now)))) throw refused('replayed');
  return key;
}

/** The echo of WeChat's server check, or 4003 for a stale, wrong or repeated signature. */
export async function verifyCallback(deps: CallbackDeps, accountId: number, q: CallbackQuery & { echostr?: string }): Promise<string> {
  const keys = await accountKeys(deps.db, deps.box, accountId);
  const now = (deps.now ?? Date.now)();
  const refusal = checkServerCheck(keys.token, q, now);
  if (refusal) throw refused(refusal);
  await claimOnce(deps, accountId, q, q.signature, now);
  return q.echostr ?? '';
}

async function applyPush(db: Db, accountId: number, m: PushedMessage): Promise<void> {
  if (m.MsgType !== 'event') return;
  const event = (m.Event ?? '').toLowerCase();
  if (event === 'masssendjobfinish' && m.MsgID) {
    const count = (v: string | undefined) => (v !== undefined && /^\d+$/.test(v) ? Number(v) : null);
    await finishSend(db, accountId, m.MsgID, {
      status: m.Status ?? '',
      total: count(m.TotalCount),
      sent: count(m.SentCount),
      errors: count(m.ErrorCount),
    });
    return;
  }
  if (event !== 'subscribe' && event !== 'unsubscribe') return;
  const subscribed = event === 'subscribe' ? 1 : 0;
  const when = m.CreateTime ? new Date(Number(m.CreateTime) * 1000).toISOString() : nowIso();
  await db
    .insertInto('wx_follower')
    .values({
      account_id: accountId,
      open_id: m.FromUserName!.slice(0, 64),
      subscribed,
      subscribe_time: subscribed ? when : null,
      synced_at: nowIso(),
    })
    .onConflict((oc) =>
      oc
        .columns(['account_id', 'open_id'])
        .doUpdateSet({ subscribed, ...(subscribed ? { subscribe_time: when } : {}), synced_at: nowIso() }),
    )
    .execute();
}

/** A push that was handled, with how to seal its reply. */
export interface HandledPush {
  /** The message when it was new, null for a repeat of one handled before (WeChat's retry under another signature). */
  message: PushedMessage | null;
  /** Seals a reply as the push came: as is in plaintext, encrypted (with its own signature) otherwise. */
  seal: (replyXml: string) => string;
}

/**
 * A push: checked as the account's mode says (4003 stale, wrong signature or AppID; 4100 unreadable), claimed with the
 * replay guard (4003 when seen before), then handled once. A push whose handling failed gives its claim back, so that
 * WeChat's retry of it is handled.
 */
export async function handlePush(deps: CallbackDeps, accountId: number, q: CallbackQuery, body: unknown): Promise<HandledPush> {
  const { db } = deps;
  const keys = await accountKeys(db, deps.box, accountId);
  const now = (deps.now ?? Date.now)();
  const opened = openPush(keys, q, body, now);
  if (!opened.ok) throw refused(opened.refusal);
  const { message } = opened;
  const claim = await claimOnce(deps, accountId, q, opened.signature, now);
  let fresh: boolean;
  try {
    fresh = await db.transaction().execute(async (tx) => {
      const res = await tx
        .insertInto('wx_pushed')
        .values({ account_id: accountId, push_key: pushKey(message).slice(0, 128), received_at: nowIso() })
        .onConflict((oc) => oc.columns(['account_id', 'push_key']).doNothing())
        .executeTakeFirst();
      if (Number(res?.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
      await applyPush(tx, accountId, message);
      return true;
    });
  } catch (error) {
    await deps.replay.release(accountId, claim).catch(() => undefined);
    throw error;
  }
  const seal = (replyXml: string) => {
    if (!opened.encrypted) return replyXml;
    const timestamp = String(Math.floor((deps.now ?? Date.now)() / 1000));
    return encryptedReplyXml(keys, replyXml, timestamp, randomBytes(8).toString('hex'));
  };
  return { message: fresh ? message : null, seal };
}

const cdata = (s: string) => `<![CDATA[${s.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;

/** WeChat's passive reply to a follower: a text message back to them. */
export function textReplyXml(to: PushedMessage, content: string, now = Date.now()): string {
  return `<xml><ToUserName>${cdata(to.FromUserName!)}</ToUserName><FromUserName>${cdata(to.ToUserName ?? '')}</FromUserName><CreateTime>${Math.floor(now / 1000)}</CreateTime><MsgType><![CDATA[text]]></MsgType><Content>${cdata(content)}</Content></xml>`;
}
