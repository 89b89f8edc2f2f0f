import type { WxAccount } from '@agromet/contracts';
import type { WxEncryptMode } from '@agromet/contracts/web';

/** The account form's values. */
export interface AccountValues {
  name: string;
  wxId: string;
  appId: string;
  nickname: string;
  secret: string;
  token: string;
  aesKey: string;
  encryptMode: WxEncryptMode;
  avatar: string;
}

/** The fields the server may name in a refusal. */
export const ACCOUNT_FIELDS = ['name', 'nickname', 'wxId', 'appId', 'secret', 'token', 'aesKey', 'encryptMode'] as const;

/** The form's first values: the account's (its secrets never shown, left empty to keep them), or a new one's. */
export function accountFormValues(account: WxAccount | null): AccountValues {
  return {
    name: account?.name ?? '',
    nickname: account?.nickname ?? '',
    wxId: account?.wxId ?? '',
    appId: account?.appId ?? '',
    secret: '',
    token: '',
    aesKey: '',
    encryptMode: account?.encryptMode ?? 'plain',
    avatar: account?.avatar ?? '',
  };
}

/** What is saved: every text trimmed, a field the form never set empty. */
export function accountSaveValues(
  v: Partial<AccountValues> & Pick<AccountValues, 'name' | 'wxId' | 'appId' | 'encryptMode'>,
): AccountValues {
  return {
    name: v.name.trim(),
    nickname: (v.nickname ?? '').trim(),
    wxId: v.wxId.trim(),
    appId: v.appId.trim(),
    secret: (v.secret ?? '').trim(),
    token: (v.token ?? '').trim(),
    aesKey: (v.aesKey ?? '').trim(),
    encryptMode: v.encryptMode,
    avatar: v.avatar ?? '',
  };
}

/** Compatible and safe need an EncodingAESKey: typed now, or stored before. */
export function needsAesKey(mode: WxEncryptMode | undefined, storedAesKey: boolean): boolean {
  return (mode ?? 'plain') !== 'plain' && !storedAesKey;
}
