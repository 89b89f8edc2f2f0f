import { ADMIN, ARTICLE_APPROVE_CODE, ARTICLE_WRITE_CODE, WX_SEND_APPROVE_CODE, WX_SEND_CODE } from './permissions.js';

/** A route's meta (docs/console.md#routes-and-access); titles are i18n keys under `route.`. */
export interface RouteMeta {
  title: string;
  icon?: string;
  roles?: readonly string[];
  noCache?: boolean;
  affix?: boolean;
}

export interface AppRoute {
  /** Absolute for top-level routes, relative for children. */
  path: string;
  name: string;
  meta: RouteMeta;
  redirect?: string;
  /** Group routes render their pages inside the full-page map layout. */
  layout?: 'map';
  children?: readonly AppRoute[];
}

const REVISE = ['revise.point.admin', 'revise.polygon.admin', 'revise.recovery.admin', 'revise.submit.admin'];
const WEIXIN = [
  'wx-mp-manage.account.admin',
  'wx-mp-manage.wxuser.admin',
  'wx-mp-manage.menu.admin',
  'wx-mp-manage.material.admin',
  WX_SEND_CODE,
  WX_SEND_APPROVE_CODE,
];
/** Service products: written by one code, approved by another (docs/security.md#separation-of-duties). */
const ARTICLES = [ARTICLE_WRITE_CODE, ARTICLE_APPROVE_CODE];

/** The route table as written: its literal names give {@link AppRouteName}. */
const ROUTE_TABLE = [
  { path: '/dashboard', name: 'dashboard', meta: { title: 'dashboard', icon: 'dashboard', affix: true, noCache: true } },
  {
    path: '/data-revise',
    name: 'data-revise',
    layout: 'map',
    redirect: '/data-revise/point-revise',
    meta: { title: 'dataRevise', icon: 'edit', roles: REVISE },
    children: [
      { path: 'point-revise', name: 'point-revise', meta: { title: 'pointRevise', roles: ['revise.point.admin'] } },
      { path: 'surface-revise', name: 'surface-revise', meta: { title: 'surfaceRevise', roles: ['revise.polygon.admin'] } },
      { path: 'point-manage', name: 'point-manage', meta: { title: 'pointManage', roles: ['revise.point.admin'] } },
      { path: 'data-manage', name: 'data-manage', meta: { title: 'dataManage', roles: ['revise.allocation.admin'] } },
      { path: 'operation-log', name: 'operation-log', meta: { title: 'operationLog', roles: ['revise.recovery.admin'] } },
    ],
  },
  {
    path: '/make-manage',
    name: 'make-manage',
    layout: 'map',
    redirect: '/make-manage/make-product',
    meta: { title: 'makeManage', icon: 'product', roles: ['make.product.admin'] },
    children: [
      { path: 'make-product', name: 'make-product', meta: { title: 'makeProduct', roles: ['make.product.admin'] } },
      { path: 'make-risk', name: 'make-risk', meta: { title: 'makeRisk', roles: ['make.risk.admin'] } },
      { path: 'make-download', name: 'make-download', meta: { title: 'makeDownload', roles: ['make.risk.admin'] } },
    ],
  },
  {
    path: '/zoning-manage',
    name: 'zoning-manage',
    layout: 'map',
    redirect: '/zoning-manage/make-zoning',
    meta: { title: 'zoningManage', icon: 'zoning', roles: ['quhua.make.admin'] },
    children: [
      { path: 'make-zoning', name: 'make-zoning', meta: { title: 'makeZoning', roles: ['quhua.make.admin'] } },
      { path: 'index-manage', name: 'index-manage', meta: { title: 'indexManage', roles: ['quhua.criteria.admin'] } },
      { path: 'crop-calendar', name: 'crop-calendar', meta: { title: 'cropCalendar', roles: ['quhua.criteria.admin'] } },
      { path: 'zoning-list', name: 'zoning-list', meta: { title: 'zoningList', roles: ['quhua.result.admin'] } },
    ],
  },
  {
    path: '/service-products',
    name: 'service-products-group',
    layout: 'map',
    meta: { title: 'serviceProducts', icon: 'service', roles: ARTICLES },
    children: [{ path: '', name: 'service-products', meta: { title: 'serviceProducts', roles: ARTICLES } }],
  },
  {
    path: '/system-admin',
    name: 'system-admin',
    layout: 'map',
    redirect: '/system-admin/customer',
    meta: {
      title: 'systemAdmin',
      icon: 'setting',
      roles: ['osm.customer.admin', 'sys.user.admin', 'sys.role.admin', 'sys.permission.admin', 'sys.log.view'],
    },
    children: [
      { path: 'customer', name: 'customer', meta: { title: 'customer', roles: ['sys.customer.admin'] } },
      { path: 'sys-user', name: 'sys-user', meta: { title: 'sysUser', roles: ['sys.user.admin'] } },
      { path: 'sys-role', name: 'sys-role', meta: { title: 'sysRole', roles: ['sys.role.admin'] } },
      { path: 'sys-permission', name: 'sys-permission', meta: { title: 'sysPermission', roles: ['sys.permission.admin'] } },
      { path: 'sys-log', name: 'sys-log', meta: { title: 'sysLog', roles: ['sys.log.view'] } },
    ],
  },
  {
    path: '/disaster',
    name: 'disaster',
    layout: 'map',
    redirect: '/disaster/manage',
    meta: { title: 'disaster', icon: 'disaster', roles: ['basedata.disastersituation.admin'] },
    children: [{ path: 'manage', name: 'disaster-manage', meta: { title: 'disasterManage', roles: ['basedata.disastersituation.admin'] } }],
  },
  {
    path: '/travel-manage',
    name: 'travel-manage',
    layout: 'map',
    redirect: '/travel-manage/travel-scenic',
    meta: { title: 'travelManage', icon: 'travel', roles: ['travel.scenicspot.admin'] },
    children: [
      { path: 'travel-scenic', name: 'travel-scenic', meta: { title: 'travelScenic', roles: ['travel.scenicspot.admin'] } },
      { path: 'travel-landscape', name: 'travel-landscape', meta: { title: 'travelLandscape', roles: ['travel.scenicspot.admin'] } },
      { path: 'travel-greenWay', name: 'travel-greenWay', meta: { title: 'travelGreenWay', roles: ['travel.scenicspot.admin'] } },
      { path: 'travel-routes', name: 'travel-routes', meta: { title: 'travelRoutes', roles: ['travel.scenicspot.admin'] } },
      { path: 'travel-comment', name: 'travel-comment', meta: { title: 'travelComment', roles: ['travel.scenicspot.admin'] } },
    ],
  },
  {
    path: '/weixin-admin',
    name: 'weixin-admin',
    layout: 'map',
    redirect: '/weixin-admin/weixin-account',
    meta: { title: 'weixinAdmin', icon: 'wechat', roles: WEIXIN },
    children: [
      {
        path: 'weixin-account',
        name: 'weixin-account',
        meta: { title: 'weixinAccount', roles: ['wx-mp-manage.wxuser.admin', 'wx-mp-manage.account.admin'] },
      },
      { path: 'weixin-menu', name: 'weixin-menu', meta: { title: 'weixinMenu', roles: ['wx-mp-manage.menu.admin'] } },
      { path: 'weixin-send', name: 'weixin-send', meta: { title: 'weixinSend', roles: [WX_SEND_CODE, WX_SEND_APPROVE_CODE] } },
      { path: 'weixin-media', name: 'weixin-media', meta: { title: 'weixinMedia', roles: ['wx-mp-manage.material.admin'] } },
    ],
  },
] as const satisfies readonly AppRoute[];

/** The name of every route and group in the table: a page table keyed by it rejects a mistyped name. */
export type AppRouteName = RouteNames<typeof ROUTE_TABLE>;
type RouteNames<R> = R extends readonly (infer E)[]
  ? E extends { name: infer N; children: infer C }
    ? N | RouteNames<C>
    : E extends { name: infer N }
      ? N
      : never
  : never;

/** Every signed-in route with its permission codes (docs/security.md#permissions). */
export const APP_ROUTES: readonly AppRoute[] = ROUTE_TABLE;

/** Access to a route: admin, no roles, or any route role held (docs/console.md#routes-and-access). */
export function hasRouteAccess(userRoles: readonly string[], meta: Pick<RouteMeta, 'roles'> | undefined): boolean {
  if (userRoles.includes(ADMIN)) return true;
  const roles = meta?.roles;
  if (!roles || roles.length === 0) return true;
  return roles.some((r) => userRoles.includes(r));
}

/** Routes the user may see; children are filtered the same way, and a group left empty is dropped. */
export function filterRoutes(routes: readonly AppRoute[], userRoles: readonly string[]): AppRoute[] {
  const out: AppRoute[] = [];
  for (const route of routes) {
    if (!hasRouteAccess(userRoles, route.meta)) continue;
    if (route.children) {
      const children = filterRoutes(route.children, userRoles);
      if (children.length === 0) continue;
      const redirect =
        route.redirect && children.some((c) => joinPath(route.path, c.path) === route.redirect)
          ? route.redirect
          : joinPath(route.path, children[0]!.path);
      out.push({ ...route, redirect, children });
    } else {
      out.push(route);
    }
  }
  return out;
}

export function joinPath(parent: string, child: string): string {
  if (child.startsWith('/')) return child;
  if (child === '') return parent;
  return `${parent.replace(/\/$/, '')}/${child}`;
}

/** The chain of routes (outermost first) matching an absolute path, or null. */
export function matchRoute(routes: readonly AppRoute[], pathname: string): AppRoute[] | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  for (const route of routes) {
    if (route.path === path) {
      const index = route.children?.find((c) => c.path === '');
      return index ? [route, index] : [route];
    }
    if (route.children && path.startsWith(`${route.path}/`)) {
      for (const child of route.children) {
        if (joinPath(route.path, child.path) === path) return [route, child];
      }
    }
  }
  return null;
}

/** Leaf pages with their absolute paths, in menu order. */
export function flattenRoutes(routes: readonly AppRoute[]): Array<{ path: string; route: AppRoute; parents: AppRoute[] }> {
  const out: Array<{ path: string; route: AppRoute; parents: AppRoute[] }> = [];
  for (const route of routes) {
    if (route.children) {
      for (const child of route.children) out.push({ path: joinPath(route.path, child.path), route: child, parents: [route] });
    } else {
      out.push({ path: route.path, route, parents: [] });
    }
  }
  return out;
}
