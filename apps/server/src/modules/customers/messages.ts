import type { MessageTable } from '../../core/messages.js';

// Server messages of customers (modules/customers/service.ts): deleting one that still holds users or data, and its
// entitled modules. In zh, en and es; apps/server/src/messages.ts installs them into core's lookup.

const zh = {
  customerHasUsers: '该客户下还有 {count} 个用户，不能删除',
  customerHasData:
    '该客户还保存着数据（格点场 {grids} 个、站点 {stations} 个、订正记录 {revisions} 条、签发 {issues} 次、边界图层 {boundaries} 个），不能删除',
  entitlementInUse: '该客户的角色仍在使用这些模块，不能取消：{codes}（请先从角色中移除）',
  entitlementPlatform: '平台客户不设开通模块：平台管理员只能授予自己拥有的权限',
} as const;

type Key = keyof typeof zh;

const en: Record<Key, string> = {
  customerHasUsers: 'This customer still has {count} users and cannot be deleted',
  customerHasData:
    'This customer still holds data ({grids} grids, {stations} stations, {revisions} revisions, {issues} issues, {boundaries} boundary layers) and cannot be deleted',
  entitlementInUse:
    "The customer's roles still use these modules, which therefore cannot be withdrawn: {codes} (remove them from the roles first)",
  entitlementPlatform: 'The platform customer has no modules to set: its administrators grant only the permissions they hold',
};

const es: Record<Key, string> = {
  customerHasUsers: 'Este cliente aún tiene {count} usuarios y no se puede eliminar',
  customerHasData:
    'Este cliente aún guarda datos ({grids} rejillas, {stations} estaciones, {revisions} correcciones, {issues} emisiones, {boundaries} capas de límites) y no se puede eliminar',
  entitlementInUse:
    'Los roles del cliente aún usan estos módulos, que por tanto no pueden retirarse: {codes} (quítelos antes de los roles)',
  entitlementPlatform: 'El cliente de la plataforma no tiene módulos que fijar: sus administradores solo otorgan los permisos que tienen',
};

export const customersMessages: MessageTable<Key> = { zh, en, es };

declare module '../../core/messages.js' {
  interface FeatureMessages {
    customers: Key;
  }
}
