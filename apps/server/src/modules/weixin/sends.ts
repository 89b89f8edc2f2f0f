import { ErrorCode, WX_TEXT_MAX, type WxSend, type WxSendCreate, type WxSendQuery, type WxSendState } from '@agromet/contracts';
import type { Selectable } from 'kysely';
import { actorName } from '../../core/builtin-names.js';
import type { AuthContext } from '../../core/auth/context.js';
import type { WxSendTable } from '../../core/db/schema.js';
import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';
import { AppError, errors } from '../../core/errors.js';
import { translate, type Lang } from '../../core/messages.js';
import { accountKeys, accountRow, ownAccount, upstreamError, wxAdvice, type WxDeps } from './accounts.js';
import { WxError } from './client.js';
import { z } from 'zod';
import { parseStoredJson } from '../../core/stored-json.js';
import { paged } from '../../core/paging.js';

// Mass sending (docs/weixin.md#sending): a send is composed, previewed to one follower if wished, and approved by
// another holder of the send code before it goes. Handing it to WeChat is guarded twice against sending twice: the
// state moves from pending to sending in one conditional update (a double click or a second approver finds it no
// longer pending), and WeChat gets the send's own clientmsgid, so a retry after a failure that WeChat had in fact
// accepted is answered 45065 (already sent), which counts as submitted.

type Row = Selectable<WxSendTable>;

/** WeChat's answer meaning "this clientmsgid was sent already". */
const ALREADY_SENT = 45065;

const OpenIds = z.array(z.string());
const storedOpenIds = (r: Row) => parseStoredJson(OpenIds, r.open_ids, { table: 'wx_send', id: r.id, column: 'open_ids' });

function toSend(r: Row, accountName: string, lang: Lang = 'zh'): WxSend {
  const openIds = storedOpenIds(r);
  return {
    id: r.id,
    accountId: r.account_id,
    accountName,
    kind: r.kind as WxSend['kind'],
    content: r.content,
    articleId: r.article_id,
    target: r.target as WxSend['target'],
    tagId: r.tag_id,
    openIdCount: openIds.length,
    state: r.state as WxSendState,
    clientMsgId: r.client_msg_id,
    createdBy: actorName(lang, r.created_by),
    approvedBy: r.approved_by,
    approvedAt: r.approved_at,
    reason: r.reason,
    msgId: r.msg_id,
    totalCount: r.total_count,
    sentCount: r.sent_count,
    errorCount: r.error_count,
    errcode: r.errcode,
    error: r.error,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

async function ownSend(db: Db, auth: AuthContext, id: number): Promise<{ row: Row; accountName: string }> {
  const { account_name, ...send } = await accountRow(db, auth, 'wx_send', id);
  return { row: send, accountName: account_name };
}

export async function pageSends(db: Db, auth: AuthContext, q: z.output<typeof WxSendQuery>, lang: Lang = 'zh') {
  let base = db
    .selectFrom('wx_send')
    .innerJoin('wx_account', 'wx_account.id', 'wx_send.account_id')
    .where('wx_account.customer_id', '=', auth.customerId);
  if (q.accountId) base = base.where('wx_send.account_id', '=', q.accountId);
  if (q.state) base = base.where('wx_send.state', '=', q.state);
  return paged(
    base,
    q,
    (b) => b.selectAll('wx_send').select('wx_account.name as account_name').orderBy('wx_send.id', 'desc'),
    (rows) => rows.map(({ account_name, ...r }) => toSend(r, account_name, lang)),
  );
}

/** Published service products of the customer, newest first: what an article send may carry. */
export async function sendableArticles(db: Db, auth: AuthContext) {
  const rows = await db
    .selectFrom('article')
    .select(['id', 'title', 'issued_at'])
    .where('customer_id', '=', auth.customerId)
    .where('state', '=', 'published')
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  return rows.map((r) => ({ id: r.id, title: r.title, publishedAt: r.issued_at }));
}

/** The text followers receive: the text itself, or the article's title, summary and public address after a remark. */
async function contentOf(db: Db, auth: AuthContext, s: z.output<typeof WxSendCreate>, origin: string): Promise<string> {
  if (s.kind === 'text') return s.text;
  if (s.kind === 'image') {
    const m = await db
      .selectFrom('wx_media')
      .select(['media_id', 'name'])
      .where('id', '=', s.mediaId!)
      .where('account_id', '=', s.accountId)
      .where('type', '=', 'image')
      .executeTakeFirst();
    if (!m) throw errors.validation('mediaId', 'wx.imageRequired');
    // WeChat's media id, then the name shown in the history.
    return `${m.media_id}\n${m.name}`;
  }
  const a = await db
    .selectFrom('article')
    .select(['id', 'title', 'summary'])
    .where('id', '=', s.articleId!)
    .where('customer_id', '=', auth.customerId)
    .where('state', '=', 'published')
    .executeTakeFirst();
  if (!a) throw errors.validation('articleId', 'wx.articleRequired');
  const text = [s.text, `【${a.title}】`, a.summary, `${origin}/api/public/articles/${a.id}`].filter(Boolean).join('\n');
  return text.slice(0, WX_TEXT_MAX + 400);
}

export async function createSend(deps: WxDeps, auth: AuthContext, s: z.output<typeof WxSendCreate>, origin: string): Promise<WxSend> {
  const account = await ownAccount(deps.db, auth, s.accountId);
  const content = await contentOf(deps.db, auth, s, origin);
  const now = nowIso();
  const row = await deps.db.transaction().execute(async (tx) => {
    const inserted = await tx
      .insertInto('wx_send')
      .values({
        account_id: account.id,
        kind: s.kind,
        content,
        article_id: s.kind === 'article' ? s.articleId! : null,
        target: s.target,
        tag_id: s.target === 'tag' ? s.tagId! : null,
        open_ids: JSON.stringify(s.target === 'openids' ? [...new Set(s.openIds)] : []),
        state: 'pending',
        // Replaced by one naming the row, inside this transaction.
        client_msg_id: `new-${now}-${Math.random().toString(36).slice(2)}`,
        created_by_id: auth.userId,
        created_by: auth.name || auth.username,
        approved_at: null,
        total_count: null,
        sent_count: null,
        error_count: null,
        errcode: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return tx
      .updateTable('wx_send')
      .set({ client_msg_id: `agromet-${account.id}-${inserted.id}` })
      .where('id', '=', inserted.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return toSend(row, account.name);
}

/** The message itself as WeChat takes it: text, or an image by its media id. */
function messageBody(r: Pick<Row, 'kind' | 'content'>): Record<string, unknown> {
  if (r.kind === 'image') return { msgtype: 'image', image: { media_id: r.content.split('\n')[0] } };
  return { msgtype: 'text', text: { content: r.content } };
}

/** The WeChat call of a send: to all, to a tag, or to its list of openIds; always with its clientmsgid. */
function massCall(r: Row): { path: string; body: Record<string, unknown> } {
  const message = { ...messageBody(r), clientmsgid: r.client_msg_id, send_ignore_reprint: 0 };
  if (r.target === 'openids') return { path: '/cgi-bin/message/mass/send', body: { touser: storedOpenIds(r), ...message } };
  return {
    path: '/cgi-bin/message/mass/sendall',
    body: { filter: r.target === 'all' ? { is_to_all: true } : { is_to_all: false, tag_id: r.tag_id }, ...message },
  };
}

/** Hands a send (now in state sending) to WeChat and records the outcome. */
async function handOver(deps: WxDeps, row: Row, lang: Lang): Promise<void> {
  const account = await deps.db.selectFrom('wx_account').selectAll().where('id', '=', row.account_id).executeTakeFirstOrThrow();
  const { path, body } = massCall(row);
  let result: { state: WxSendState; msg_id: string; errcode: number | null; error: string };
  try {
    const res = await deps.client.call<{ msg_id?: number | string }>(accountKeys(deps.box, account), path, {}, body);
    result = { state: 'submitted', msg_id: String(res.msg_id ?? ''), errcode: null, error: '' };
  } catch (error) {
    if (error instanceof WxError && error.errcode === ALREADY_SENT)
      result = { state: 'submitted', msg_id: row.msg_id, errcode: ALREADY_SENT, error: wxAdvice(lang, ALREADY_SENT, error.errmsg) };
    else if (error instanceof WxError)
      result = { state: 'failed', msg_id: '', errcode: error.errcode, error: wxAdvice(lang, error.errcode, error.errmsg).slice(0, 256) };
    else {
      const detail = error instanceof Error ? error.message : String(error);
      result = { state: 'failed', msg_id: '', errcode: -2, error: translate(lang, 'wx.unreachable', { detail }).slice(0, 256) };
    }
  }
  await deps.db
    .updateTable('wx_send')
    .set({ state: result.state, msg_id: result.msg_id, errcode: result.errcode, error: result.error, updated_at: nowIso() })
    .where('id', '=', row.id)
    .execute();
}

/** Moves a send from one state to another only if it is still in it; 4009 (with its state) otherwise. */
async function transition(db: Db, id: number, from: WxSendState, to: WxSendState, extra: Partial<Row> = {}): Promise<void> {
  const res = await db
    .updateTable('wx_send')
    .set({ ...extra, state: to, updated_at: nowIso() })
    .where('id', '=', id)
    .where('state', '=', from)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) {
    const now = await db.selectFrom('wx_send').select('state').where('id', '=', id).executeTakeFirst();
    throw errors.conflict('wx.sendNotWaiting', { state: now?.state ?? '' }, { state: now?.state ?? null });
  }
}

export async function approveSend(deps: WxDeps, auth: AuthContext, id: number, lang: Lang): Promise<WxSend> {
  const { row } = await ownSend(deps.db, auth, id);
  // The four-eyes rule: the author cannot approve their own send.
  if (row.created_by_id === auth.userId) throw new AppError(ErrorCode.FORBIDDEN, 'wx.approveOwn');
  await transition(deps.db, id, 'pending', 'sending', { approved_by: auth.name || auth.username, approved_at: nowIso() });
  await handOver(deps, { ...row, state: 'sending' }, lang);
  const { row: after, accountName } = await ownSend(deps.db, auth, id);
  return toSend(after, accountName);
}

export async function retrySend(deps: WxDeps, auth: AuthContext, id: number, lang: Lang): Promise<WxSend> {
  const { row } = await ownSend(deps.db, auth, id);
  await transition(deps.db, id, 'failed', 'sending');
  await handOver(deps, row, lang);
  const { row: after, accountName } = await ownSend(deps.db, auth, id);
  return toSend(after, accountName);
}

export async function rejectSend(db: Db, auth: AuthContext, id: number, reason: string): Promise<WxSend> {
  const { row } = await ownSend(db, auth, id);
  if (row.created_by_id === auth.userId) throw new AppError(ErrorCode.FORBIDDEN, 'wx.approveOwn');
  await transition(db, id, 'pending', 'rejected', { approved_by: auth.name || auth.username, approved_at: nowIso(), reason });
  const { row: after, accountName } = await ownSend(db, auth, id);
  return toSend(after, accountName);
}

/** A waiting send to one follower of the account, as WeChat's preview (not a mass send; no approval needed). */
export async function previewSend(deps: WxDeps, auth: AuthContext, id: number, openId: string): Promise<WxSend> {
  const { row, accountName } = await ownSend(deps.db, auth, id);
  if (row.state !== 'pending') throw errors.conflict('wx.sendNotWaiting', { state: row.state });
  const account = await deps.db.selectFrom('wx_account').selectAll().where('id', '=', row.account_id).executeTakeFirstOrThrow();
  try {
    await deps.client.call(
      accountKeys(deps.box, account),
      '/cgi-bin/message/mass/preview',
      {},
      {
        touser: openId,
        msgtype: 'text',
        text: { content: row.content },
      },
    );
  } catch (error) {
    throw upstreamError(error);
  }
  return toSend(row, accountName);
}

/** Asks WeChat how a submitted send went. */
export async function refreshSend(deps: WxDeps, auth: AuthContext, id: number): Promise<WxSend> {
  const { row } = await ownSend(deps.db, auth, id);
  if (row.state !== 'submitted' || !row.msg_id) throw errors.conflict('wx.sendNotWaiting', { state: row.state });
  const account = await deps.db.selectFrom('wx_account').selectAll().where('id', '=', row.account_id).executeTakeFirstOrThrow();
  let res: { msg_status?: string; total_count?: number; sent_count?: number; error_count?: number };
  try {
    res = await deps.client.call(accountKeys(deps.box, account), '/cgi-bin/message/mass/get', {}, { msg_id: row.msg_id });
  } catch (error) {
    throw upstreamError(error);
  }
  await finishSend(deps.db, row.account_id, row.msg_id, {
    status: res.msg_status ?? '',
    total: res.total_count ?? null,
    sent: res.sent_count ?? null,
    errors: res.error_count ?? null,
  });
  const { row: after, accountName } = await ownSend(deps.db, auth, id);
  return toSend(after, accountName);
}

/** WeChat's report of a send's job (MASSSENDJOBFINISH or mass/get): sent or failed, with its counts. */
export async function finishSend(
  db: Db,
  accountId: number,
  msgId: string,
  r: { status: string; total: number | null; sent: number | null; errors: number | null },
): Promise<void> {
  const status = r.status.toLowerCase();
  if (status === 'sending') return;
  const ok = status === 'send success' || status === 'send_success';
  await db
    .updateTable('wx_send')
    .set({
      state: ok ? 'sent' : 'failed',
      total_count: r.total,
      sent_count: r.sent,
      error_count: r.errors,
      ...(ok ? {} : { error: r.status.slice(0, 256) }),
      updated_at: nowIso(),
    })
    .where('account_id', '=', accountId)
    .where('msg_id', '=', msgId)
    .where('state', 'in', ['submitted', 'sent', 'failed'])
    .execute();
}
