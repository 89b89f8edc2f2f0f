import fs from 'node:fs';
import path from 'node:path';
import {
  ADMIN,
  ARTICLE_APPROVE_CODE,
  ARTICLE_WRITE_CODE,
  DEFAULT_MAP,
  PERMISSIONS,
  WX_SEND_APPROVE_CODE,
  WX_SEND_CODE,
} from '@agromet/contracts';
import { hashPassword, randomPassword } from '../../core/auth/password.js';
import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';

export interface SeedOptions {
  dataDir: string;
  adminPassword: string | undefined;
  scryptLogN: number;
}

export interface SeedReport {
  /** Set only when the admin user was created by this start. */
  adminPassword?: string;
  adminPasswordFile?: string;
  demoUsers: Array<{ username: string; name: string; role: string }>;
  demoPassword?: string;
  /** Set when DEMO is on. */
  demoCustomerId?: number;
}

export const PLATFORM_CUSTOMER = '天策云平台';
export const DEMO_CUSTOMER = '陕西省农业气象服务中心（示例）';

/** One demo user per role group, each with a role holding that group's codes. */
export const DEMO_ROLE_GROUPS: ReadonlyArray<{ username: string; name: string; role: string; codes: string[] }> = [
  {
    username: 'demo-revise',
    name: '订正预报员',
    role: '数据订正',
    codes: ['revise.point.admin', 'revise.polygon.admin', 'revise.recovery.admin', 'revise.submit.admin', 'revise.allocation.admin'],
  },
  { username: 'demo-make', name: '产品制作员', role: '产品制作', codes: ['make.product.admin', 'make.risk.admin'] },
  {
    username: 'demo-zoning',
    name: '区划专家',
    role: '农业气候区划',
    codes: ['quhua.make.admin', 'quhua.criteria.admin', 'quhua.result.admin'],
  },
  // Writing and approving are separate duties (docs/security.md#separation-of-duties): the author holds only the
  // writing code, the reviewer only the approving one (and approves someone else's work).
  { username: 'demo-products', name: '服务产品专员', role: '服务产品', codes: [ARTICLE_WRITE_CODE] },
  { username: 'demo-reviewer', name: '服务产品审核员', role: '服务产品审核', codes: [ARTICLE_APPROVE_CODE] },
  { username: 'demo-disaster', name: '灾情管理员', role: '灾情管理', codes: ['basedata.disastersituation.admin'] },
  { username: 'demo-travel', name: '旅游内容编辑', role: '旅游管理', codes: ['travel.scenicspot.admin'] },
  {
    username: 'demo-weixin',
    name: '公众号运营',
    role: '公众号管理',
    codes: [
      'wx-mp-manage.account.admin',
      'wx-mp-manage.wxuser.admin',
      'wx-mp-manage.menu.admin',
      'wx-mp-manage.material.admin',
      WX_SEND_CODE,
    ],
  },
  // Mass sends are approved by a second person, who holds only the approving code.
  { username: 'demo-wx-approver', name: '公众号群发审核员', role: '公众号群发审核', codes: [WX_SEND_APPROVE_CODE] },
  {
    username: 'demo-sysadmin',
    name: '系统管理员',
    role: '系统管理',
    codes: ['sys.customer.admin', 'sys.user.admin', 'sys.role.admin', 'sys.permission.admin', 'sys.log.view'],
  },
];

/**
 * What the demo customer has bought (docs/security.md#entitlements): every module its roles show (forecasting,
 * products, zoning, service products, disasters, tourism, WeChat, its own administration), so its administrator can make
 * a forecasting or tourism role for its own staff.
 */
export const DEMO_ENTITLEMENTS: readonly string[] = [...new Set(DEMO_ROLE_GROUPS.flatMap((g) => g.codes))].sort();

/** Entitles a customer to `codes` when it has no entitlements yet (what the platform changed later stays). */
async function ensureEntitlements(db: Db, customerId: number, codes: readonly string[]) {
  const any = await db
    .selectFrom('customer_entitlement')
    .select('permission_code')
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  if (any || codes.length === 0) return;
  await db
    .insertInto('customer_entitlement')
    .values(codes.map((c) => ({ customer_id: customerId, permission_code: c })))
    .execute();
}

async function ensureCustomer(
  db: Db,
  c: { name: string; sysName: string; lat: number; lon: number; zoom: number; platform: boolean; tel?: string; address?: string },
) {
  const found = await db.selectFrom('customer').select('id').where('name', '=', c.name).executeTakeFirst();
  if (found) return found.id;
  const now = nowIso();
  const row = await db
    .insertInto('customer')
    .values({
      name: c.name,
      tel: c.tel ?? '',
      address: c.address ?? '',
      logo: '',
      sys_name: c.sysName,
      center_lat: c.lat,
      center_lon: c.lon,
      zoom: c.zoom,
      is_platform: c.platform ? 1 : 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function ensureRole(db: Db, customerId: number, name: string, description: string, codes: readonly string[]) {
  let role = await db.selectFrom('role').select('id').where('customer_id', '=', customerId).where('name', '=', name).executeTakeFirst();
  if (!role) {
    const now = nowIso();
    role = await db
      .insertInto('role')
      .values({ customer_id: customerId, name, description, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('role_permission')
      .values(codes.map((code) => ({ role_id: role!.id, permission_code: code })))
      .execute();
  }
  return role.id;
}

async function ensureUser(
  db: Db,
  u: { customerId: number; username: string; name: string; roleId: number; password: string; logN: number },
) {
  const found = await db.selectFrom('app_user').select('id').where('username', '=', u.username).executeTakeFirst();
  if (found) return false;
  const hash = await hashPassword(u.password, u.logN);
  const now = nowIso();
  const user = await db
    .insertInto('app_user')
    .values({
      customer_id: u.customerId,
      username: u.username,
      name: u.name,
      password_hash: hash,
      setting: JSON.stringify({ articlePlatform: [] }),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('user_role').values({ user_id: user.id, role_id: u.roleId }).execute();
  return true;
}

function writeSecretFile(file: string, content: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${content}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
}

/** First-start data of the platform (permission catalogue, platform customer, admin); running it again changes nothing. */
export async function seed(db: Db, opts: SeedOptions): Promise<SeedReport> {
  const report: SeedReport = { demoUsers: [] };
  const now = nowIso();
  const existing = new Set((await db.selectFrom('permission').select('code').execute()).map((p) => p.code));
  const missing = PERMISSIONS.filter((p) => !existing.has(p.code));
  if (missing.length > 0) {
    await db
      .insertInto('permission')
      .values(
        missing.map((p) => ({
          code: p.code,
          name: p.name,
          description: p.description,
          builtin: 1,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }

  const platformId = await ensureCustomer(db, {
    name: PLATFORM_CUSTOMER,
    sysName: '',
    lat: DEFAULT_MAP.centerLat,
    lon: DEFAULT_MAP.centerLon,
    zoom: DEFAULT_MAP.zoom,
    platform: true,
  });
  const adminRoleId = await ensureRole(db, platformId, '超级管理员', '拥有全部权限', [ADMIN]);
  const passwordFile = path.join(opts.dataDir, 'admin-password.txt');
  const adminPassword = opts.adminPassword ?? randomPassword();
  if (
    await ensureUser(db, {
      customerId: platformId,
      username: 'admin',
      name: '管理员',
      roleId: adminRoleId,
      password: adminPassword,
      logN: opts.scryptLogN,
    })
  ) {
    report.adminPassword = adminPassword;
    if (!opts.adminPassword) {
      writeSecretFile(passwordFile, adminPassword);
      report.adminPasswordFile = passwordFile;
    }
  }

  return report;
}

/** The demo customer, one role per feature group and its users; they share the admin password. Adds to `report`. */
export async function seedDemoAccounts(db: Db, opts: SeedOptions, report: SeedReport): Promise<void> {
  const passwordFile = path.join(opts.dataDir, 'admin-password.txt');
  const demoId = await ensureCustomer(db, {
    name: DEMO_CUSTOMER,
    sysName: '陕西农业气象服务平台',
    lat: 34.34,
    lon: 108.94,
    zoom: 7,
    platform: false,
    tel: '029-00000000',
    address: '陕西省西安市（示例地址）',
  });
  report.demoCustomerId = demoId;
  let demoPassword = report.adminPassword ?? opts.adminPassword;
  if (!demoPassword && fs.existsSync(passwordFile)) demoPassword = fs.readFileSync(passwordFile, 'utf8').trim();
  if (!demoPassword) demoPassword = randomPassword();
  await ensureEntitlements(db, demoId, DEMO_ENTITLEMENTS);
  const roleIds: number[] = [];
  for (const g of DEMO_ROLE_GROUPS) roleIds.push(await ensureRole(db, demoId, g.role, `示例角色：${g.role}`, g.codes));
  // Hashing is the slow part of a first start: the users are made side by side on the thread pool.
  const created = await Promise.all(
    DEMO_ROLE_GROUPS.map((g, k) =>
      ensureUser(db, {
        customerId: demoId,
        username: g.username,
        name: g.name,
        roleId: roleIds[k]!,
        password: demoPassword,
        logN: opts.scryptLogN,
      }),
    ),
  );
  DEMO_ROLE_GROUPS.forEach((g, k) => {
    if (created[k]) report.demoUsers.push({ username: g.username, name: g.name, role: g.role });
  });
  if (report.demoUsers.length > 0) report.demoPassword = demoPassword;
}

/** The start-up banner: printed once, when the accounts are created. */
export function banner(report: SeedReport, url: string): string {
  const lines = [`Agromet Console is serving at ${url}`];
  if (report.adminPassword) {
    lines.push('', `  admin password: ${report.adminPassword}`);
    if (report.adminPasswordFile) lines.push(`  (also written to ${report.adminPasswordFile}, mode 0600)`);
  }
  if (report.demoUsers.length > 0) {
    lines.push('', `  demo users (password: ${report.demoPassword}):`);
    for (const u of report.demoUsers) lines.push(`    ${u.username.padEnd(16)} ${u.role}`);
  }
  const width = Math.max(...lines.map((l) => l.length)) + 2;
  const bar = '='.repeat(width);
  return [bar, ...lines, bar].join('\n');
}
