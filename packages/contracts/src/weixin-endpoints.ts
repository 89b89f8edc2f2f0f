// The official-account manager (docs/weixin.md): the zod-free half the browser imports at run time (method and
// address of each call, spread into API_ENDPOINTS) and the limits the pages check before sending.

export const WEIXIN_ENDPOINTS = {
  wxAccountList: { method: 'GET', url: '/api/wx/account/list' },
  wxAccountInsert: { method: 'POST', url: '/api/wx/account/insert' },
  wxAccountUpdate: { method: 'POST', url: '/api/wx/account/update' },
  wxAccountDelete: { method: 'GET', url: '/api/wx/account/deleteById' },
  wxAccountTest: { method: 'POST', url: '/api/wx/account/test' },
  wxFollowerSync: { method: 'POST', url: '/api/wx/follower/sync' },
  wxFollowerPage: { method: 'GET', url: '/api/wx/follower/page' },
  wxFollowerRemark: { method: 'POST', url: '/api/wx/follower/remark' },
  wxMenuGet: { method: 'GET', url: '/api/wx/menu/get' },
  wxMenuSave: { method: 'POST', url: '/api/wx/menu/save' },
  wxMenuPublish: { method: 'POST', url: '/api/wx/menu/publish' },
  wxMenuCurrent: { method: 'GET', url: '/api/wx/menu/current' },
  wxSendPage: { method: 'GET', url: '/api/wx/send/page' },
  wxSendCreate: { method: 'POST', url: '/api/wx/send/create' },
  wxSendPreview: { method: 'POST', url: '/api/wx/send/preview' },
  wxSendApprove: { method: 'POST', url: '/api/wx/send/approve' },
  wxSendReject: { method: 'POST', url: '/api/wx/send/reject' },
  wxSendRetry: { method: 'POST', url: '/api/wx/send/retry' },
  wxSendRefresh: { method: 'POST', url: '/api/wx/send/refresh' },
  wxSendArticles: { method: 'GET', url: '/api/wx/send/articles' },
  wxTags: { method: 'GET', url: '/api/wx/tags' },
  wxMediaPage: { method: 'GET', url: '/api/wx/media/page' },
  wxMediaUpload: { method: 'POST', url: '/api/wx/media/upload' },
  wxMediaDelete: { method: 'GET', url: '/api/wx/media/deleteById' },
  wxMediaFile: { method: 'GET', url: '/api/wx/media/file/:id' },
  wxCallbackVerify: { method: 'GET', url: '/api/wx/callback/:accountId' },
  wxCallbackPush: { method: 'POST', url: '/api/wx/callback/:accountId' },
} as const;

/** Lengths of an account's fields. */
export const WX_ACCOUNT_MAX = { name: 64, nickname: 64, wxId: 32, appId: 32, secret: 64, token: 32, aesKey: 43 } as const;
/** An account's WeChat id (原始 ID) as WeChat writes it. */
export const WX_ID_PATTERN = /^gh_[0-9a-f]{12}$/;
export const WX_APPID_PATTERN = /^wx[0-9a-f]{16}$/;
/** The callback token: 3–32 letters and digits, as WeChat's console takes it. */
export const WX_TOKEN_PATTERN = /^[A-Za-z0-9]{3,32}$/;
/** EncodingAESKey: 43 letters and digits. */
export const WX_AES_KEY_PATTERN = /^[A-Za-z0-9]{43}$/;
/**
 * How WeChat's pushes to an account are sealed (its console's 消息加解密方式): plaintext (明文), compatible (兼容: the plain
 * fields and <Encrypt> side by side) or safe (安全: <Encrypt> only). Compatible and safe need the EncodingAESKey.
 */
export const WX_ENCRYPT_MODES = ['plain', 'compatible', 'safe'] as const;
export type WxEncryptMode = (typeof WX_ENCRYPT_MODES)[number];
/** What a stored secret is shown as: never the secret itself. */
export const WX_SECRET_MASK = '••••••••';

/** Followers asked of WeChat per list call, and per batch of user info. */
export const WX_FOLLOWER_PAGE = 10_000;
export const WX_USER_INFO_BATCH = 100;

/** What a mass send carries: text, a picture of the media library, or a published service product (its title, summary and public address). */
export const WX_SEND_KINDS = ['text', 'image', 'article'] as const;
export type WxSendKind = (typeof WX_SEND_KINDS)[number];
/** Who receives it: every follower, a tag, or chosen followers (WeChat takes 2–10 000 openIds). */
export const WX_SEND_TARGETS = ['all', 'tag', 'openids'] as const;
export type WxSendTarget = (typeof WX_SEND_TARGETS)[number];
export const WX_SEND_OPENIDS = { min: 2, max: 10_000 } as const;
export const WX_TEXT_MAX = 600;
/**
 * A send's life: waiting for a second person's approval, being handed to WeChat, accepted by WeChat (submitted), then
 * sent or failed by WeChat's report; refused by the approver.
 */
export const WX_SEND_STATES = ['pending', 'sending', 'submitted', 'sent', 'failed', 'rejected'] as const;
export type WxSendState = (typeof WX_SEND_STATES)[number];

/** Kinds of permanent media and WeChat's limits on them: formats (checked by content) and size. */
export const WX_MEDIA_TYPES = ['image', 'voice', 'video', 'thumb'] as const;
export type WxMediaType = (typeof WX_MEDIA_TYPES)[number];
export const WX_MEDIA_LIMITS: Record<WxMediaType, { maxBytes: number; formats: readonly string[] }> = {
  image: { maxBytes: 10 * 1024 * 1024, formats: ['jpg', 'png', 'gif', 'bmp'] },
  voice: { maxBytes: 2 * 1024 * 1024, formats: ['mp3', 'amr', 'wav', 'wma'] },
  video: { maxBytes: 10 * 1024 * 1024, formats: ['mp4'] },
  thumb: { maxBytes: 64 * 1024, formats: ['jpg'] },
};
