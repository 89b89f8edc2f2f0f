import { isPlatformOnlyCode } from '@agromet/contracts/web';
import type { AppRoute, WithheldReason } from '@agromet/contracts';

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

/** Why a code cannot be ticked: the server's reasons (docs/security.md#entitlements). */
export type { WithheldReason };

export interface CodeState {
  /** The box cannot be ticked (a code withheld that the role does not already have). */
  disabled: boolean;
  /** The one-line reason shown beside the code, or null when it may be granted. */
  reason: WithheldReason | null;
}

/**
 * How a code shows in the tree: tickable, or withheld with its reason. Keeping a code the role already has is not a
 * grant, so such a code stays tickable (it can be removed) and still shows why it could not be granted again.
 */
export function codeState(code: string, withheld: ReadonlyMap<string, WithheldReason>, original: readonly string[]): CodeState {
  const reason = withheld.get(code) ?? null;
  return { disabled: reason !== null && !original.includes(code), reason };
}

/** The server's withheld list as a map by code. */
export function withheldByCode(list: ReadonlyArray<{ code: string; reason: WithheldReason }>): Map<string, WithheldReason> {
  return new Map(list.map((w) => [w.code, w.reason]));
}

/** The platform's codes, withheld from every customer's entitlements (the entitlement editor's reasons). */
export function platformCodesWithheld(permissions: readonly PermissionLike[]): Map<string, WithheldReason> {
  return new Map(permissions.filter((p) => isPlatformOnlyCode(p.code)).map((p) => [p.code, 'platformOnly' as const]));
}
