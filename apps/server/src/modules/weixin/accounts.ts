import {
  WX_SECRET_MASK,
  type WxAccount,
  type WxAccountCreate,
  type WxAccountUpdate,
  type WxCallResult,
  type WxEncryptMode,
} from '@agromet/contracts';
import { ErrorCode } from '@agromet/contracts';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { AuthContext } from '../../core/auth/context.js';
import { ownRow } from '../../core/db/own-row.js';
import type { Database, WxAccountTable } from '../../core/db/schema.js';
import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';
import { AppError, errors } from '../../core/errors.js';
import { isMessageKey, translate, type Lang, type MessageKey } from '../../core/messages.js';
import { WxError, type WechatClient, type WxAccountKeys } from './client.js';
import type { ReplayGuard } from './callback-replay.js';
import type { SecretBox } from './secret-box.js';
import type { FileStorage } from '../../core/storage.js';
import type { GridStore } from '../grids/store.js';

// Official accounts of a customer (docs/weixin.md#accounts): the AppSecret, callback token and EncodingAESKey are
// sealed before they are stored and never answered (a mask stands in; an edit keeps them unless typed again). The
// encryption mode says how WeChat seals its pushes; compatible and safe need the EncodingAESKey.

export interface WxDeps {
  db: Db;
  box: SecretBox;
  client: WechatClient;
  /** The console's copies of uploaded media. */
  storage: FileStorage;
  /** The forecast grids, read to answer followers who name a station or county. */
  store: GridStore;
  /** The callback's record of signatures already accepted (Redis with REDIS_URL, else the database). */
  replay: ReplayGuard;
}

type Row = Selectable<WxAccountTable>;

/** What WeChat's error code means for the administrator, in their language. */
export function wxAdvice(lang: Lang, errcode: number, errmsg: string): string {
  const { key, params } = adviceKey(errcode, errmsg);
  return translate(lang, key, params);
}

function adviceKey(errcode: number, errmsg: string): { key: MessageKey; params: Record<string, string | number> } {
  const key = `wx.err.${errcode}`;
  return isMessageKey(key) ? { key, params: {} } : { key: 'wx.err.generic', params: { code: errcode, msg: errmsg } };
}

/** A failed exchange with WeChat as the envelope's error: what to do, with WeChat's own code and words in data. */
export function upstreamError(error: unknown): AppError {
  if (error instanceof WxError) {
    const { key, params } = adviceKey(error.errcode, error.errmsg);
    return new AppError(ErrorCode.UPSTREAM, key, params, { errcode: error.errcode, errmsg: error.errmsg });
  }
  if (error instanceof AppError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return new AppError(ErrorCode.UPSTREAM, 'wx.unreachable', { detail }, { errcode: null, errmsg: detail });
}

function toAccount(r: Row, followers: number, callbackBase: string): WxAccount {
  return {
    id: r.id,
    name: r.name,
    nickname: r.nickname,
    wxId: r.wx_id,
    appId: r.app_id,
    avatar: r.avatar,
    secret: WX_SECRET_MASK,
    token: WX_SECRET_MASK,
    aesKey: r.aes_key_sealed ? WX_SECRET_MASK : '',
    hasAesKey: r.aes_key_sealed !== '',
    encryptMode: r.encrypt_mode as WxEncryptMode,
    callbackUrl: `${callbackBase}/api/wx/callback/${r.id}`,
    apiCalls: r.api_calls,
    lastCallAt: r.last_call_at,
    lastTestAt: r.last_test_at,
    lastTestCode: r.last_test_code,
    followers,
    version: r.version,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export async function listAccounts(db: Db, auth: AuthContext, callbackBase: string): Promise<WxAccount[]> {
  const rows = await db.selectFrom('wx_account').selectAll().where('customer_id', '=', auth.customerId).orderBy('id').execute();
  if (rows.length === 0) return [];
  const counts = await db
    .selectFrom('wx_follower')
    .select((eb) => ['account_id', eb.fn.countAll<number>().as('n')])
    .where(
      'account_id',
      'in',
      rows.map((r) => r.id),
    )
    .where('subscribed', '=', 1)
    .groupBy('account_id')
    .execute();
  const n = new Map(counts.map((c) => [c.account_id, Number(c.n)]));
  return rows.map((r) => toAccount(r, n.get(r.id) ?? 0, callbackBase));
}

/** An account of the caller's customer, or 4004 (another customer's answers the same). */
export async function ownAccount(db: Db, auth: AuthContext, id: number): Promise<Row> {
  return ownRow(db, 'wx_account', auth.customerId, id);
}

/** The tables whose rows belong to an account, and through it to a customer. */
type AccountTable = 'wx_follower' | 'wx_media' | 'wx_send';

/** A row of an account of the caller's customer, with the account's name; else 4004 (another customer's answers the same). */
export async function accountRow<T extends AccountTable>(
  db: Db,
  auth: AuthContext,
  table: T,
  id: number,
): Promise<Selectable<Database[T]> & { account_name: string }> {
  // Kysely cannot follow a table name that is a type parameter: the query is typed on one of them, the answer on T.
  const t = table as 'wx_media';
  const row = await db
    .selectFrom(t)
    .innerJoin('wx_account', 'wx_account.id', `${t}.account_id`)
    .selectAll(t)
    .select('wx_account.name as account_name')
    .where(`${t}.id`, '=', id)
    .where('wx_account.customer_id', '=', auth.customerId)
    .executeTakeFirst();
  if (!row) throw errors.notFound();
  return row as unknown as Selectable<Database[T]> & { account_name: string };
}

/** The keys the client needs; 4100 on the secret when it cannot be opened (the server key changed). */
export function accountKeys(box: SecretBox, row: Row): WxAccountKeys {
  try {
    return { id: row.id, appId: row.app_id, secret: box.open(row.secret_sealed) };
  } catch {
    throw errors.validation('secret', 'wx.secretUnreadable');
  }
}

async function appIdFree(db: Db, appId: string, except?: number) {
  let q = db.selectFrom('wx_account').select('id').where('app_id', '=', appId);
  if (except) q = q.where('id', '!=', except);
  if (await q.executeTakeFirst()) throw errors.validation('appId', 'wx.appIdTaken');
}

export async function createAccount(
  deps: WxDeps,
  auth: AuthContext,
  a: z.output<typeof WxAccountCreate>,
  base: string,
): Promise<WxAccount> {
  await appIdFree(deps.db, a.appId);
  const now = nowIso();
  const row = await deps.db
    .insertInto('wx_account')
    .values({
      customer_id: auth.customerId,
      name: a.name,
      nickname: a.nickname,
      wx_id: a.wxId,
      app_id: a.appId,
      avatar: a.avatar,
      secret_sealed: deps.box.seal(a.secret),
      token_sealed: deps.box.seal(a.token),
      aes_key_sealed: deps.box.seal(a.aesKey),
      encrypt_mode: a.encryptMode,
      last_call_at: null,
      last_test_at: null,
      last_test_code: null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toAccount(row, 0, base);
}

export async function updateAccount(
  deps: WxDeps,
  auth: AuthContext,
  a: z.output<typeof WxAccountUpdate>,
  base: string,
): Promise<WxAccount> {
  const current = await ownAccount(deps.db, auth, a.id);
  await appIdFree(deps.db, a.appId, a.id);
  // The compatible and safe modes need an EncodingAESKey: typed now, or stored before.
  const mode = a.encryptMode ?? (current.encrypt_mode as WxEncryptMode);
  if (mode !== 'plain' && !a.aesKey && current.aes_key_sealed === '') throw errors.validation('aesKey', 'wx.aesKeyRequired');
  const sealedIfTyped = (v: string | undefined) => (v ? deps.box.seal(v) : undefined);
  const res = await deps.db
    .updateTable('wx_account')
    .set((eb) => ({
      name: a.name,
      nickname: a.nickname,
      wx_id: a.wxId,
      app_id: a.appId,
      avatar: a.avatar,
      ...(a.secret ? { secret_sealed: sealedIfTyped(a.secret)! } : {}),
      ...(a.token ? { token_sealed: sealedIfTyped(a.token)! } : {}),
      ...(a.aesKey !== undefined && a.aesKey !== '' ? { aes_key_sealed: sealedIfTyped(a.aesKey)! } : {}),
      encrypt_mode: mode,
      updated_at: nowIso(),
      version: eb('version', '+', 1),
    }))
    .where('id', '=', a.id)
    .where('version', '=', a.version)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw errors.conflict('staleVersion', {}, { currentVersion: current.version });
  // Another AppID or secret: the stored token was another account's.
  if (a.secret || a.appId !== current.app_id) await deps.db.deleteFrom('wx_token').where('account_id', '=', a.id).execute();
  return (await listAccounts(deps.db, auth, base)).find((x) => x.id === a.id)!;
}

export async function deleteAccount(db: Db, auth: AuthContext, id: number): Promise<void> {
  await ownAccount(db, auth, id);
  await db.transaction().execute(async (tx) => {
    for (const t of ['wx_media', 'wx_send', 'wx_pushed', 'wx_callback_replay', 'wx_menu', 'wx_follower', 'wx_token'] as const)
      await tx.deleteFrom(t).where('account_id', '=', id).execute();
    await tx.deleteFrom('wx_account').where('id', '=', id).execute();
  });
}

/** Test connection: a fresh token with the stored appId and secret; the outcome is kept on the account. */
export async function testAccount(deps: WxDeps, auth: AuthContext, id: number, lang: Lang): Promise<WxCallResult> {
  const row = await ownAccount(deps.db, auth, id);
  const keys = accountKeys(deps.box, row);
  let result: WxCallResult;
  try {
    const { expiresIn } = await deps.client.fetchToken(keys);
    result = { ok: true, errcode: 0, errmsg: 'ok', advice: '', expiresIn };
  } catch (error) {
    if (!(error instanceof WxError)) {
      const detail = error instanceof Error ? error.message : String(error);
      result = { ok: false, errcode: -2, errmsg: detail, advice: translate(lang, 'wx.unreachable', { detail }), expiresIn: null };
    } else
      result = {
        ok: false,
        errcode: error.errcode,
        errmsg: error.errmsg,
        advice: wxAdvice(lang, error.errcode, error.errmsg),
        expiresIn: null,
      };
  }
  await deps.db.updateTable('wx_account').set({ last_test_at: nowIso(), last_test_code: result.errcode }).where('id', '=', id).execute();
  return result;
}
