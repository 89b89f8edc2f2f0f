import type { MessageTable } from '../../core/messages.js';

// Server messages of sign-in and the own account (modules/auth): the current password, a new one, the refresh token. In
// zh, en and es; apps/server/src/messages.ts installs them into core's lookup.

const zh = {
  wrongCurrentPassword: '当前密码不正确',
  sameAsOld: '新密码不能与当前密码相同',
  refreshTokenMissing: '缺少刷新令牌',
} as const;

type Key = keyof typeof zh;

const en: Record<Key, string> = {
  wrongCurrentPassword: 'The current password is wrong',
  sameAsOld: 'The new password must differ from the current one',
  refreshTokenMissing: 'the refresh token is missing',
};

const es: Record<Key, string> = {
  wrongCurrentPassword: 'La contraseña actual no es correcta',
  sameAsOld: 'La nueva contraseña debe ser distinta de la actual',
  refreshTokenMissing: 'falta el token de actualización',
};

export const authMessages: MessageTable<Key> = { zh, en, es };

declare module '../../core/messages.js' {
  interface FeatureMessages {
    auth: Key;
  }
}
