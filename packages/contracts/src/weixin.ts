import { z } from 'zod';
import type { ApiDef } from './api.js';
import { StoredImagePath } from './auth.js';
import { paged, pageFields } from './system.js';
import {
  WEIXIN_ENDPOINTS as E,
  WX_MEDIA_TYPES,
  WX_SEND_KINDS,
  WX_SEND_OPENIDS,
  WX_SEND_STATES,
  WX_SEND_TARGETS,
  WX_TEXT_MAX,
  WX_ACCOUNT_MAX,
  WX_AES_KEY_PATTERN,
  WX_APPID_PATTERN,
  WX_ENCRYPT_MODES,
  WX_ID_PATTERN,
  WX_TOKEN_PATTERN,
} from './weixin-endpoints.js';
import { MENU_BUTTON_TYPES } from './weixin-menu-rules.js';
import { WX_SEND_APPROVE_CODE, WX_SEND_CODE } from './permissions.js';

// The official-account manager (docs/weixin.md): accounts with their secrets stored encrypted, followers synced from
// WeChat, menus checked before publishing, and the callback WeChat pushes to. Entries of the API table.

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

const id = z.number().int().positive();
const queryId = z.coerce.number().int().positive();
const optional = (pattern: RegExp, key: string) => z.union([z.literal(''), z.string().regex(pattern, key)]);

export const wxAccountFields = {
  name: z.string().trim().min(1).max(WX_ACCOUNT_MAX.name),
  nickname: z.string().trim().max(WX_ACCOUNT_MAX.nickname).default(''),
  wxId: z.string().trim().regex(WX_ID_PATTERN, 'wx.wxIdFormat'),
  appId: z.string().trim().regex(WX_APPID_PATTERN, 'wx.appIdFormat'),
  avatar: StoredImagePath.or(z.literal('')).default(''),
};
/** A new account needs its secret and token; the AES key is needed only in the compatible and safe modes. */
export const WxAccountCreate = z
  .strictObject({
    ...wxAccountFields,
    secret: z.string().trim().min(16).max(WX_ACCOUNT_MAX.secret),
    token: z.string().trim().regex(WX_TOKEN_PATTERN, 'wx.tokenFormat'),
    aesKey: optional(WX_AES_KEY_PATTERN, 'wx.aesKeyFormat').default(''),
    encryptMode: z.enum(WX_ENCRYPT_MODES).default('plain'),
  })
  .superRefine((a, ctx) => {
    if (a.encryptMode !== 'plain' && a.aesKey === '') ctx.addIssue({ code: 'custom', path: ['aesKey'], message: 'wx.aesKeyRequired' });
  });
/**
 * An edit leaves a secret unchanged unless it is typed again (absent or empty: keep). Leaving plaintext mode needs an
 * EncodingAESKey typed here or stored (the server checks the stored one).
 */
export const WxAccountUpdate = z.strictObject({
  id,
  version: z.number().int().positive(),
  ...wxAccountFields,
  secret: z.union([z.literal(''), z.string().trim().min(16).max(WX_ACCOUNT_MAX.secret)]).optional(),
  token: optional(WX_TOKEN_PATTERN, 'wx.tokenFormat').optional(),
  aesKey: optional(WX_AES_KEY_PATTERN, 'wx.aesKeyFormat').optional(),
  /** Absent: unchanged. */
  encryptMode: z.enum(WX_ENCRYPT_MODES).optional(),
});
export type WxAccountCreate = z.input<typeof WxAccountCreate>;

export const WxAccount = z.object({
  id: z.number().int(),
  name: z.string(),
  nickname: z.string(),
  wxId: z.string(),
  appId: z.string(),
  avatar: z.string(),
  /** Masked: the secret, token and key are never answered. */
  secret: z.string(),
  token: z.string(),
  aesKey: z.string(),
  hasAesKey: z.boolean(),
  /** How WeChat seals its pushes to this account (plain, compatible or safe). */
  encryptMode: z.enum(WX_ENCRYPT_MODES),
  /** The address to enter in WeChat's console as the server URL. */
  callbackUrl: z.string(),
  /** Calls made to WeChat for this account, and the last one. */
  apiCalls: z.number().int(),
  lastCallAt: z.string().nullable(),
  /** The last connection test: when and what WeChat said (0: fine). */
  lastTestAt: z.string().nullable(),
  lastTestCode: z.number().int().nullable(),
  followers: z.number().int(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WxAccount = z.infer<typeof WxAccount>;
export const WxIdQuery = z.strictObject({ id: queryId });
export const WxAccountIdQuery = z.strictObject({ accountId: queryId });
export const WxAccountIdBody = z.strictObject({ accountId: id });

/** The result of talking to WeChat: fine, or WeChat's error code with what to do about it. */
export const WxCallResult = z.object({
  ok: z.boolean(),
  errcode: z.number().int(),
  /** WeChat's own words. */
  errmsg: z.string(),
  /** What the administrator should do, in their language (empty when fine). */
  advice: z.string(),
  /** Seconds the token is good for, after a successful test. */
  expiresIn: z.number().int().nullable(),
});
export type WxCallResult = z.infer<typeof WxCallResult>;

export const WxFollower = z.object({
  id: z.number().int(),
  openId: z.string(),
  nickname: z.string(),
  remark: z.string(),
  tagIds: z.array(z.number().int()),
  subscribed: z.boolean(),
  subscribeTime: z.string().nullable(),
  language: z.string(),
  syncedAt: z.string(),
});
export type WxFollower = z.infer<typeof WxFollower>;
export const WxFollowerQuery = z.strictObject({
  accountId: queryId,
  ...pageFields,
  keyword: z.string().trim().max(64).optional(),
  tagId: z.coerce.number().int().min(0).optional(),
  subscribed: z.enum(['true', 'false']).optional(),
});
export const WxFollowerSynced = z.object({
  total: z.number().int(),
  added: z.number().int(),
  updated: z.number().int(),
  left: z.number().int(),
});
export const WxFollowerRemark = z.strictObject({ id, remark: z.string().trim().max(30) });

const menuButton = z.object({
  name: z.string().max(200),
  type: z.enum(MENU_BUTTON_TYPES).optional(),
  key: z.string().max(512).optional(),
  url: z.string().max(4096).optional(),
  appid: z.string().max(64).optional(),
  pagepath: z.string().max(512).optional(),
});
export const WxMenuBody = z.object({
  button: z.array(menuButton.extend({ sub_button: z.array(menuButton).max(20).optional() })).max(10),
});
export const WxMenu = z.object({
  accountId: z.number().int(),
  draft: WxMenuBody,
  /** What was last published through the console, and when; null before the first. */
  published: WxMenuBody.nullable(),
  publishedAt: z.string().nullable(),
  publishedBy: z.string(),
  version: z.number().int(),
});
export type WxMenu = z.infer<typeof WxMenu>;
export const WxMenuSave = z.strictObject({ accountId: id, version: z.number().int().min(0), menu: WxMenuBody });
export const WxMenuPublish = z.strictObject({ accountId: id, version: z.number().int().positive() });
/** What WeChat has now (null: no menu). */
export const WxMenuCurrent = z.object({ menu: WxMenuBody.nullable() });

export const WxSendCreate = z
  .strictObject({
    accountId: id,
    kind: z.enum(WX_SEND_KINDS),
    /** The text (kind text), or a remark shown before the article's link (kind article). */
    text: z.string().trim().max(WX_TEXT_MAX).default(''),
    /** A published service product of the customer (kind article). */
    articleId: id.optional(),
    /** A picture of the account's media library (kind image): its id in the console. */
    mediaId: id.optional(),
    target: z.enum(WX_SEND_TARGETS),
    tagId: z.number().int().min(0).optional(),
    openIds: z.array(z.string().trim().min(1).max(64)).max(WX_SEND_OPENIDS.max).default([]),
  })
  .superRefine((s, ctx) => {
    if (s.kind === 'text' && s.text === '') ctx.addIssue({ code: 'custom', path: ['text'], message: 'wx.textRequired' });
    if (s.kind === 'article' && s.articleId === undefined)
      ctx.addIssue({ code: 'custom', path: ['articleId'], message: 'wx.articleRequired' });
    if (s.target === 'tag' && s.tagId === undefined) ctx.addIssue({ code: 'custom', path: ['tagId'], message: 'wx.tagRequired' });
    // WeChat sends to a list of 2 to 10 000: one follower is a preview, not a mass send.
    if (s.target === 'openids' && new Set(s.openIds).size < WX_SEND_OPENIDS.min)
      ctx.addIssue({ code: 'custom', path: ['openIds'], message: 'wx.openIdsTooFew' });
  });
export type WxSendCreate = z.input<typeof WxSendCreate>;

export const WxSend = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  accountName: z.string(),
  kind: z.enum(WX_SEND_KINDS),
  /** What followers receive, as text. */
  content: z.string(),
  articleId: z.number().int().nullable(),
  target: z.enum(WX_SEND_TARGETS),
  tagId: z.number().int().nullable(),
  openIdCount: z.number().int(),
  state: z.enum(WX_SEND_STATES),
  /** The idempotency key handed to WeChat: a retry of this send never sends it twice. */
  clientMsgId: z.string(),
  createdBy: z.string(),
  approvedBy: z.string(),
  approvedAt: z.string().nullable(),
  reason: z.string(),
  /** WeChat's numbers when it reported the job (MASSSENDJOBFINISH or a status check). */
  msgId: z.string(),
  totalCount: z.number().int().nullable(),
  sentCount: z.number().int().nullable(),
  errorCount: z.number().int().nullable(),
  /** WeChat's error code and what to do, when it failed. */
  errcode: z.number().int().nullable(),
  error: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WxSend = z.infer<typeof WxSend>;
export const WxSendQuery = z.strictObject({ accountId: queryId.optional(), state: z.enum(WX_SEND_STATES).optional(), ...pageFields });
export const WxSendIdBody = z.strictObject({ id });
export const WxSendPreview = z.strictObject({ id, openId: z.string().trim().min(1).max(64) });
export const WxSendReject = z.strictObject({ id, reason: z.string().trim().min(1).max(200) });
export const WxSendArticle = z.object({ id: z.number().int(), title: z.string(), publishedAt: z.string().nullable() });

export const WxMedia = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  type: z.enum(WX_MEDIA_TYPES),
  name: z.string(),
  /** WeChat's id of the material. */
  mediaId: z.string(),
  format: z.string(),
  size: z.number().int(),
  /** The console's copy, for previews (GET /api/wx/media/file/:id). */
  previewUrl: z.string(),
  uploadedBy: z.string(),
  createdAt: z.string(),
});
export type WxMedia = z.infer<typeof WxMedia>;
export const WxMediaQuery = z.strictObject({ accountId: queryId, type: z.enum(WX_MEDIA_TYPES).optional(), ...pageFields });
export const WxMediaUploadFields = z.strictObject({ accountId: z.coerce.number().int().positive(), type: z.enum(WX_MEDIA_TYPES) });
export const WxMediaPageData = paged(WxMedia).extend({
  /** WeChat's counts of the account's materials by type. */
  counts: z.object({ image: z.number().int(), voice: z.number().int(), video: z.number().int(), thumb: z.number().int() }),
});
export const WxMediaFileParams = z.strictObject({ id: z.coerce.number().int().positive() });

export const WxCallbackParams = z.strictObject({ accountId: z.coerce.number().int().positive() });
export const WxCallbackQuery = z.object({
  signature: z.string().max(64).default(''),
  timestamp: z.string().max(16).default(''),
  nonce: z.string().max(64).default(''),
  echostr: z.string().max(256).optional(),
  openid: z.string().max(64).optional(),
  /** Compatible and safe modes: 'aes', and the signature over the token, timestamp, nonce and <Encrypt>. */
  encrypt_type: z.string().max(16).optional(),
  msg_signature: z.string().max(64).optional(),
});

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
