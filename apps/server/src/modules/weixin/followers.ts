import { WX_FOLLOWER_PAGE, WX_USER_INFO_BATCH, type WxFollower, type WxFollowerQuery } from '@agromet/contracts';
import type { Selectable } from 'kysely';
import type { AuthContext } from '../../core/auth/context.js';
import type { WxFollowerTable } from '../../core/db/schema.js';
import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';
import { contains } from '../../core/db/like.js';
import { accountKeys, accountRow, ownAccount, upstreamError, type WxDeps } from './accounts.js';
import { z } from 'zod';
import { parseStoredJson } from '../../core/stored-json.js';
import { paged } from '../../core/paging.js';

// Followers of an official account (docs/weixin.md#followers): synced from WeChat (openIds 10 000 per list call, then
// their details 100 per batch call), kept with a remark of the console's own; those WeChat no longer lists are marked
// unsubscribed rather than deleted, so the history of sends keeps its names.

type Row = Selectable<WxFollowerTable>;

interface UserInfo {
  subscribe: number;
  openid: string;
  nickname?: string;
  language?: string;
  subscribe_time?: number;
  tagid_list?: number[];
}

const TagIds = z.array(z.number().int());

function toFollower(r: Row): WxFollower {
  const tagIds = parseStoredJson(TagIds, r.tag_ids, { table: 'wx_follower', id: r.id, column: 'tag_ids' });
  return {
    id: r.id,
    openId: r.open_id,
    nickname: r.nickname,
    remark: r.remark,
    tagIds,
    subscribed: r.subscribed === 1,
    subscribeTime: r.subscribe_time,
    language: r.language,
    syncedAt: r.synced_at,
  };
}

/** Every follower WeChat lists for the account, with details; returns what changed. */
export async function syncFollowers(deps: WxDeps, auth: AuthContext, accountId: number) {
  const account = await ownAccount(deps.db, auth, accountId);
  const keys = accountKeys(deps.box, account);
  const openIds: string[] = [];
  const infos: UserInfo[] = [];
  try {
    let next = '';
    // Bounded: WeChat answers at most WX_FOLLOWER_PAGE a call and an empty page at the end.
    for (let calls = 0; calls < 10_000; calls++) {
      const page = await deps.client.call<{ total: number; count: number; data?: { openid: string[] }; next_openid: string }>(
        keys,
        '/cgi-bin/user/get',
        { next_openid: next || undefined },
      );
      const ids = page.data?.openid ?? [];
      openIds.push(...ids);
      if (ids.length < WX_FOLLOWER_PAGE || !page.next_openid || openIds.length >= page.total) break;
      next = page.next_openid;
    }
    for (let k = 0; k < openIds.length; k += WX_USER_INFO_BATCH) {
      const batch = openIds.slice(k, k + WX_USER_INFO_BATCH);
      const res = await deps.client.call<{ user_info_list: UserInfo[] }>(
        keys,
        '/cgi-bin/user/info/batchget',
        {},
        {
          user_list: batch.map((openid) => ({ openid, lang: 'zh_CN' })),
        },
      );
      infos.push(...res.user_info_list);
    }
  } catch (error) {
    throw upstreamError(error);
  }
  const now = nowIso();
  return deps.db.transaction().execute(async (tx) => {
    const existing = new Map(
      (await tx.selectFrom('wx_follower').select(['id', 'open_id', 'subscribed']).where('account_id', '=', accountId).execute()).map(
        (r) => [r.open_id, r],
      ),
    );
    let added = 0;
    let updated = 0;
    for (const u of infos) {
      const values = {
        nickname: (u.nickname ?? '').slice(0, 128),
        tag_ids: JSON.stringify(u.tagid_list ?? []),
        subscribed: u.subscribe === 1 ? 1 : 0,
        subscribe_time: u.subscribe_time ? new Date(u.subscribe_time * 1000).toISOString() : null,
        language: (u.language ?? '').slice(0, 16),
        synced_at: now,
      };
      const row = existing.get(u.openid);
      if (row) {
        await tx.updateTable('wx_follower').set(values).where('id', '=', row.id).execute();
        updated++;
      } else {
        await tx
          .insertInto('wx_follower')
          .values({ account_id: accountId, open_id: u.openid, ...values })
          .execute();
        added++;
      }
    }
    const listed = new Set(openIds);
    const gone = [...existing.values()].filter((r) => r.subscribed === 1 && !listed.has(r.open_id)).map((r) => r.id);
    if (gone.length > 0) await tx.updateTable('wx_follower').set({ subscribed: 0, synced_at: now }).where('id', 'in', gone).execute();
    return { total: openIds.length, added, updated, left: gone.length };
  });
}

export async function pageFollowers(db: Db, auth: AuthContext, q: z.output<typeof WxFollowerQuery>) {
  await ownAccount(db, auth, q.accountId);
  let base = db.selectFrom('wx_follower').where('account_id', '=', q.accountId);
  if (q.keyword) {
    const k = q.keyword;
    base = base.where((eb) => eb.or([contains('nickname', k), contains('remark', k), contains('open_id', k)]));
  }
  if (q.subscribed) base = base.where('subscribed', '=', q.subscribed === 'true' ? 1 : 0);
  // Tag ids are a JSON list of numbers: match the number as a whole element.
  if (q.tagId !== undefined) {
    const t = String(q.tagId);
    base = base.where((eb) =>
      eb.or([
        eb('tag_ids', 'like', `[${t}]`),
        eb('tag_ids', 'like', `[${t},%`),
        eb('tag_ids', 'like', `%,${t},%`),
        eb('tag_ids', 'like', `%,${t}]`),
      ]),
    );
  }
  return paged(
    base,
    q,
    (b) => b.selectAll().orderBy('id'),
    (rows) => rows.map(toFollower),
  );
}

export async function setRemark(db: Db, auth: AuthContext, id: number, remark: string): Promise<WxFollower> {
  const row = await accountRow(db, auth, 'wx_follower', id);
  await db.updateTable('wx_follower').set({ remark }).where('id', '=', id).execute();
  return toFollower({ ...row, remark });
}

/** The account's tags as WeChat has them. */
export async function tags(deps: WxDeps, auth: AuthContext, accountId: number) {
  const account = await ownAccount(deps.db, auth, accountId);
  try {
    const res = await deps.client.call<{ tags: Array<{ id: number; name: string; count: number }> }>(
      accountKeys(deps.box, account),
      '/cgi-bin/tags/get',
    );
    return res.tags.map((t) => ({ id: t.id, name: t.name, count: t.count }));
  } catch (error) {
    throw upstreamError(error);
  }
}
