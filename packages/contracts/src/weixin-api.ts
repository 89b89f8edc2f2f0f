import { z } from 'zod';
import type { ApiDef } from './api-def.js';
import { paged } from './system.js';
import { WEIXIN_ENDPOINTS as E } from './weixin-endpoints.js';
import { WX_SEND_APPROVE_CODE, WX_SEND_CODE } from './permissions.js';
import {
  WxAccountCreate,
  WxAccountUpdate,
  WxAccount,
  WxIdQuery,
  WxAccountIdQuery,
  WxAccountIdBody,
  WxCallResult,
  WxFollower,
  WxFollowerQuery,
  WxFollowerSynced,
  WxFollowerRemark,
  WxMenu,
  WxMenuSave,
  WxMenuPublish,
  WxMenuCurrent,
  WxSendCreate,
  WxSend,
  WxSendQuery,
  WxSendIdBody,
  WxSendPreview,
  WxSendReject,
  WxSendArticle,
  WxMedia,
  WxMediaQuery,
  WxMediaPageData,
  WxMediaFileParams,
  WxCallbackParams,
  WxCallbackQuery,
} from './weixin.js';

const ACCOUNT = { kind: 'codes', codes: ['wx-mp-manage.account.admin'] } as const;
/** The account list is read by every page of the group (each page chooses an account). */
const ANY_WX = {
  kind: 'codes',
  codes: [
    'wx-mp-manage.account.admin',
    'wx-mp-manage.wxuser.admin',
    'wx-mp-manage.menu.admin',
    'wx-mp-manage.material.admin',
    WX_SEND_CODE,
    WX_SEND_APPROVE_CODE,
  ],
} as const;
const FOLLOWERS = { kind: 'codes', codes: ['wx-mp-manage.wxuser.admin', 'wx-mp-manage.account.admin'] } as const;
const MENU = { kind: 'codes', codes: ['wx-mp-manage.menu.admin'] } as const;
/**
 * Mass sends: composing and approving are separate duties (docs/security.md#separation-of-duties). The sender's code
 * composes, previews and picks the articles; the approver's approves or refuses; either reads the sends, retries a
 * failed one (already approved, WeChat drops a duplicate) and asks WeChat for the outcome.
 */
const SEND = { kind: 'codes', codes: [WX_SEND_CODE] } as const;
const SEND_APPROVE = { kind: 'codes', codes: [WX_SEND_APPROVE_CODE] } as const;
const SEND_ANY = { kind: 'codes', codes: [WX_SEND_CODE, WX_SEND_APPROVE_CODE] } as const;
const MEDIA = { kind: 'codes', codes: ['wx-mp-manage.material.admin'] } as const;
const PUBLIC = { kind: 'public' } as const;

export const WEIXIN_API = {
  wxAccountList: {
    ...E.wxAccountList,
    access: ANY_WX,
    summary: "The customer's official accounts (secrets masked)",
    data: z.array(WxAccount),
  },
  wxAccountInsert: {
    ...E.wxAccountInsert,
    access: ACCOUNT,
    summary: 'Add an official account (secret, token and key stored encrypted)',
    body: WxAccountCreate,
    data: WxAccount,
  },
  wxAccountUpdate: {
    ...E.wxAccountUpdate,
    access: ACCOUNT,
    summary: 'Edit an official account (optimistic version); a secret left empty is kept',
    body: WxAccountUpdate,
    data: WxAccount,
  },
  wxAccountDelete: {
    ...E.wxAccountDelete,
    access: ACCOUNT,
    summary: 'Delete an official account with its followers and menus',
    query: WxIdQuery,
    data: z.null(),
  },
  wxAccountTest: {
    ...E.wxAccountTest,
    access: ACCOUNT,
    summary: "Test the connection: fetch an access token with the account's appId and secret",
    body: WxAccountIdBody,
    data: WxCallResult,
  },
  wxFollowerSync: {
    ...E.wxFollowerSync,
    access: FOLLOWERS,
    summary: 'Sync followers from WeChat (their openIds 10 000 per call, then their details 100 per call)',
    body: WxAccountIdBody,
    data: WxFollowerSynced,
  },
  wxFollowerPage: {
    ...E.wxFollowerPage,
    access: FOLLOWERS,
    summary: 'Followers of an account: keyword, tag, subscribed; paged',
    query: WxFollowerQuery,
    data: paged(WxFollower),
  },
  wxFollowerRemark: {
    ...E.wxFollowerRemark,
    access: FOLLOWERS,
    summary: "Set a follower's remark (kept in the console)",
    body: WxFollowerRemark,
    data: WxFollower,
  },
  wxMenuGet: {
    ...E.wxMenuGet,
    access: MENU,
    summary: "An account's menu: the draft and what was last published",
    query: WxAccountIdQuery,
    data: WxMenu,
  },
  wxMenuSave: {
    ...E.wxMenuSave,
    access: MENU,
    summary: 'Save the draft menu (optimistic version; checked against WeChat’s limits)',
    body: WxMenuSave,
    data: WxMenu,
  },
  wxMenuPublish: {
    ...E.wxMenuPublish,
    access: MENU,
    summary: 'Publish the saved draft to WeChat: checked first, recorded as published only once WeChat took it',
    body: WxMenuPublish,
    data: WxMenu,
  },
  wxMenuCurrent: { ...E.wxMenuCurrent, access: MENU, summary: 'The menu WeChat has now', query: WxAccountIdQuery, data: WxMenuCurrent },
  wxSendPage: {
    ...E.wxSendPage,
    access: SEND_ANY,
    summary: 'Mass sends of the customer, newest first: account, state; paged',
    query: WxSendQuery,
    data: paged(WxSend),
  },
  wxSendCreate: {
    ...E.wxSendCreate,
    access: SEND,
    summary: 'Compose a mass send; it waits for approval by a holder of the approval code other than its author',
    body: WxSendCreate,
    data: WxSend,
  },
  wxSendPreview: {
    ...E.wxSendPreview,
    access: SEND,
    summary: 'Send a waiting mass send to one follower first, as a preview',
    body: WxSendPreview,
    data: WxSend,
  },
  wxSendApprove: {
    ...E.wxSendApprove,
    access: SEND_APPROVE,
    summary: 'Approve and send (not by its author); a second click or another approver finds it no longer waiting (4009)',
    body: WxSendIdBody,
    data: WxSend,
  },
  wxSendReject: {
    ...E.wxSendReject,
    access: SEND_APPROVE,
    summary: 'Refuse a waiting mass send with a reason',
    body: WxSendReject,
    data: WxSend,
  },
  wxSendRetry: {
    ...E.wxSendRetry,
    access: SEND_ANY,
    summary: 'Hand a failed send to WeChat again with the same clientmsgid (WeChat drops a duplicate: 45065 counts as sent)',
    body: WxSendIdBody,
    data: WxSend,
  },
  wxSendRefresh: {
    ...E.wxSendRefresh,
    access: SEND_ANY,
    summary: "Ask WeChat for a submitted send's outcome",
    body: WxSendIdBody,
    data: WxSend,
  },
  wxSendArticles: {
    ...E.wxSendArticles,
    access: SEND,
    summary: 'Published service products that can be sent',
    data: z.array(WxSendArticle),
  },
  wxTags: {
    ...E.wxTags,
    access: ANY_WX,
    summary: "An account's follower tags as WeChat has them, with their counts",
    query: WxAccountIdQuery,
    data: z.array(z.object({ id: z.number().int(), name: z.string(), count: z.number().int() })),
  },
  wxMediaPage: {
    ...E.wxMediaPage,
    access: MEDIA,
    summary: "An account's permanent media by type, with WeChat's counts; paged",
    query: WxMediaQuery,
    data: WxMediaPageData,
  },
  wxMediaUpload: {
    ...E.wxMediaUpload,
    access: MEDIA,
    multipart: true,
    summary: 'Upload a permanent medium (fields accountId, type; file "file"): format and size checked by content before WeChat sees it',
    data: WxMedia,
  },
  wxMediaDelete: { ...E.wxMediaDelete, access: MEDIA, summary: 'Delete a medium at WeChat and here', query: WxIdQuery, data: z.null() },
  wxMediaFile: {
    ...E.wxMediaFile,
    access: MEDIA,
    summary: "The console's copy of a medium, for a preview",
    params: WxMediaFileParams,
    data: z.null(),
    raw: true,
  },
  wxCallbackVerify: {
    ...E.wxCallbackVerify,
    access: PUBLIC,
    summary: "WeChat's server check: echostr echoed for a right signature, timestamp within 5 minutes, used once",
    params: WxCallbackParams,
    query: WxCallbackQuery,
    data: z.null(),
    raw: true,
  },
  wxCallbackPush: {
    ...E.wxCallbackPush,
    access: PUBLIC,
    summary:
      "Messages and events WeChat pushes (XML; timestamp within 5 minutes, each signature once; encrypted and signed over the body in the account's compatible or safe mode; duplicates ignored)",
    params: WxCallbackParams,
    query: WxCallbackQuery,
    data: z.null(),
    raw: true,
  },
} as const satisfies Record<string, ApiDef>;
