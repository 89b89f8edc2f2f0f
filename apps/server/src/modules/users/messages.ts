import type { MessageTable } from '../../core/messages.js';

// Server messages of users (modules/users/service.ts): their roles, customer and who may manage them. In zh, en and es;
// apps/server/src/messages.ts installs them into core's lookup.

const zh = {
  ownRoles: '不能修改自己的角色',
  roleOtherCustomer: '角色必须属于该用户所在的客户',
  unknownRole: '角色不存在：{ids}',
  unknownCustomer: '客户不存在',
  selfDisable: '不能停用或删除自己',
  cannotManageUser: '不能管理拥有你不能授予的权限的用户',
} as const;

type Key = keyof typeof zh;

const en: Record<Key, string> = {
  ownRoles: 'You cannot change your own roles',
  roleOtherCustomer: 'Roles must belong to the customer of the user',
  unknownRole: 'No such roles: {ids}',
  unknownCustomer: 'No such customer',
  selfDisable: 'You cannot disable or delete yourself',
  cannotManageUser: 'You cannot manage a user holding permissions you may not grant',
};

const es: Record<Key, string> = {
  ownRoles: 'No puede cambiar sus propios roles',
  roleOtherCustomer: 'Los roles deben pertenecer al cliente del usuario',
  unknownRole: 'No existen los roles: {ids}',
  unknownCustomer: 'No existe el cliente',
  selfDisable: 'No puede desactivarse ni eliminarse a sí mismo',
  cannotManageUser: 'No puede gestionar a un usuario con permisos que usted no puede otorgar',
};

export const usersMessages: MessageTable<Key> = { zh, en, es };

declare module '../../core/messages.js' {
  interface FeatureMessages {
    users: Key;
  }
}
