import { ADMIN, holdsPlatformScope, PLATFORM_SCOPE_CODE } from '@agromet/contracts/web';
import type { AppRoute } from '@agromet/contracts';

/** Tree keys of group nodes start with this; leaf keys are the permission codes themselves. */
export const GROUP_KEY_PREFIX = 'group:';
export const OTHER_GROUP_KEY = `${GROUP_KEY_PREFIX}other`;

export interface PermissionLike {
  code: string;
  name: string;
}

export interface PermissionGroup<P extends PermissionLike> {
  key: string;
  /** The route group's title (an i18n key under `route.`); null for the "other" group. */
  titleKey: string | null;
  items: P[];
}

/**
 * Permission codes grouped like the menu: one group per top-level route (a group of pages, or a
 * single page) with the codes its pages require, then the codes the group itself names (used on
 * its pages without opening one: issuing a forecast on the revision pages, the platform's customer
 * management), in menu order, each code once (where it first appears). Codes no route names
 * (admin, custom codes) go to a last "other" group. Codes the server does not know are left out.
 */
export function groupPermissions<P extends PermissionLike>(routes: readonly AppRoute[], permissions: readonly P[]): PermissionGroup<P>[] {
  const byCode = new Map(permissions.map((p) => [p.code, p]));
  const placed = new Set<string>();
  const groups: PermissionGroup<P>[] = [];
  for (const route of routes) {
    const pages = route.children ?? [route];
    const items: P[] = [];
    for (const page of route.children ? [...pages, route] : pages) {
      for (const code of page.meta.roles ?? []) {
        const permission = byCode.get(code);
        if (!permission || placed.has(code)) continue;
        placed.add(code);
        items.push(permission);
      }
    }
    if (items.length > 0) groups.push({ key: `${GROUP_KEY_PREFIX}${route.name}`, titleKey: route.meta.title, items });
  }
  const others = permissions.filter((p) => !placed.has(p.code));
  if (others.length > 0) groups.push({ key: OTHER_GROUP_KEY, titleKey: null, items: others });
  return groups;
}

export function isGroupKey(key: string | number | bigint): boolean {
  return String(key).startsWith(GROUP_KEY_PREFIX);
}

/** The permission codes among a tree's checked keys (group nodes dropped, each code once). */
export function checkedCodes(keys: ReadonlyArray<string | number | bigint>): string[] {
  return [...new Set(keys.map(String).filter((k) => !isGroupKey(k)))];
}

/**
 * Whether the editor may tick a code: the server lets nobody grant a code they do not hold
 * (admin holds all), but keeping a code the role already has is not a grant.
 */
export function canGrant(code: string, held: readonly string[], original: readonly string[]): boolean {
  return held.includes(ADMIN) || held.includes(code) || original.includes(code);
}

/**
 * The codes an editor is offered: the platform's own codes (admin, the platform-wide customer code) only to the
 * platform, or where the role already holds them; a customer's administrator could never grant them (the server
 * refuses a code the granter does not hold, and a customer never holds these).
 */
export function offeredPermissions<P extends PermissionLike>(
  permissions: readonly P[],
  held: readonly string[],
  original: readonly string[],
): P[] {
  if (holdsPlatformScope(held)) return [...permissions];
  return permissions.filter((p) => (p.code !== ADMIN && p.code !== PLATFORM_SCOPE_CODE) || original.includes(p.code));
}
