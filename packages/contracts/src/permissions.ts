/** The built-in permission codes (docs/security.md#permissions), plus `admin`, which passes everything. */
export const ADMIN = 'admin';

export interface PermissionDef {
  code: string;
  /** Seeded display name (zh); the web shows a translated label by code. */
  name: string;
  description: string;
}

export const PERMISSIONS: readonly PermissionDef[] = [
  { code: ADMIN, name: '超级管理员', description: '拥有全部权限' },
  { code: 'revise.point.admin', name: '单点订正', description: '单点订正与站点管理' },
  { code: 'revise.polygon.admin', name: '落区订正', description: '落区（面）订正' },
  { code: 'revise.recovery.admin', name: '订正恢复', description: '订正操作日志与恢复' },
  { code: 'revise.submit.admin', name: '订正提交', description: '提交订正后的预报' },
  { code: 'revise.allocation.admin', name: '预报分配', description: '预报员与预报类型的分配' },
  { code: 'make.product.admin', name: '产品制作', description: '预报产品制作' },
  { code: 'make.risk.admin', name: '风险制作', description: '风险产品制作与下载' },
  { code: 'quhua.make.admin', name: '区划制作', description: '农业气候区划制作' },
  { code: 'quhua.criteria.admin', name: '区划指标', description: '区划指标管理' },
  { code: 'quhua.result.admin', name: '区划结果', description: '区划产品列表' },
  { code: 'serviceproducts.all.admin', name: '服务产品编写', description: '服务产品的编写与提交、类型与发布平台' },
  { code: 'serviceproducts.all.approve', name: '服务产品审核', description: '服务产品的审核、退回与发布' },
  { code: 'osm.customer.admin', name: '平台客户管理', description: '跨客户查看与管理（平台级）' },
  { code: 'sys.customer.admin', name: '客户管理', description: '客户信息与品牌' },
  { code: 'sys.user.admin', name: '用户管理', description: '用户管理' },
  { code: 'sys.role.admin', name: '角色管理', description: '角色管理' },
  { code: 'sys.permission.admin', name: '权限管理', description: '权限码管理' },
  { code: 'sys.log.view', name: '日志查看', description: '操作日志查看' },
  { code: 'basedata.disastersituation.admin', name: '灾情管理', description: '沙尘灾情记录' },
  { code: 'travel.scenicspot.admin', name: '旅游管理', description: '景区、景观、绿道、线路与评论' },
  { code: 'wx-mp-manage.account.admin', name: '公众号账号', description: '公众号账号管理' },
  { code: 'wx-mp-manage.wxuser.admin', name: '公众号用户', description: '公众号用户管理' },
  { code: 'wx-mp-manage.menu.admin', name: '公众号菜单', description: '公众号菜单管理' },
  { code: 'wx-mp-manage.material.admin', name: '公众号素材', description: '公众号素材管理' },
  { code: 'wx-mp-manage.send.admin', name: '公众号群发编写', description: '公众号群发的编写、预览与重发' },
  { code: 'wx-mp-manage.send.approve', name: '公众号群发审核', description: '公众号群发的审核与拒绝' },
];

export const PERMISSION_CODES: readonly string[] = PERMISSIONS.map((p) => p.code);

// Separation of duties (docs/security.md#separation-of-duties): who writes a service product or a mass send holds one
// code, who approves it another, so an approver cannot write and an author cannot approve (nor approve their own work,
// whatever codes they hold). The write codes are the former single codes; migration 0037 gave their holders both.
/** Writes, submits, revises and deletes service products; their kinds and publishing platforms. */
export const ARTICLE_WRITE_CODE = 'serviceproducts.all.admin';
/** Approves, returns and publishes service products written by others. */
export const ARTICLE_APPROVE_CODE = 'serviceproducts.all.approve';
/** Composes mass sends of the official accounts, previews and retries them. */
export const WX_SEND_CODE = 'wx-mp-manage.send.admin';
/** Approves (hands to WeChat) or refuses mass sends composed by others. */
export const WX_SEND_APPROVE_CODE = 'wx-mp-manage.send.approve';

/** True when a user holding `held` passes a check naming `required`: `admin`, or any of them held. */
export function holdsAnyCode(held: readonly string[], required: readonly string[]): boolean {
  return held.includes(ADMIN) || required.some((c) => held.includes(c));
}

/** The code of the platform scope: its holders (and admin) act for the platform across every customer. */
export const PLATFORM_SCOPE_CODE = 'osm.customer.admin';

/**
 * Header that names the customer a platform administrator works for (docs/security.md#customer-context). Here, not
 * beside the zod bodies of auth.ts, so that the browser's request client (in the login page's chunk) loads no zod.
 */
export const ACT_AS_CUSTOMER_HEADER = 'x-act-as-customer';

/** True for the platform (admin, or the platform-scope code); a customer's administrators are not. */
export function holdsPlatformScope(codes: Iterable<string>): boolean {
  for (const c of codes) if (c === ADMIN || c === PLATFORM_SCOPE_CODE) return true;
  return false;
}

/**
 * Codes only the platform holds (docs/security.md#entitlements): they act across customers, so no customer is ever
 * entitled to them and no customer's administrator grants them.
 */
export const PLATFORM_ONLY_CODES: readonly string[] = [ADMIN, PLATFORM_SCOPE_CODE];

export function isPlatformOnlyCode(code: string): boolean {
  return PLATFORM_ONLY_CODES.includes(code);
}

/** What a new customer is entitled to when the platform names nothing: administering itself (users, roles, its record, its log). */
export const CUSTOMER_ADMIN_CODES: readonly string[] = [
  'sys.customer.admin',
  'sys.user.admin',
  'sys.role.admin',
  'sys.permission.admin',
  'sys.log.view',
];

/**
 * Why a caller may not grant a code in a customer (docs/security.md#entitlements): `platformOnly`, a code of the
 * platform; `notEntitled`, a module the customer has not been granted (the platform grants it on the customers page);
 * `notHeld`, in the platform's own customer, a code the caller does not hold.
 */
export const WITHHELD_REASONS = ['platformOnly', 'notEntitled', 'notHeld'] as const;
