import { z } from 'zod';
import { StoredImagePath } from './auth.js';
import { WITHHELD_REASONS } from './permissions.js';
import {
  type LOG_FIELDS,
  MAP_LIMITS,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PERMISSION_CODE_PATTERN,
  USERNAME_PATTERN,
} from './constants.js';

/** List paging (docs/api.md#paging): page 1-based, size ≤ 100 (default 20). */
export const pageFields = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
};

export function paged<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number().int(), page: z.number().int(), size: z.number().int() });
}

const id = z.number().int().positive();
const version = z.number().int().positive();
const optionalText = (max: number) => z.string().trim().max(max).default('');
const keyword = z.string().trim().max(64).optional();
const queryId = z.coerce.number().int().positive().optional();

export const IdBody = z.strictObject({ id });
export const IdParams = z.strictObject({ id: z.coerce.number().int().positive() });
export const Option = z.object({ id: z.number().int(), name: z.string() });

// ---- customers -------------------------------------------------------------------------------

export const Customer = z.object({
  id: z.number().int(),
  name: z.string(),
  tel: z.string(),
  address: z.string(),
  logo: z.string(),
  sysName: z.string(),
  centerLat: z.number(),
  centerLon: z.number(),
  zoom: z.number().int(),
  platform: z.boolean(),
  /**
   * The permission codes the platform granted the customer (docs/security.md#entitlements): its roles hold only
   * these. Empty for the platform's own customer, which is bounded by nothing but its administrators' codes.
   */
  entitlements: z.array(z.string()),
  userCount: z.number().int(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Customer = z.infer<typeof Customer>;

const customerFields = {
  name: z.string().trim().min(1).max(128),
  tel: z
    .string()
    .trim()
    .max(64)
    .regex(/^[0-9+\-() ]*$/, 'phoneFormat')
    .default(''),
  address: optionalText(256),
  logo: StoredImagePath.default(''),
  sysName: optionalText(128),
  centerLat: z.number().min(MAP_LIMITS.lat[0]).max(MAP_LIMITS.lat[1]),
  centerLon: z.number().min(MAP_LIMITS.lon[0]).max(MAP_LIMITS.lon[1]),
  zoom: z.number().int().min(MAP_LIMITS.zoom[0]).max(MAP_LIMITS.zoom[1]),
};
const permissionCodes = z.array(z.string().min(1).max(96)).max(200);
/** Without `entitlements`, a new customer may administer itself and nothing more (CUSTOMER_ADMIN_CODES). */
export const CustomerCreate = z.strictObject({ ...customerFields, entitlements: permissionCodes.optional() });
export const CustomerUpdate = z.strictObject({ id, version, ...customerFields });
export type CustomerCreate = z.input<typeof CustomerCreate>;
export type CustomerUpdate = z.input<typeof CustomerUpdate>;
export const CustomerQuery = z.strictObject({ ...pageFields, keyword });
/** The platform sets what a customer has bought (every code listed; the platform's own customer has none to set). */
export const CustomerEntitlements = z.strictObject({ id, version, entitlements: permissionCodes });
export type CustomerEntitlements = z.input<typeof CustomerEntitlements>;

// ---- users -----------------------------------------------------------------------------------

export const UserRow = z.object({
  id: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string(),
  avatar: z.string(),
  customerId: z.number().int(),
  customer: z.string(),
  enabled: z.boolean(),
  roles: z.array(Option),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UserRow = z.infer<typeof UserRow>;

const userFields = {
  firstName: optionalText(64),
  lastName: optionalText(64),
  name: z.string().trim().min(1).max(64),
  email: z.union([z.literal(''), z.email().max(128)]).default(''),
  mobile: z
    .string()
    .trim()
    .max(32)
    .regex(/^[0-9+\-() ]*$/, 'phoneFormat')
    .default(''),
  customerId: id,
  roleIds: z.array(id).max(50).default([]),
};
export const UserCreate = z.strictObject({
  username: z.string().trim().regex(USERNAME_PATTERN, '3–64 letters, digits or . _ @ -'),
  password: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH),
  ...userFields,
});
export const UserUpdate = z.strictObject({ id, version, ...userFields });
export const UserEnable = z.strictObject({ id, version, enabled: z.boolean() });
export const UserResetPassword = z.strictObject({ id, password: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH) });
export const UserQuery = z.strictObject({ ...pageFields, keyword, customerId: queryId, roleId: queryId });
export type UserCreate = z.input<typeof UserCreate>;
export type UserUpdate = z.input<typeof UserUpdate>;

// ---- roles -----------------------------------------------------------------------------------

export const RoleRow = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  customerId: z.number().int(),
  customer: z.string(),
  permissions: z.array(z.string()),
  userCount: z.number().int(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RoleRow = z.infer<typeof RoleRow>;

const roleFields = {
  name: z.string().trim().min(1).max(64),
  description: optionalText(256),
  permissions: z.array(z.string().min(1).max(96)).max(200),
};
export const RoleCreate = z.strictObject({ ...roleFields, customerId: id.optional() });
export const RoleUpdate = z.strictObject({ id, version, ...roleFields });
export const RoleQuery = z.strictObject({ ...pageFields, keyword, customerId: queryId });
export const RoleOptionsQuery = z.strictObject({ customerId: queryId });
/** A role to assign, and whether the caller may give it to a user of its customer (the codes withheld when not). */
export const RoleOption = Option.extend({
  customerId: z.number().int(),
  grantable: z.boolean(),
  withheld: z.array(z.string()),
});
export type RoleOption = z.infer<typeof RoleOption>;
export const GrantableQuery = z.strictObject({ customerId: queryId });
export const WithheldReason = z.enum(WITHHELD_REASONS);
export type WithheldReason = z.infer<typeof WithheldReason>;
/**
 * What the caller may put in a role of one customer (docs/security.md#entitlements): every code of the catalogue is
 * either grantable or withheld with its reason.
 */
export const Grantable = z.object({
  customerId: z.number().int(),
  codes: z.array(z.string()),
  withheld: z.array(z.object({ code: z.string(), reason: WithheldReason })),
});
export type Grantable = z.infer<typeof Grantable>;
export type RoleCreate = z.input<typeof RoleCreate>;
export type RoleUpdate = z.input<typeof RoleUpdate>;

// ---- permissions -----------------------------------------------------------------------------

export const PermissionRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  builtin: z.boolean(),
  roleCount: z.number().int(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PermissionRow = z.infer<typeof PermissionRow>;

const permissionFields = {
  code: z.string().trim().regex(PERMISSION_CODE_PATTERN, 'lower-case letters, digits and . _ -, starting with a letter'),
  name: z.string().trim().min(1).max(96),
  description: optionalText(256),
};
export const PermissionCreate = z.strictObject(permissionFields);
export const PermissionUpdate = z.strictObject({ id, version, ...permissionFields });
export const PermissionQuery = z.strictObject({ ...pageFields, keyword });
export type PermissionCreate = z.input<typeof PermissionCreate>;
export type PermissionUpdate = z.input<typeof PermissionUpdate>;

// ---- operation log ---------------------------------------------------------------------------

export const LogRow = z.object({
  id: z.number().int(),
  action: z.string(),
  operatorName: z.string(),
  type: z.string(),
  parameter: z.string(),
  description: z.string(),
  userId: z.number().int().nullable(),
  username: z.string(),
  customerId: z.number().int().nullable(),
  ip: z.string(),
  host: z.string(),
  agent: z.string(),
  language: z.string(),
  referer: z.string(),
  origin: z.string(),
  statusCode: z.number().int(),
  resultCode: z.number().int(),
  createdAt: z.string(),
});
export type LogRow = z.infer<typeof LogRow>;
/** A field LOG_FIELDS names (constants.ts, without zod for the browser): the constraint checks each is a field of LogRow. */
export type LogField = FieldsOf<LogRow, typeof LOG_FIELDS>[number];
type FieldsOf<Row, T extends ReadonlyArray<keyof Row>> = T;

const logFilters = {
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  operator: keyword,
  action: keyword,
  type: keyword,
  ip: z.string().trim().max(64).optional(),
  /** `ok`: answered with code 0; `failed`: any other code (a refused sign-in, a refused change). */
  result: z.enum(['ok', 'failed']).optional(),
};
export const LogQuery = z.strictObject({ ...pageFields, ...logFilters });
export const LogExportQuery = z.strictObject(logFilters);
/** The filters of GET /api/log/page and /api/log/export (ISO instants). */
export type LogFilters = z.input<typeof LogExportQuery>;
