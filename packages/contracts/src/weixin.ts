import { z } from 'zod';
import { StoredImagePath } from './auth.js';
import { paged, pageFields } from './system.js';
import {
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

// The official-account manager (docs/weixin.md): accounts with their secrets stored encrypted, followers synced from
// WeChat, menus checked before publishing, and the callback WeChat pushes to. Entries of the API table.

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
