import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';
import { errors } from '../../core/errors.js';
import { parsePushed, pushKey, signatureMatches, type PushedMessage } from './callback-rules.js';
import type { SecretBox } from './secret-box.js';
import { finishSend } from './sends.js';

// WeChat's callback (docs/weixin.md#callback): the server check echoes echostr for a right signature; a push is
// handled once (its key is recorded in the same transaction as its effect) and answered "success" at once, well
// inside WeChat's 5 seconds: subscribe and unsubscribe change the follower, MASSSENDJOBFINISH reports a send.

interface Signed {
  signature: string;
  timestamp: string;
  nonce: string;
}

async function accountToken(db: Db, box: SecretBox, accountId: number): Promise<string> {
  const row = await db.selectFrom('wx_account').select('token_sealed').where('id', '=', accountId).executeTakeFirst();
  if (!row) throw errors.notFound();
  return box.open(row.token_sealed);
}

/** The echo of WeChat's server check, or 4003 for a wrong signature. */
export async function verifyCallback(db: Db, box: SecretBox, accountId: number, q: Signed & { echostr?: string }): Promise<string> {
  if (!signatureMatches(await accountToken(db, box, accountId), q)) throw errors.forbidden();
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

/**
 * A push: signature checked (4003), XML read without entities (4100), then handled once. Answers the message when it
 * was new, null for a repeat.
 */
export async function handlePush(db: Db, box: SecretBox, accountId: number, q: Signed, body: unknown): Promise<PushedMessage | null> {
  if (!signatureMatches(await accountToken(db, box, accountId), q)) throw errors.forbidden();
  const message = typeof body === 'string' ? parsePushed(body) : null;
  if (!message) throw errors.validation('body', 'wx.xmlRefused');
  const fresh = await db.transaction().execute(async (tx) => {
    const res = await tx
      .insertInto('wx_pushed')
      .values({ account_id: accountId, push_key: pushKey(message).slice(0, 128), received_at: nowIso() })
      .onConflict((oc) => oc.columns(['account_id', 'push_key']).doNothing())
      .executeTakeFirst();
    if (Number(res?.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
    await applyPush(tx, accountId, message);
    return true;
  });
  return fresh ? message : null;
}

const cdata = (s: string) => `<![CDATA[${s.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;

/** WeChat's passive reply to a follower: a text message back to them. */
export function textReplyXml(to: PushedMessage, content: string, now = Date.now()): string {
  return `<xml><ToUserName>${cdata(to.FromUserName!)}</ToUserName><FromUserName>${cdata(to.ToUserName ?? '')}</FromUserName><CreateTime>${Math.floor(now / 1000)}</CreateTime><MsgType><![CDATA[text]]></MsgType><Content>${cdata(content)}</Content></xml>`;
}
