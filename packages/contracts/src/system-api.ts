import { z } from 'zod';
import {
  Customer,
  CustomerCreate,
  CustomerQuery,
  CustomerUpdate,
  CustomerEntitlements,
  Grantable,
  GrantableQuery,
  RoleOption,
  IdBody,
  IdParams,
  LogExportQuery,
  LogQuery,
  LogRow,
  Option,
  paged,
  PermissionCreate,
  PermissionQuery,
  PermissionRow,
  PermissionUpdate,
  RoleCreate,
  RoleOptionsQuery,
  RoleQuery,
  RoleRow,
  RoleUpdate,
  UserCreate,
  UserEnable,
  UserQuery,
  UserResetPassword,
  UserRow,
  UserUpdate,
} from './system.js';
import {
  Branding,
  ChangePasswordBody,
  CustomerContextBody,
  LoginBody,
  RefreshBody,
  RefreshQuery,
  SettingBody,
  TokenPair,
  UserIdParams,
  UserInfo,
  UserInfoQuery,
} from './auth.js';

import { API_ENDPOINTS as E } from './endpoints.js';
import { PUBLIC, USER, USER_DURING_PASSWORD_CHANGE, codes, type ApiDef } from './api-def.js';
import { HealthData, LivenessData, ReadinessData } from './health.js';

/** Codes of the system-administration pages (docs/security.md#permissions), and who may read option lists. */
const CUSTOMER_ADMIN = codes('sys.customer.admin', 'osm.customer.admin');
const PLATFORM = codes('osm.customer.admin');
const USER_ADMIN = codes('sys.user.admin');
const ROLE_ADMIN = codes('sys.role.admin');
const PERMISSION_ADMIN = codes('sys.permission.admin');
/** The permission catalogue is shared by every customer: only the platform changes it; customers assign its codes to roles. */
const CATALOGUE_ADMIN = { kind: 'codes', codes: ['sys.permission.admin'], platform: true } as const;
const LOG_VIEW = codes('sys.log.view');
const CUSTOMER_OPTIONS = codes('sys.customer.admin', 'osm.customer.admin', 'sys.user.admin', 'sys.role.admin', 'sys.log.view');

/** Health, sign-in and the session, and system administration: customers, users, roles, permissions, the operation log (docs/security.md). */
export const SYSTEM_API = {
  health: { ...E.health, access: PUBLIC, summary: 'Liveness and database check', data: HealthData },
  healthLive: { ...E.healthLive, access: PUBLIC, summary: 'Liveness: the process runs (nothing else is asked)', data: LivenessData },
  healthReady: {
    ...E.healthReady,
    access: PUBLIC,
    summary: 'Readiness: database, file storage and Redis reachable (503 with the same data when not)',
    data: ReadinessData,
  },
  branding: {
    ...E.branding,
    access: PUBLIC,
    summary: 'Default branding for the login page (the platform customer)',
    data: Branding,
  },
  login: { ...E.login, access: PUBLIC, summary: 'Sign in', body: LoginBody, data: TokenPair },
  logout: { ...E.logout, access: USER_DURING_PASSWORD_CHANGE, summary: 'Sign out (revokes the session)', data: z.null() },
  refresh: {
    ...E.refresh,
    access: PUBLIC,
    summary: 'Rotate the refresh token (given in the JSON body, or in the query)',
    body: RefreshBody,
    query: RefreshQuery,
    data: TokenPair,
  },
  userInfo: { ...E.userInfo, access: USER_DURING_PASSWORD_CHANGE, summary: 'The signed-in user', query: UserInfoQuery, data: UserInfo },
  userRids: {
    ...E.userRids,
    access: { kind: 'self-or-codes', codes: ['sys.user.admin'] },
    summary: 'Role ids of a user (own, or any user of the customer with sys.user.admin)',
    params: UserIdParams,
    data: z.array(z.number().int()),
  },
  changePassword: {
    ...E.changePassword,
    access: USER_DURING_PASSWORD_CHANGE,
    summary: 'Change own password',
    body: ChangePasswordBody,
    data: z.null(),
  },
  setting: {
    ...E.setting,
    access: USER,
    summary: 'Update own profile',
    body: SettingBody,
    data: UserInfo,
  },
  customerContext: {
    ...E.customerContext,
    access: { kind: 'codes', codes: ['osm.customer.admin'], platform: true },
    summary: "Work in another customer's context (platform only; recorded), or back in one's own: the user info of that context",
    body: CustomerContextBody,
    data: UserInfo,
  },
  upload: {
    ...E.upload,
    access: USER,
    summary: 'Upload an image (multipart field "file")',
    multipart: true,
    data: z.object({ path: z.string(), width: z.number(), height: z.number(), size: z.number() }),
  },

  customerPage: {
    ...E.customerPage,
    access: CUSTOMER_ADMIN,
    summary: 'Customers (own, or all for the platform)',
    query: CustomerQuery,
    data: paged(Customer),
  },
  customerGet: { ...E.customerGet, access: CUSTOMER_ADMIN, summary: 'One customer', params: IdParams, data: Customer },
  customerOptions: { ...E.customerOptions, access: CUSTOMER_OPTIONS, summary: 'Customers the caller may choose', data: z.array(Option) },
  customerAdd: { ...E.customerAdd, access: PLATFORM, summary: 'Create a customer (platform only)', body: CustomerCreate, data: Customer },
  customerUpdate: {
    ...E.customerUpdate,
    access: CUSTOMER_ADMIN,
    summary: 'Edit a customer and its branding',
    body: CustomerUpdate,
    data: Customer,
  },
  customerDelete: { ...E.customerDelete, access: PLATFORM, summary: 'Delete a customer without users', body: IdBody, data: z.null() },
  customerEntitlements: {
    ...E.customerEntitlements,
    access: { kind: 'codes', codes: ['osm.customer.admin'], platform: true },
    summary: 'Set the permission codes a customer has bought (platform only; none its roles still hold may go)',
    body: CustomerEntitlements,
    data: Customer,
  },

  userPage: { ...E.userPage, access: USER_ADMIN, summary: 'Users with search and filters', query: UserQuery, data: paged(UserRow) },
  userAdd: { ...E.userAdd, access: USER_ADMIN, summary: 'Create a user', body: UserCreate, data: UserRow },
  userUpdate: { ...E.userUpdate, access: USER_ADMIN, summary: 'Edit a user (not the username)', body: UserUpdate, data: UserRow },
  userEnable: { ...E.userEnable, access: USER_ADMIN, summary: 'Enable or disable a user', body: UserEnable, data: UserRow },
  userResetPassword: {
    ...E.userResetPassword,
    access: USER_ADMIN,
    summary: "Set a new password (ends the user's sessions)",
    body: UserResetPassword,
    data: z.null(),
  },
  userDelete: { ...E.userDelete, access: USER_ADMIN, summary: 'Delete a user', body: IdBody, data: z.null() },

  rolePage: { ...E.rolePage, access: ROLE_ADMIN, summary: 'Roles', query: RoleQuery, data: paged(RoleRow) },
  roleOptions: {
    ...E.roleOptions,
    access: codes('sys.role.admin', 'sys.user.admin'),
    summary: 'Roles to assign',
    query: RoleOptionsQuery,
    data: z.array(RoleOption),
  },
  roleGrantable: {
    ...E.roleGrantable,
    access: codes('sys.role.admin', 'sys.user.admin'),
    summary: 'What the caller may put in a role of a customer (own by default), each withheld code with its reason',
    query: GrantableQuery,
    data: Grantable,
  },
  roleAdd: { ...E.roleAdd, access: ROLE_ADMIN, summary: 'Create a role', body: RoleCreate, data: RoleRow },
  roleUpdate: { ...E.roleUpdate, access: ROLE_ADMIN, summary: 'Edit a role and its authorisation', body: RoleUpdate, data: RoleRow },
  roleDelete: { ...E.roleDelete, access: ROLE_ADMIN, summary: 'Delete a role nobody holds', body: IdBody, data: z.null() },

  permissionPage: {
    ...E.permissionPage,
    access: PERMISSION_ADMIN,
    summary: 'Permission codes',
    query: PermissionQuery,
    data: paged(PermissionRow),
  },
  permissionAll: {
    ...E.permissionAll,
    access: codes('sys.permission.admin', 'sys.role.admin', 'osm.customer.admin'),
    summary: "Every permission code (for the role tree and the platform's editor of a customer's modules)",
    data: z.array(PermissionRow),
  },
  permissionAdd: {
    ...E.permissionAdd,
    access: CATALOGUE_ADMIN,
    summary: 'Create a permission code (platform only)',
    body: PermissionCreate,
    data: PermissionRow,
  },
  permissionUpdate: {
    ...E.permissionUpdate,
    access: CATALOGUE_ADMIN,
    summary: 'Edit a permission code (platform only)',
    body: PermissionUpdate,
    data: PermissionRow,
  },
  permissionDelete: {
    ...E.permissionDelete,
    access: CATALOGUE_ADMIN,
    summary: 'Delete an unused, non-built-in code (platform only)',
    body: IdBody,
    data: z.null(),
  },

  logPage: { ...E.logPage, access: LOG_VIEW, summary: 'Operation log with filters', query: LogQuery, data: paged(LogRow) },
  logGet: { ...E.logGet, access: LOG_VIEW, summary: 'One log row', params: IdParams, data: LogRow },
  logExport: { ...E.logExport, access: LOG_VIEW, summary: 'CSV of the filtered rows', query: LogExportQuery, data: z.string(), raw: true },
} as const satisfies Record<string, ApiDef>;
