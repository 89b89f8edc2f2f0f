import type { MessageTable } from '../../core/messages.js';

// Server messages of roles (modules/roles/service.ts). In zh, en and es; apps/server/src/messages.ts installs them into
// core's lookup.

const zh = {
  roleInUse: '该角色仍有 {count} 个用户在使用，不能删除',
} as const;

type Key = keyof typeof zh;

const en: Record<Key, string> = {
  roleInUse: '{count} users still hold this role; it cannot be deleted',
};

const es: Record<Key, string> = {
  roleInUse: '{count} usuarios aún tienen este rol; no se puede eliminar',
};

export const rolesMessages: MessageTable<Key> = { zh, en, es };

declare module '../../core/messages.js' {
  interface FeatureMessages {
    roles: Key;
  }
}
