import type { MessageTable } from '../../core/messages.js';

// Server messages of forecaster allocation (modules/allocation/service.ts). In zh, en and es;
// apps/server/src/messages.ts installs them into core's lookup.

const zh = {
  allocationExists: '用户 {user} 已分配预报类型 {type}',
  notAllocated: '未分配预报类型“{type}”，不能订正；请联系预报分配管理员',
} as const;

type Key = keyof typeof zh;

const en: Record<Key, string> = {
  allocationExists: 'User {user} already has forecast type {type}',
  notAllocated: 'Forecast type "{type}" is not allocated to you, so you cannot revise it; ask the allocation administrator',
};

const es: Record<Key, string> = {
  allocationExists: 'El usuario {user} ya tiene el tipo de pronóstico {type}',
  notAllocated:
    'El tipo de pronóstico «{type}» no le está asignado, así que no puede corregirlo; consulte al administrador de asignaciones',
};

export const allocationMessages: MessageTable<Key> = { zh, en, es };

declare module '../../core/messages.js' {
  interface FeatureMessages {
    allocation: Key;
  }
}
