import { menuForWechat, menuIssues, WxMenuBody, type Menu, type WxMenu } from '@agromet/contracts';
import { actorName } from '../../core/builtin-names.js';
import type { Lang } from '../../core/messages.js';
import type { AuthContext } from '../../core/auth/context.js';
import { nowIso } from '../../core/db/index.js';
import { errors } from '../../core/errors.js';
import { WxError } from './client.js';
import { accountKeys, ownAccount, upstreamError, type WxDeps } from './accounts.js';
import { parseStoredJson } from '../../core/stored-json.js';

// Menus of an official account (docs/weixin.md#menus): a draft saved by version, checked against WeChat's limits on
// every save and again before publishing, so WeChat never sees an invalid menu; the published copy is recorded only
// after WeChat took it.

const EMPTY: Menu = { button: [] };

async function menuRow(deps: WxDeps, accountId: number) {
  return deps.db.selectFrom('wx_menu').selectAll().where('account_id', '=', accountId).executeTakeFirst();
}

function storedMenu(row: NonNullable<Awaited<ReturnType<typeof menuRow>>>, column: 'draft' | 'published'): Menu {
  return parseStoredJson(WxMenuBody, row[column] ?? '', { table: 'wx_menu', id: row.account_id, column });
}

function toMenu(accountId: number, row: Awaited<ReturnType<typeof menuRow>>, lang: Lang): WxMenu {
  return {
    accountId,
    draft: row ? storedMenu(row, 'draft') : EMPTY,
    published: row?.published ? storedMenu(row, 'published') : null,
    publishedAt: row?.published_at ?? null,
    publishedBy: actorName(lang, row?.published_by ?? ''),
    version: row?.version ?? 0,
  };
}

export async function getMenu(deps: WxDeps, auth: AuthContext, accountId: number, lang: Lang = 'zh'): Promise<WxMenu> {
  await ownAccount(deps.db, auth, accountId);
  return toMenu(accountId, await menuRow(deps, accountId), lang);
}

/** 4100 naming the first place the menu breaks a rule. */
function checkMenu(menu: Menu) {
  const issue = menuIssues(menu)[0];
  if (issue) throw errors.validation(`menu.${issue.path}`, issue.problem, { limit: issue.limit ?? '' });
}

/** Saves the draft; version 0 creates it. A stale version answers 4009. */
export async function saveMenu(
  deps: WxDeps,
  auth: AuthContext,
  accountId: number,
  version: number,
  menu: Menu,
  lang: Lang = 'zh',
): Promise<WxMenu> {
  await ownAccount(deps.db, auth, accountId);
  checkMenu(menu);
  const draft = JSON.stringify(menuForWechat(menu));
  if (version === 0) {
    const res = await deps.db
      .insertInto('wx_menu')
      .values({ account_id: accountId, draft, published: null, published_at: null })
      .onConflict((oc) => oc.column('account_id').doNothing())
      .executeTakeFirst();
    if (Number(res?.numInsertedOrUpdatedRows ?? 0) !== 1) throw errors.conflict('wx.menuStale');
  } else {
    const res = await deps.db
      .updateTable('wx_menu')
      .set((eb) => ({ draft, version: eb('version', '+', 1) }))
      .where('account_id', '=', accountId)
      .where('version', '=', version)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw errors.conflict('wx.menuStale');
  }
  return toMenu(accountId, await menuRow(deps, accountId), lang);
}

/** Pushes the saved draft of this version to WeChat; records it as published only when WeChat answered 0. */
export async function publishMenu(deps: WxDeps, auth: AuthContext, accountId: number, version: number, lang: Lang = 'zh'): Promise<WxMenu> {
  const account = await ownAccount(deps.db, auth, accountId);
  const row = await menuRow(deps, accountId);
  if (!row || row.version !== version) throw errors.conflict('wx.menuStale');
  const menu = storedMenu(row, 'draft');
  checkMenu(menu);
  try {
    await deps.client.call(accountKeys(deps.box, account), '/cgi-bin/menu/create', {}, menuForWechat(menu));
  } catch (error) {
    throw upstreamError(error);
  }
  await deps.db
    .updateTable('wx_menu')
    .set({ published: row.draft, published_at: nowIso(), published_by: auth.name || auth.username })
    .where('account_id', '=', accountId)
    .execute();
  return toMenu(accountId, await menuRow(deps, accountId), lang);
}

/** What WeChat has now (null when it has no menu: 46003). */
export async function currentMenu(deps: WxDeps, auth: AuthContext, accountId: number): Promise<{ menu: Menu | null }> {
  const account = await ownAccount(deps.db, auth, accountId);
  try {
    const res = await deps.client.call<{ menu: Menu }>(accountKeys(deps.box, account), '/cgi-bin/menu/get');
    return { menu: menuForWechat(res.menu) };
  } catch (error) {
    if (error instanceof WxError && error.errcode === 46003) return { menu: null };
    throw upstreamError(error);
  }
}
