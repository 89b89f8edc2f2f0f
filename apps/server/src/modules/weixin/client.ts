import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';
import type { SecretBox } from './secret-box.js';

// A small client of WeChat's official-account API on fetch (docs/weixin.md#client). The access token of each account
// is kept in the database, so every server process shares it; it is fetched again 5 minutes before it expires, one
// fetch at a time per account in a process. A call answered "token invalid or expired" drops the token and is tried
// once more; "busy" (-1) is retried a few times with growing pauses; configuration errors (bad appid or secret, IP
// not whitelisted, quota) are raised at once for the administrator to act on.

/** WeChat's answer was an error (errcode ≠ 0). */
export class WxError extends Error {
  constructor(
    readonly errcode: number,
    readonly errmsg: string,
  ) {
    super(`WeChat ${errcode}: ${errmsg}`);
  }
}

/** Codes meaning the token is no good: drop it and try again once. */
const STALE_TOKEN = new Set([40001, 40014, 42001]);
const BUSY = -1;
/** Fetched again this long before WeChat's expiry. */
const REFRESH_AHEAD_MS = 5 * 60_000;

export interface WxAccountKeys {
  id: number;
  appId: string;
  secret: string;
}

export interface WxClientOptions {
  baseUrl: string;
  db: Db;
  box: SecretBox;
  /** Pauses between tries when WeChat is busy (ms); the number of entries bounds the retries. */
  busyBackoffMs?: number[];
  /** Per request. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

type Query = Record<string, string | number | undefined>;

export class WechatClient {
  private readonly inFlight = new Map<number, Promise<string>>();
  private readonly backoff: number[];
  private readonly timeoutMs: number;
  private readonly fetchFn: typeof fetch;

  constructor(private readonly opts: WxClientOptions) {
    this.backoff = opts.busyBackoffMs ?? [200, 800, 2000];
    this.timeoutMs = opts.timeoutMs ?? 10_000;
    this.fetchFn = opts.fetch ?? fetch;
  }

  /** One HTTP exchange with WeChat, busy answers retried with back-off; counted on the account. */
  private async exchange(accountId: number, path: string, query: Query, body?: unknown): Promise<Record<string, unknown>> {
    const url = new URL(path, this.opts.baseUrl);
    for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, String(v));
    for (let attempt = 0; ; attempt++) {
      const form = body instanceof FormData;
      const res = await this.fetchFn(url, {
        method: body === undefined ? 'GET' : 'POST',
        headers: body === undefined || form ? undefined : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : form ? body : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      await this.opts.db
        .updateTable('wx_account')
        .set((eb) => ({ api_calls: eb('api_calls', '+', 1), last_call_at: nowIso() }))
        .where('id', '=', accountId)
        .execute();
      const json = (await res.json()) as Record<string, unknown>;
      const errcode = typeof json.errcode === 'number' ? json.errcode : 0;
      if (errcode === BUSY && attempt < this.backoff.length) {
        await new Promise((r) => setTimeout(r, this.backoff[attempt]));
        continue;
      }
      if (errcode !== 0) throw new WxError(errcode, String(json.errmsg ?? ''));
      return json;
    }
  }

  /** Asks WeChat for a new token (no cache): what "test connection" does. */
  async fetchToken(account: WxAccountKeys): Promise<{ token: string; expiresIn: number }> {
    const json = await this.exchange(account.id, '/cgi-bin/token', {
      grant_type: 'client_credential',
      appid: account.appId,
      secret: account.secret,
    });
    const token = String(json.access_token ?? '');
    const expiresIn = Number(json.expires_in ?? 7200);
    await this.store(account.id, token, Date.now() + expiresIn * 1000);
    return { token, expiresIn };
  }

  private async store(accountId: number, token: string, expiresAt: number) {
    const sealed = this.opts.box.seal(token);
    await this.opts.db
      .insertInto('wx_token')
      .values({ account_id: accountId, token_sealed: sealed, expires_at: expiresAt })
      .onConflict((oc) => oc.column('account_id').doUpdateSet({ token_sealed: sealed, expires_at: expiresAt }))
      .execute();
  }

  /** The shared token, fetched when missing or about to expire; one fetch at a time per account. */
  async token(account: WxAccountKeys): Promise<string> {
    const stored = await this.storedToken(account.id);
    if (stored) return stored;
    let pending = this.inFlight.get(account.id);
    if (!pending) {
      // Read again first: a fetch of this process may have stored a token and ended between this call's read and
      // now (its read waited for a database connection), and must not be followed by a second fetch.
      pending = this.storedToken(account.id)
        .then(async (again) => again ?? (await this.fetchToken(account)).token)
        .finally(() => this.inFlight.delete(account.id));
      this.inFlight.set(account.id, pending);
    }
    return pending;
  }

  /** The stored token while it is not about to expire. */
  private async storedToken(accountId: number): Promise<string | null> {
    const row = await this.opts.db
      .selectFrom('wx_token')
      .select(['token_sealed', 'expires_at'])
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return row && Number(row.expires_at) - REFRESH_AHEAD_MS > Date.now() ? this.opts.box.open(row.token_sealed) : null;
  }

  /** Drops the stored token if it is still the one that failed (another process may have replaced it already). */
  private async dropToken(accountId: number, token: string) {
    const row = await this.opts.db.selectFrom('wx_token').select('token_sealed').where('account_id', '=', accountId).executeTakeFirst();
    if (row && this.opts.box.open(row.token_sealed) === token)
      await this.opts.db.deleteFrom('wx_token').where('account_id', '=', accountId).execute();
  }

  /**
   * A call with the account's token (a JSON body, or FormData for an upload); a stale token is dropped and the call
   * tried once more, never looped.
   */
  async call<T = Record<string, unknown>>(account: WxAccountKeys, path: string, query: Query = {}, body?: unknown): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.token(account);
      try {
        return (await this.exchange(account.id, path, { ...query, access_token: token }, body)) as T;
      } catch (error) {
        if (error instanceof WxError && STALE_TOKEN.has(error.errcode) && attempt === 0) {
          await this.dropToken(account.id, token);
          continue;
        }
        throw error;
      }
    }
  }
}
