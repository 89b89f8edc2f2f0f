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
/** What a stored secret is shown as: never the secret itself. */
export const WX_SECRET_MASK = '••••••••';

/** Followers asked of WeChat per list call, and per batch of user info. */
export const WX_FOLLOWER_PAGE = 10_000;
export const WX_USER_INFO_BATCH = 100;
