import { z } from 'zod';
import {
  Customer, CustomerCreate, CustomerQuery, CustomerUpdate, IdBody, IdParams, LogExportQuery, LogQuery, LogRow, Option, paged,
  PermissionCreate, PermissionQuery, PermissionRow, PermissionUpdate, RoleCreate, RoleOptionsQuery, RoleQuery, RoleRow, RoleUpdate,
  UserCreate, UserEnable, UserQuery, UserResetPassword, UserRow, UserUpdate,
} from './system.js';
import { FactorInfo, ForecastTypeInfo, GisLayers, GRID_READER_CODES, GridExportQuery, PointData, PointQuery } from './grids.js';
import { BOUNDARY_ADMIN_CODES, BOUNDARY_MAX_MB, BoundaryLayer } from './grids.js';
import { JobCreated, JobInfo, JobParams } from './jobs.js';
import {
  Branding, ChangePasswordBody, LoginBody, RefreshQuery, SettingBody, TokenPair, UserIdParams, UserInfo, UserInfoQuery,
} from './auth.js';
import * as R from './revise.js';

/** Who may call an API route: anyone, any signed-in user, or holders of any listed code (admin passes all). */
export type ApiAccess =
  | { kind: 'public' }
  | { kind: 'user' }
  | { kind: 'codes'; codes: readonly string[] }
  /** The caller's own record (`:id`), or anyone's for holders of the codes. */
  | { kind: 'self-or-codes'; codes: readonly string[] };

export interface ApiDef {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Fastify-style path under /api. */
  url: string;
  access: ApiAccess;
  summary: string;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  /** Schema of `data` in the envelope. */
  data: z.ZodType;
  /** Multipart upload rather than JSON. */
  multipart?: boolean;
  /** Answers raw bytes (a download) instead of the envelope. */
  raw?: boolean;
}

const PUBLIC = { kind: 'public' } as const;
const USER = { kind: 'user' } as const;
const codes = (...list: string[]) => ({ kind: 'codes', codes: list }) as const;

/** Codes of the system-administration pages (spec section 6), and who may read option lists. */
const CUSTOMER_ADMIN = codes('sys.customer.admin', 'osm.customer.admin');
const PLATFORM = codes('osm.customer.admin');
const USER_ADMIN = codes('sys.user.admin');
const ROLE_ADMIN = codes('sys.role.admin');
const PERMISSION_ADMIN = codes('sys.permission.admin');
const LOG_VIEW = codes('sys.log.view');
const CUSTOMER_OPTIONS = codes('sys.customer.admin', 'osm.customer.admin', 'sys.user.admin', 'sys.role.admin', 'sys.log.view');

export const HealthData = z.object({ status: z.literal('ok'), db: z.string(), uptime: z.number() });

/** One table of every API route: the server registers and guards from it; tests generate matrices from it. */
export const API = {
  health: { method: 'GET', url: '/api/health', access: PUBLIC, summary: 'Liveness and database check', data: HealthData },
  branding: {
    method: 'GET', url: '/api/login/branding', access: PUBLIC,
    summary: 'Default branding for the login page (the platform customer)', data: Branding,
  },
  login: { method: 'POST', url: '/api/login/login', access: PUBLIC, summary: 'Sign in', body: LoginBody, data: TokenPair },
  logout: { method: 'POST', url: '/api/login/logout', access: USER, summary: 'Sign out (revokes the session)', data: z.null() },
  refresh: {
    method: 'POST', url: '/api/login/refresh', access: PUBLIC, summary: 'Rotate the refresh token',
    query: RefreshQuery, data: TokenPair,
  },
  userInfo: { method: 'GET', url: '/api/user/info', access: USER, summary: 'The signed-in user', query: UserInfoQuery, data: UserInfo },
  userRids: {
    method: 'GET', url: '/api/user/:id/rids', access: { kind: 'self-or-codes', codes: ['sys.user.admin'] },
    summary: 'Role ids of a user (own, or any user of the customer with sys.user.admin)',
    params: UserIdParams, data: z.array(z.number().int()),
  },
  changePassword: {
    method: 'POST', url: '/api/user/changePassword', access: USER, summary: 'Change own password',
    body: ChangePasswordBody, data: z.null(),
  },
  setting: {
    method: 'POST', url: '/api/user/setting', access: USER, summary: 'Update own profile', body: SettingBody, data: UserInfo,
  },
  upload: {
    method: 'POST', url: '/api/file/upload', access: USER, summary: 'Upload an image (multipart field "file")',
    multipart: true, data: z.object({ path: z.string(), width: z.number(), height: z.number(), size: z.number() }),
  },

  customerPage: { method: 'GET', url: '/api/customer/page', access: CUSTOMER_ADMIN, summary: 'Customers (own, or all for the platform)', query: CustomerQuery, data: paged(Customer) },
  customerGet: { method: 'GET', url: '/api/customer/:id', access: CUSTOMER_ADMIN, summary: 'One customer', params: IdParams, data: Customer },
  customerOptions: { method: 'GET', url: '/api/customer/options', access: CUSTOMER_OPTIONS, summary: 'Customers the caller may choose', data: z.array(Option) },
  customerAdd: { method: 'POST', url: '/api/customer/add', access: PLATFORM, summary: 'Create a customer (platform only)', body: CustomerCreate, data: Customer },
  customerUpdate: { method: 'POST', url: '/api/customer/update', access: CUSTOMER_ADMIN, summary: 'Edit a customer and its branding', body: CustomerUpdate, data: Customer },
  customerDelete: { method: 'POST', url: '/api/customer/delete', access: PLATFORM, summary: 'Delete a customer without users', body: IdBody, data: z.null() },

  userPage: { method: 'GET', url: '/api/user/page', access: USER_ADMIN, summary: 'Users with search and filters', query: UserQuery, data: paged(UserRow) },
  userAdd: { method: 'POST', url: '/api/user/add', access: USER_ADMIN, summary: 'Create a user', body: UserCreate, data: UserRow },
  userUpdate: { method: 'POST', url: '/api/user/update', access: USER_ADMIN, summary: 'Edit a user (not the username)', body: UserUpdate, data: UserRow },
  userEnable: { method: 'POST', url: '/api/user/enable', access: USER_ADMIN, summary: 'Enable or disable a user', body: UserEnable, data: UserRow },
  userResetPassword: { method: 'POST', url: '/api/user/resetPassword', access: USER_ADMIN, summary: 'Set a new password (ends the user\'s sessions)', body: UserResetPassword, data: z.null() },
  userDelete: { method: 'POST', url: '/api/user/delete', access: USER_ADMIN, summary: 'Delete a user', body: IdBody, data: z.null() },

  rolePage: { method: 'GET', url: '/api/role/page', access: ROLE_ADMIN, summary: 'Roles', query: RoleQuery, data: paged(RoleRow) },
  roleOptions: { method: 'GET', url: '/api/role/options', access: codes('sys.role.admin', 'sys.user.admin'), summary: 'Roles to assign', query: RoleOptionsQuery, data: z.array(Option.extend({ customerId: z.number().int() })) },
  roleAdd: { method: 'POST', url: '/api/role/add', access: ROLE_ADMIN, summary: 'Create a role', body: RoleCreate, data: RoleRow },
  roleUpdate: { method: 'POST', url: '/api/role/update', access: ROLE_ADMIN, summary: 'Edit a role and its authorisation', body: RoleUpdate, data: RoleRow },
  roleDelete: { method: 'POST', url: '/api/role/delete', access: ROLE_ADMIN, summary: 'Delete a role nobody holds', body: IdBody, data: z.null() },

  permissionPage: { method: 'GET', url: '/api/permission/page', access: PERMISSION_ADMIN, summary: 'Permission codes', query: PermissionQuery, data: paged(PermissionRow) },
  permissionAll: { method: 'GET', url: '/api/permission/all', access: codes('sys.permission.admin', 'sys.role.admin'), summary: 'Every permission code (for the role tree)', data: z.array(PermissionRow) },
  permissionAdd: { method: 'POST', url: '/api/permission/add', access: PERMISSION_ADMIN, summary: 'Create a permission code', body: PermissionCreate, data: PermissionRow },
  permissionUpdate: { method: 'POST', url: '/api/permission/update', access: PERMISSION_ADMIN, summary: 'Edit a permission code', body: PermissionUpdate, data: PermissionRow },
  permissionDelete: { method: 'POST', url: '/api/permission/delete', access: PERMISSION_ADMIN, summary: 'Delete an unused, non-built-in code', body: IdBody, data: z.null() },

  logPage: { method: 'GET', url: '/api/log/page', access: LOG_VIEW, summary: 'Operation log with filters', query: LogQuery, data: paged(LogRow) },
  logGet: { method: 'GET', url: '/api/log/:id', access: LOG_VIEW, summary: 'One log row', params: IdParams, data: LogRow },
  gridCatalog: {
    method: 'GET', url: '/api/grid/catalog', access: codes(...GRID_READER_CODES),
    summary: 'Forecast types, factors, base and lead times with grids for the caller\'s customer', data: z.array(ForecastTypeInfo),
  },
  latticePoints: {
    method: 'GET', url: '/api/lattice/getPoint', access: codes(...GRID_READER_CODES),
    summary: 'Grid-point values in a box, thinned to the zoom (point-value overlay)', query: PointQuery, data: PointData,
  },
  gisAll: {
    method: 'GET', url: '/api/gis/all', access: codes(...GRID_READER_CODES),
    summary: 'Map layers the caller may use: product WMS layers, base layers, boundary layers', data: GisLayers,
  },
  gisCountries: {
    method: 'GET', url: '/api/gis/offline/countries.json', access: PUBLIC, raw: true, data: z.string(),
    summary: 'Offline base layer: country outlines (Natural Earth 1:50m, GeoJSON)',
  },
  gisProvinces: {
    method: 'GET', url: '/api/gis/offline/provinces.json', access: PUBLIC, raw: true, data: z.string(),
    summary: 'Offline base layer and boundary layer: Chinese province outlines (GeoJSON)',
  },
  gridImport: {
    method: 'POST', url: '/api/grid/import', access: codes('revise.submit.admin'),
    summary: 'Import a MICAPS 4 or GeoTIFF grid file (multipart: file, type, factor, baseTime?, lead?) as a job',
    multipart: true, data: JobCreated,
  },
  gridExport: {
    method: 'GET', url: '/api/grid/export', access: codes(...GRID_READER_CODES),
    summary: 'Download a grid of the caller\'s customer as MICAPS 4 text or GeoTIFF', query: GridExportQuery, data: z.null(), raw: true,
  },
  jobGet: {
    method: 'GET', url: '/api/job/:id', access: codes(...GRID_READER_CODES),
    summary: 'A job of the caller\'s customer: status, progress, error or result', params: JobParams, data: JobInfo,
  },
  logExport: { method: 'GET', url: '/api/log/export', access: LOG_VIEW, summary: 'CSV of the filtered rows', query: LogExportQuery, data: z.string(), raw: true },

  // ---- data revision: stations, forecaster allocation, revising grids, records and recovery, submission ----
  stationInsert: { method: 'POST', url: '/api/station/insertStation', access: codes(R.REVISE_POINT), summary: 'Add a station (number unique in the customer)', body: R.StationCreate, data: R.Station },
  stationList: { method: 'GET', url: '/api/station/findByUidStation', access: codes(R.REVISE_POINT), summary: 'The customer\'s stations, with search and paging', query: R.StationQuery, data: paged(R.Station) },
  stationUpdate: { method: 'POST', url: '/api/station/updateStation', access: codes(R.REVISE_POINT), summary: 'Edit a station (optimistic version)', body: R.StationUpdate, data: R.Station },
  stationDelete: { method: 'POST', url: '/api/station/deleteStation', access: codes(R.REVISE_POINT), summary: 'Delete a station (query id)', query: R.StationIdQuery, data: z.null() },
  stationExport: { method: 'GET', url: '/api/station/export', access: codes(R.REVISE_POINT), summary: 'CSV of the customer\'s stations', data: z.string(), raw: true },
  stationImport: {
    method: 'POST', url: '/api/station/import', access: codes(R.REVISE_POINT), multipart: true, data: R.StationImportResult,
    summary: 'Import stations from CSV (multipart field "file"); all or nothing: any bad row answers 4100 with data.issues [{row, field, message}]',
  },
  forecastTypes: { method: 'GET', url: '/api/forecasr/findForevast', access: codes(...R.REVISE_READER_CODES), summary: 'Every forecast type with its factors', data: z.array(R.ForecastTypeRow) },
  forecastTypesOfUser: { method: 'GET', url: '/api/forecasr/findByUserForevast', access: codes(...R.REVISE_READER_CODES), summary: 'Forecast types allocated to the caller (all for admin)', data: z.array(R.ForecastTypeRow) },
  allocationInsert: { method: 'GET', url: '/api/forecasr/insertAllocation', access: codes(R.REVISE_ALLOCATION), summary: 'Allocate a forecast type to a user of the customer', query: R.AllocationInsertQuery, data: R.Allocation },
  allocationDelete: { method: 'GET', url: '/api/forecasr/deleteAllocation', access: codes(R.REVISE_ALLOCATION), summary: 'Remove an allocation', query: R.AllocationIdQuery, data: z.null() },
  allocationMatrix: { method: 'GET', url: '/api/forecasr/allocations', access: codes(R.REVISE_ALLOCATION), summary: 'Users of the customer × allocated forecast types', data: R.AllocationMatrix },
  factorList: { method: 'GET', url: '/api/factor/getFactor', access: codes(...R.REVISE_READER_CODES), summary: 'Factors of a forecast type', query: R.FactorQuery, data: z.array(FactorInfo) },
  reviseData: { method: 'GET', url: '/api/forecaster/getData', access: codes(...R.REVISE_EDITOR_CODES), summary: 'The grid to revise: geometry, version, factor range and the values (base64 Float32)', query: R.ReviseDataQuery, data: R.ReviseGridData },
  revisePoint: { method: 'POST', url: '/api/revise/pointRevise', access: codes(R.REVISE_POINT), summary: 'Point revision (Cressman) on one or more leads, atomically', body: R.PointReviseBody, data: R.ReviseResult },
  revisePolygon: { method: 'POST', url: '/api/revise/polygonRevise', access: codes(R.REVISE_POLYGON), summary: 'Polygon (area) revision on one or more leads, atomically', body: R.PolygonReviseBody, data: R.ReviseResult },
  reviseSubmit: { method: 'POST', url: '/api/revise/submit', access: codes(R.REVISE_SUBMIT), summary: 'Issue the grids of a type and base time: freeze them and export MICAPS 4 and GeoTIFF files (a job)', body: R.SubmitBody, data: R.SubmitResult },
  fileStateList: { method: 'GET', url: '/api/filestate/findByUserFile', access: codes(R.REVISE_SUBMIT), summary: 'Issues of the customer with their export state and files', query: R.FileStateQuery, data: paged(R.FileState) },
  fileStateDownload: { method: 'GET', url: '/api/filestate/download', access: codes(R.REVISE_SUBMIT), summary: 'Download an exported file', query: R.FileIdQuery, data: z.null(), raw: true },
  recordList: { method: 'GET', url: '/api/record/findByRecord', access: codes(R.REVISE_RECOVERY), summary: 'Revision records with filters', query: R.RecordQuery, data: paged(R.RevisionRecord) },
  recordDetail: { method: 'GET', url: '/api/record/detail', access: codes(R.REVISE_RECOVERY), summary: 'One revision record with its changed area', query: R.RecordIdQuery, data: R.RecordDetail },
  recordRecovery: { method: 'GET', url: '/api/record/recovery', access: codes(R.REVISE_RECOVERY), summary: 'Restore the old values of a record\'s cells (a new, recorded revision)', query: R.RecordIdQuery, data: R.RecoveryResult },

  // ---- customer boundary layers (GeoJSON polygons, e.g. counties): map overlays and areas to pick for revision ----
  gisBoundaryList: {
    method: 'GET', url: '/api/gis/boundaries', access: codes(...GRID_READER_CODES, ...BOUNDARY_ADMIN_CODES),
    summary: 'Boundary layers uploaded by the caller\'s customer', data: z.array(BoundaryLayer),
  },
  gisBoundaryUpload: {
    method: 'POST', url: '/api/gis/boundary/upload', access: codes(...BOUNDARY_ADMIN_CODES), multipart: true, data: BoundaryLayer,
    summary: `Upload a GeoJSON boundary layer (multipart: file ≤ ${BOUNDARY_MAX_MB} MB, name); Polygon/MultiPolygon only, properties reduced to a name`,
  },
  gisBoundaryGet: {
    method: 'GET', url: '/api/gis/boundary/:id', access: codes(...GRID_READER_CODES), params: IdParams, data: z.string(), raw: true,
    summary: 'A boundary layer of the caller\'s customer as GeoJSON',
  },
  gisBoundaryDelete: {
    method: 'POST', url: '/api/gis/boundary/delete', access: codes(...BOUNDARY_ADMIN_CODES), body: IdBody, data: z.null(),
    summary: 'Delete a boundary layer of the caller\'s customer (row and file)',
  },
} as const satisfies Record<string, ApiDef>;

export type ApiName = keyof typeof API;
export type ApiData<N extends ApiName> = z.infer<(typeof API)[N]['data']>;
