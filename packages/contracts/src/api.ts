import { z } from 'zod';
import { API_ENDPOINTS as E } from './endpoints.js';
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
import { FactorInfo, ForecastTypeInfo, GisLayers, GridExportQuery, Meteogram, MeteogramQuery, PointData, PointQuery } from './grids.js';
import { BoundaryLayer } from './grids.js';
import * as C from './constants.js';
import { RISK_CODE } from './risk-constants.js';
import { PRODUCT_CODE } from './products-constants.js';
import { JobCreated, JobInfo, JobParams, RecentJobs } from './jobs.js';
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
import * as R from './revise.js';
import * as Z from './zoning.js';
import * as CC from './crop-calendar.js';
import { DISASTER_API } from './disaster.js';
import { TRAVEL_API } from './travel.js';
import { ARTICLE_API } from './articles.js';
import { WEIXIN_API } from './weixin.js';
import * as RK from './risk.js';
import * as P from './products.js';
import * as D from './downloads.js';

/** Who may call an API route: anyone, any signed-in user, or holders of any listed code (admin passes all). */
export type ApiAccess =
  | { kind: 'public' }
  /** With `duringPasswordChange`, also while the caller must still replace an administrator-set password (4031 elsewhere). */
  | { kind: 'user'; duringPasswordChange?: true }
  /** With `platform`, only the platform (holdsPlatformScope) and not a customer's administrators, whatever codes they hold. */
  | { kind: 'codes'; codes: readonly string[]; platform?: true }
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
/** What a session may still do while its password is one an administrator set: read who it is, change it, sign out. */
const USER_DURING_PASSWORD_CHANGE = { kind: 'user', duringPasswordChange: true } as const;
const codes = (...list: string[]) => ({ kind: 'codes', codes: list }) as const;

/** Codes of the system-administration pages (docs/security.md#permissions), and who may read option lists. */
const CUSTOMER_ADMIN = codes('sys.customer.admin', 'osm.customer.admin');
const PLATFORM = codes('osm.customer.admin');
const USER_ADMIN = codes('sys.user.admin');
const ROLE_ADMIN = codes('sys.role.admin');
const PERMISSION_ADMIN = codes('sys.permission.admin');
/** The permission catalogue is shared by every customer: only the platform changes it; customers assign its codes to roles. */
const CATALOGUE_ADMIN = { kind: 'codes', codes: ['sys.permission.admin'], platform: true } as const;
const LOG_VIEW = codes('sys.log.view');
/** Zoning (docs/zoning.md#calls): what any of its three pages reads, and what each page changes. */
const QUHUA_READ = codes(...C.QUHUA_READER_CODES);
const QUHUA_CRITERIA = codes(C.QUHUA_CRITERIA);
const QUHUA_MAKE = codes(C.QUHUA_MAKE);
const QUHUA_PRODUCTS = codes(C.QUHUA_MAKE, C.QUHUA_RESULT);
/** Map products: the make-product page's code. */
const PRODUCTS = codes(PRODUCT_CODE);
/** The downloads library and forecast values at stations (docs/downloads.md#calls): the make-download page's code. */
const DOWNLOADS = codes(C.DOWNLOAD_CODE);
/** Crop risk products (docs/risk.md#calls): everything on page make-risk. */
const RISK = codes(RISK_CODE);
const CUSTOMER_OPTIONS = codes('sys.customer.admin', 'osm.customer.admin', 'sys.user.admin', 'sys.role.admin', 'sys.log.view');

export const HealthData = z.object({ status: z.literal('ok'), db: z.string(), uptime: z.number() });
/** Liveness (GET /api/health/live): the process runs and its event loop turns; asks nothing of the database. */
export const LivenessData = z.object({ status: z.literal('ok'), uptime: z.number() });
/** One dependency as the readiness check last found it. */
export const ReadinessState = z.enum(['ok', 'unavailable', 'none']);
/**
 * Readiness (GET /api/health/ready): whether this process can serve calls now: the database, file storage and Redis
 * (`none` without REDIS_URL) reachable and no migration running, each probed at most every few seconds. Answered 200 when ready; otherwise 503 in the
 * envelope (5031 storage, 5030 database or Redis) with the same object as `data`.
 */
export const ReadinessData = z.object({
  ready: z.boolean(),
  db: ReadinessState,
  storage: ReadinessState,
  redis: ReadinessState,
  /** `running` while the database's schema is being migrated (or lacks a migration this release runs). */
  migrations: z.enum(['ok', 'running']),
  checkedAt: z.string(),
});

/** One table of every API route: the server registers and guards from it; tests generate matrices from it. */
export const API = {
  // Sandstorm disaster records and the region code table (docs/disaster.md#calls).
  ...DISASTER_API,
  // Tourism content, with the public calls of visitors' comments (docs/travel.md#calls).
  ...TRAVEL_API,
  // The official-account manager and WeChat's callback (docs/weixin.md).
  ...WEIXIN_API,
  // Service products: bulletins, their workflow and PDF (docs/articles.md#calls).
  ...ARTICLE_API,
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
  gridCatalog: {
    ...E.gridCatalog,
    access: codes(...C.GRID_READER_CODES),
    summary: "Forecast types, factors, base and lead times with grids for the caller's customer",
    data: z.array(ForecastTypeInfo),
  },
  latticePoints: {
    ...E.latticePoints,
    access: codes(...C.GRID_READER_CODES),
    summary: 'Grid-point values in a box, thinned to the zoom (point-value overlay)',
    query: PointQuery,
    data: PointData,
  },
  gisAll: {
    ...E.gisAll,
    access: codes(...C.GRID_READER_CODES),
    summary: 'Map layers the caller may use: product WMS layers, base layers, boundary layers',
    data: GisLayers,
  },
  gisCountries: {
    ...E.gisCountries,
    access: PUBLIC,
    raw: true,
    data: z.string(),
    summary: 'Offline base layer: country outlines (Natural Earth 1:50m, GeoJSON)',
  },
  gisProvinces: {
    ...E.gisProvinces,
    access: PUBLIC,
    raw: true,
    data: z.string(),
    summary: 'Offline base layer and boundary layer: Chinese province outlines (GeoJSON)',
  },
  gridImport: {
    ...E.gridImport,
    access: codes('revise.submit.admin'),
    summary: 'Import a MICAPS 4 or GeoTIFF grid file (multipart: file, type, factor, baseTime?, lead?) as a job',
    multipart: true,
    data: JobCreated,
  },
  gridExport: {
    ...E.gridExport,
    access: codes(...C.GRID_READER_CODES),
    summary: "Download a grid of the caller's customer as MICAPS 4 text or GeoTIFF",
    query: GridExportQuery,
    data: z.null(),
    raw: true,
  },
  gridMeteogram: {
    ...E.gridMeteogram,
    access: codes(...C.GRID_READER_CODES),
    summary: 'Every element of a forecast at a point or station over all leads (meteogram), as JSON or a CSV file',
    query: MeteogramQuery,
    data: Meteogram,
    raw: true,
  },
  jobGet: {
    ...E.jobGet,
    access: codes(...C.GRID_READER_CODES),
    summary: "A job of the caller's customer: status, progress, error or result",
    params: JobParams,
    data: JobInfo,
  },
  jobRecent: {
    ...E.jobRecent,
    access: USER,
    summary: "The caller's own jobs: those queued or running, and the latest finished ones (dashboard)",
    data: RecentJobs,
  },
  logExport: { ...E.logExport, access: LOG_VIEW, summary: 'CSV of the filtered rows', query: LogExportQuery, data: z.string(), raw: true },

  // ---- data revision: stations, forecaster allocation, revising grids, records and recovery, submission ----
  stationInsert: {
    ...E.stationInsert,
    access: codes(C.REVISE_POINT),
    summary: 'Add a station (number unique in the customer)',
    body: R.StationCreate,
    data: R.Station,
  },
  stationList: {
    ...E.stationList,
    access: codes(C.REVISE_POINT),
    summary: "The customer's stations, with search and paging",
    query: R.StationQuery,
    data: paged(R.Station),
  },
  stationUpdate: {
    ...E.stationUpdate,
    access: codes(C.REVISE_POINT),
    summary: 'Edit a station (optimistic version)',
    body: R.StationUpdate,
    data: R.Station,
  },
  stationDelete: {
    ...E.stationDelete,
    access: codes(C.REVISE_POINT),
    summary: 'Delete a station (query id)',
    query: R.StationIdQuery,
    data: z.null(),
  },
  stationExport: {
    ...E.stationExport,
    access: codes(C.REVISE_POINT),
    summary: "CSV of the customer's stations",
    data: z.string(),
    raw: true,
  },
  stationImport: {
    ...E.stationImport,
    access: codes(C.REVISE_POINT),
    multipart: true,
    data: R.StationImportResult,
    summary:
      'Import stations from CSV (multipart field "file"); all or nothing: any bad row answers 4100 with data.issues [{row, field, message}]',
  },
  forecastTypes: {
    ...E.forecastTypes,
    access: codes(...C.REVISE_READER_CODES),
    summary: 'Every forecast type with its factors',
    data: z.array(R.ForecastTypeRow),
  },
  forecastTypesOfUser: {
    ...E.forecastTypesOfUser,
    access: codes(...C.REVISE_READER_CODES),
    summary: 'Forecast types allocated to the caller (all for admin)',
    data: z.array(R.ForecastTypeRow),
  },
  allocationInsert: {
    ...E.allocationInsert,
    access: codes(C.REVISE_ALLOCATION),
    summary: 'Allocate a forecast type to a user of the customer',
    query: R.AllocationInsertQuery,
    data: R.Allocation,
  },
  allocationDelete: {
    ...E.allocationDelete,
    access: codes(C.REVISE_ALLOCATION),
    summary: 'Remove an allocation',
    query: R.AllocationIdQuery,
    data: z.null(),
  },
  allocationMatrix: {
    ...E.allocationMatrix,
    access: codes(C.REVISE_ALLOCATION),
    summary: 'Users of the customer × allocated forecast types',
    data: R.AllocationMatrix,
  },
  factorList: {
    ...E.factorList,
    access: codes(...C.REVISE_READER_CODES),
    summary: 'Factors of a forecast type',
    query: R.FactorQuery,
    data: z.array(FactorInfo),
  },
  reviseData: {
    ...E.reviseData,
    access: codes(...C.REVISE_EDITOR_CODES),
    summary: 'The grid to revise: geometry, version, factor range and the versions of every lead (the values: reviseGrid)',
    query: R.ReviseDataQuery,
    data: R.ReviseGridData,
  },
  reviseGrid: {
    ...E.reviseGrid,
    access: codes(...C.REVISE_EDITOR_CODES),
    raw: true,
    query: R.ReviseDataQuery,
    data: z.null(),
    summary:
      'The values of the grid to revise as bytes: little-endian Float32, row-major, NaN = missing (application/octet-stream); georeference, version and identity in the x-grid-meta header; ETag by version',
  },
  revisePoint: {
    ...E.revisePoint,
    access: codes(C.REVISE_POINT),
    summary: 'Point revision (Cressman) on one or more leads, atomically',
    body: R.PointReviseBody,
    data: R.ReviseResult,
  },
  revisePolygon: {
    ...E.revisePolygon,
    access: codes(C.REVISE_POLYGON),
    summary: 'Polygon (area) revision on one or more leads, atomically',
    body: R.PolygonReviseBody,
    data: R.ReviseResult,
  },
  reviseSubmit: {
    ...E.reviseSubmit,
    access: codes(C.REVISE_SUBMIT),
    summary: 'Issue the grids of a type and base time: freeze them and export MICAPS 4 and GeoTIFF files (a job)',
    body: R.SubmitBody,
    data: R.SubmitResult,
  },
  consistencyCheck: {
    ...E.consistencyCheck,
    access: codes(...C.REVISE_EDITOR_CODES, C.REVISE_SUBMIT),
    summary: 'Consistency violations of the forecast of a type at a base time (tmin ≤ t ≤ tmax, ranges, 3 h sums vs totals), with outlines',
    query: R.ConsistencyQuery,
    data: R.ConsistencyReport,
  },
  consistencyFix: {
    ...E.consistencyFix,
    access: codes(...C.REVISE_EDITOR_CODES),
    summary: 'Fix consistency violations (clip to the extremes or range, rescale 3 h amounts to the total) as undoable revision records',
    body: R.ConsistencyFixBody,
    data: R.ConsistencyFixResult,
  },
  fileStateList: {
    ...E.fileStateList,
    access: codes(C.REVISE_SUBMIT),
    summary: 'Issues of the customer with their export state and files',
    query: R.FileStateQuery,
    data: paged(R.FileState),
  },
  fileStateDownload: {
    ...E.fileStateDownload,
    access: codes(C.REVISE_SUBMIT),
    summary: 'Download an exported file',
    query: R.FileIdQuery,
    data: z.null(),
    raw: true,
  },
  fileStateZip: {
    ...E.fileStateZip,
    access: codes(C.REVISE_SUBMIT),
    summary: 'Every exported file of one issue as a single zip',
    query: R.FileIdQuery,
    data: z.null(),
    raw: true,
  },
  recordList: {
    ...E.recordList,
    access: codes(C.REVISE_RECOVERY),
    summary: 'Revision records with filters',
    query: R.RecordQuery,
    data: paged(R.RevisionRecord),
  },
  recordDetail: {
    ...E.recordDetail,
    access: codes(C.REVISE_RECOVERY),
    summary: 'One revision record with its changed area',
    query: R.RecordIdQuery,
    data: R.RecordDetail,
  },
  recordPatch: {
    ...E.recordPatch,
    access: codes(C.REVISE_RECOVERY),
    raw: true,
    query: R.RecordIdQuery,
    data: z.null(),
    summary:
      'The exact patch of a revision record as bytes (encodePatch of @agromet/grid, application/octet-stream); the grid it applies to in the x-grid-meta header',
  },
  recordRecovery: {
    ...E.recordRecovery,
    access: codes(C.REVISE_RECOVERY),
    summary: "Restore the old values of a record's cells (a new, recorded revision)",
    query: R.RecordIdQuery,
    data: R.RecoveryResult,
  },

  // ---- customer boundary layers (GeoJSON polygons, e.g. counties): map overlays and areas to pick for revision ----
  gisBoundaryList: {
    ...E.gisBoundaryList,
    access: codes(...C.GRID_READER_CODES, ...C.BOUNDARY_ADMIN_CODES),
    summary: "Boundary layers uploaded by the caller's customer",
    data: z.array(BoundaryLayer),
  },
  gisBoundaryUpload: {
    ...E.gisBoundaryUpload,
    access: codes(...C.BOUNDARY_ADMIN_CODES),
    multipart: true,
    data: BoundaryLayer,
    summary: `Upload a GeoJSON boundary layer (multipart: file ≤ ${C.BOUNDARY_MAX_MB} MB, name); Polygon/MultiPolygon only, properties reduced to a name`,
  },
  gisBoundaryGet: {
    ...E.gisBoundaryGet,
    access: codes(...C.GRID_READER_CODES),
    params: IdParams,
    data: z.string(),
    raw: true,
    summary: "A boundary layer of the caller's customer as GeoJSON",
  },
  gisBoundaryDelete: {
    ...E.gisBoundaryDelete,
    access: codes(...C.BOUNDARY_ADMIN_CODES),
    body: IdBody,
    data: z.null(),
    summary: "Delete a boundary layer of the caller's customer (row and file)",
  },

  // ---- agro-climatic zoning: crops, criteria, base climate factors, zoning products ----
  cropAll: { ...E.cropAll, access: QUHUA_READ, summary: "Crops of the caller's customer (seeded ones first)", data: z.array(Z.Crop) },
  cropAdd: { ...E.cropAdd, access: QUHUA_CRITERIA, summary: 'Add a crop (name unique in the customer)', body: Z.CropCreate, data: Z.Crop },
  cropUpdate: { ...E.cropUpdate, access: QUHUA_CRITERIA, summary: 'Edit a crop (optimistic version)', body: Z.CropUpdate, data: Z.Crop },
  cropDelete: {
    ...E.cropDelete,
    access: QUHUA_CRITERIA,
    summary: 'Delete a crop without criteria (4009 when criteria use it)',
    body: Z.CropDelete,
    data: z.null(),
  },
  // crop calendars (docs/crop-calendar.md#calls): read by any zoning page, changed by whoever edits crops and criteria
  cropCalendarAll: {
    ...E.cropCalendarAll,
    access: QUHUA_READ,
    summary: "Every crop of the caller's customer with its calendar (the built-in ones made on first use)",
    data: z.array(CC.CropCalendarEntry),
  },
  cropCalendarAdd: {
    ...E.cropCalendarAdd,
    access: QUHUA_CRITERIA,
    summary: 'Give a crop its calendar: stages and shift by altitude and latitude (4100 naming the field, 4009 when it has one)',
    body: CC.CropCalendarCreate,
    data: CC.CropCalendar,
  },
  cropCalendarUpdate: {
    ...E.cropCalendarUpdate,
    access: QUHUA_CRITERIA,
    summary: "Edit a crop's calendar (optimistic version)",
    body: CC.CropCalendarUpdate,
    data: CC.CropCalendar,
  },
  cropCalendarDelete: {
    ...E.cropCalendarDelete,
    access: QUHUA_CRITERIA,
    summary: "Delete a crop's calendar",
    body: CC.CropCalendarDelete,
    data: z.null(),
  },
  criterionAllByCrop: {
    ...E.criterionAllByCrop,
    access: QUHUA_READ,
    summary: 'Every criterion (index) of a crop, with its factors',
    query: Z.CropIdQuery,
    data: z.array(Z.Criterion),
  },
  criterionPage: {
    ...E.criterionPage,
    access: QUHUA_READ,
    summary: 'Criteria with paging, by crop and name',
    query: Z.CriterionPageQuery,
    data: Z.CriterionPage,
  },
  criterionGet: {
    ...E.criterionGet,
    access: QUHUA_READ,
    summary: 'One criterion with its full editable definition',
    query: Z.CriteriaIdQuery,
    data: Z.Criterion,
  },
  criterionAdd: {
    ...E.criterionAdd,
    access: QUHUA_CRITERIA,
    summary: 'Add a criterion: factors with class thresholds, method, weights, cut points (4100 naming the field)',
    body: Z.CriterionCreate,
    data: Z.Criterion,
  },
  criterionUpdate: {
    ...E.criterionUpdate,
    access: QUHUA_CRITERIA,
    summary: 'Edit a criterion (optimistic version); products keep the definition they were made with',
    body: Z.CriterionUpdate,
    data: Z.Criterion,
  },
  criterionDelete: {
    ...E.criterionDelete,
    access: QUHUA_CRITERIA,
    summary: 'Delete a criterion no product uses (4009 otherwise)',
    body: Z.CriteriaIdBody,
    data: z.null(),
  },
  baseFactorAll: {
    ...E.baseFactorAll,
    access: QUHUA_READ,
    summary: 'The base climate factors with altitude and slope: unit, range, source, grid version, fit (R², LOO-CV RMSE)',
    data: z.array(Z.BaseFactor),
  },
  baseFactorHistogram: {
    ...E.baseFactorHistogram,
    access: QUHUA_READ,
    summary: "Histogram of a base factor's grid",
    query: Z.HistogramQuery,
    data: Z.Histogram,
  },
  baseFactorGrid: {
    ...E.baseFactorGrid,
    access: QUHUA_READ,
    raw: true,
    query: Z.BaseFactorCodeQuery,
    data: z.null(),
    summary:
      "A base factor's grid as bytes (little-endian Float32, row-major, NaN = missing) with the x-grid-meta header (type 'zoning', factor = code)",
  },
  baseFactorNormals: {
    ...E.baseFactorNormals,
    access: QUHUA_CRITERIA,
    summary: 'Station normals of the customer, per station',
    data: z.array(Z.StationNormals),
  },
  baseFactorImportNormals: {
    ...E.baseFactorImportNormals,
    access: QUHUA_CRITERIA,
    multipart: true,
    data: Z.NormalsImportResult,
    summary:
      'Import station normals from CSV (multipart field "file": station,factor,value); all or nothing: any bad row answers 4100 with data.issues [{row, field, message}]; the factors are regridded by a job',
  },
  baseFactorImportGrid: {
    ...E.baseFactorImportGrid,
    access: QUHUA_CRITERIA,
    multipart: true,
    data: JobCreated,
    summary: 'Import a base factor grid (GeoTIFF or MICAPS 4; multipart: file, code) as a job; altitude also rederives slope',
  },
  zoningExecute: {
    ...E.zoningExecute,
    access: QUHUA_MAKE,
    summary: "Run a criterion over the customer's region, a boundary area or a polygon as a job",
    body: Z.ZoningExecuteBody,
    data: Z.ZoningExecuteResult,
  },
  zoningRunning: {
    ...E.zoningRunning,
    access: QUHUA_MAKE,
    summary: 'Zoning products queued or running, with progress',
    data: z.array(Z.ZoningRunning),
  },
  zoningProduct: {
    ...E.zoningProduct,
    access: QUHUA_PRODUCTS,
    summary: 'One zoning product: status, progress, statistics, inputs, WMS layer',
    query: Z.ProductIdQuery,
    data: Z.ZoningProduct,
  },
  zoningProductPage: {
    ...E.zoningProductPage,
    access: QUHUA_PRODUCTS,
    summary: 'Zoning products (of a crop), newest first',
    query: Z.ZoningProductPageQuery,
    data: Z.ZoningProductPage,
  },
  zoningQuery: {
    ...E.zoningQuery,
    access: QUHUA_PRODUCTS,
    summary: "A cell of a product: its class, each factor's value and class, the limiting factor (4100 outside the grid)",
    body: Z.ZoningQueryBody,
    data: Z.ZoningCellInfo,
  },
  zoningDelete: {
    ...E.zoningDelete,
    access: codes(C.QUHUA_RESULT),
    summary: 'Delete a product and its files (4009 while queued or running)',
    body: Z.ProductIdBody,
    data: z.null(),
  },
  zoningDownload: {
    ...E.zoningDownload,
    access: QUHUA_PRODUCTS,
    raw: true,
    query: Z.ProductIdQuery,
    data: z.null(),
    summary: 'A zip of the product: class GeoTIFF with colour table, PNG map, statistics CSV, JSON of criterion and inputs',
  },

  // ---- downloads library and forecast values at stations ----
  downloadPage: {
    ...E.downloadPage,
    access: DOWNLOADS,
    summary: "The library of the caller's customer, newest first: filter by kind, forecast type and factor, time made, author, name",
    query: D.DownloadPageQuery,
    data: D.DownloadPage,
  },
  downloadFile: {
    ...E.downloadFile,
    access: DOWNLOADS,
    raw: true,
    query: D.DownloadIdQuery,
    data: z.null(),
    summary: 'The bytes of one item with its content type and file name (attachment; UTF-8 name in filename*)',
  },
  downloadPreview: {
    ...E.downloadPreview,
    access: DOWNLOADS,
    raw: true,
    query: D.DownloadPreviewQuery,
    data: z.null(),
    summary: "An item shown in place: the PNG or PDF itself, a zoning product's map; thumb=1 a small PNG (4004 when it has no preview)",
  },
  downloadZip: {
    ...E.downloadZip,
    access: DOWNLOADS,
    raw: true,
    body: D.DownloadIdsBody,
    data: z.null(),
    summary: 'Several items as one zip (members named after the items, repeated names numbered)',
  },
  downloadDelete: {
    ...E.downloadDelete,
    access: DOWNLOADS,
    body: D.DownloadIdsBody,
    data: D.DownloadDeleted,
    summary: "Delete library files: the author's own or, for an administrator, any of the customer (all or none; row first, then the file)",
  },
  stationTable: {
    ...E.stationTable,
    access: DOWNLOADS,
    query: D.StationTableQuery,
    data: D.StationTable,
    summary: "A forecast element at every station of the caller's customer over the run's lead times",
  },
  stationTableExport: {
    ...E.stationTableExport,
    access: DOWNLOADS,
    body: D.StationTableExportBody,
    data: D.DownloadItem,
    summary: 'The station table as CSV or Excel (text cells never formulas), stored in the library; answers the new item',
  },

  // ---- map products (docs/products.md#calls) ----
  productTemplateList: {
    ...E.productTemplateList,
    access: PRODUCTS,
    summary: "Product templates of the caller's customer (the seeded one first)",
    data: z.array(P.ProductTemplate),
  },
  productTemplateSave: {
    ...E.productTemplateSave,
    access: PRODUCTS,
    summary: 'Create a template (no id) or update one (id, version): placeholders, colours, boundary layers and logo checked',
    body: P.ProductTemplateSave,
    data: P.ProductTemplate,
  },
  productTemplateDelete: {
    ...E.productTemplateDelete,
    access: PRODUCTS,
    summary: 'Delete a template (the last one of the customer stays)',
    body: P.ProductTemplateDelete,
    data: z.null(),
  },
  productPreview: {
    ...E.productPreview,
    access: PRODUCTS,
    raw: true,
    body: P.ProductPreviewBody,
    data: z.null(),
    summary: 'A PNG of the product at screen resolution, made at once (a series: its first lead); nothing is stored',
  },
  productMake: {
    ...E.productMake,
    access: PRODUCTS,
    summary: 'Make a product (PNG and PDF; a series one per lead) as a job; the files join the downloads library',
    body: P.ProductMakeBody,
    data: P.ProductMakeResult,
  },
  productPage: {
    ...E.productPage,
    access: PRODUCTS,
    summary: "Products of the caller's customer, newest first, with status, progress and files",
    query: P.ProductPageQuery,
    data: P.ProductPage,
  },
  productInfo: {
    ...E.productInfo,
    access: PRODUCTS,
    summary: 'One product with status, progress and files',
    query: P.MapProductIdQuery,
    data: P.MapProduct,
  },
  productFile: {
    ...E.productFile,
    access: PRODUCTS,
    raw: true,
    query: P.ProductFileQuery,
    data: z.null(),
    summary: "One made file: a product item's PNG or PDF (attachment)",
  },
  productScheduleList: {
    ...E.productScheduleList,
    access: PRODUCTS,
    summary: "Product schedules of the caller's customer (products made without anyone clicking), with their last run",
    data: z.array(P.ProductSchedule),
  },
  productScheduleSave: {
    ...E.productScheduleSave,
    access: PRODUCTS,
    summary: 'Create a schedule (no id) or update one (id, version): template, forecast without its run, new-run or daily trigger',
    body: P.ProductScheduleSave,
    data: P.ProductSchedule,
  },
  productScheduleDelete: {
    ...E.productScheduleDelete,
    access: PRODUCTS,
    summary: 'Delete a schedule (the products it made stay)',
    body: P.ProductScheduleDelete,
    data: z.null(),
  },

  // ---- crop risk products (docs/risk.md#calls): hazards, runs and products of page make-risk ----
  riskHazardAll: {
    ...E.riskHazardAll,
    access: RISK,
    summary: "Hazard definitions of the caller's customer (the defaults are seeded on first use)",
    data: z.array(RK.Hazard),
  },
  riskHazardAdd: {
    ...E.riskHazardAdd,
    access: RISK,
    summary: 'Add a hazard: conditions on forecast elements with thresholds per level IV…I (4100 naming the field)',
    body: RK.HazardCreate,
    data: RK.Hazard,
  },
  riskHazardUpdate: {
    ...E.riskHazardUpdate,
    access: RISK,
    summary: 'Edit a hazard (optimistic version); products keep the definition they were made with',
    body: RK.HazardUpdate,
    data: RK.Hazard,
  },
  riskHazardDelete: { ...E.riskHazardDelete, access: RISK, summary: 'Delete a hazard', body: RK.HazardDelete, data: z.null() },
  riskExposures: {
    ...E.riskExposures,
    access: RISK,
    summary: 'Finished zoning products of the customer a risk run may weigh its exposure by',
    data: z.array(RK.RiskExposureOption),
  },
  riskCrops: {
    ...E.riskCrops,
    access: RISK,
    summary: 'Crops of the customer a risk run may assess through their calendar (cropId)',
    data: z.array(RK.RiskCropOption),
  },
  riskExecute: {
    ...E.riskExecute,
    access: RISK,
    summary: 'Apply a hazard to a forecast run over a lead range and a region, optionally weighted by a zoning, as a job',
    body: RK.RiskExecuteBody,
    data: RK.RiskExecuteResult,
  },
  riskRunning: { ...E.riskRunning, access: RISK, summary: 'Risk products queued or running, with progress', data: z.array(RK.RiskRunning) },
  riskProduct: {
    ...E.riskProduct,
    access: RISK,
    summary: 'One risk product: status, areas per level per county, summaries, WMS layer',
    query: RK.RiskProductIdQuery,
    data: RK.RiskProduct,
  },
  riskProductPage: {
    ...E.riskProductPage,
    access: RISK,
    summary: 'Risk products, newest first',
    query: RK.RiskProductPageQuery,
    data: RK.RiskProductPage,
  },
  riskDelete: {
    ...E.riskDelete,
    access: RISK,
    summary: 'Delete a risk product and its files (4009 while queued or running)',
    body: RK.RiskProductIdBody,
    data: z.null(),
  },
} as const satisfies Record<string, ApiDef>;

export type ApiName = keyof typeof API;
export type ApiData<N extends ApiName> = z.infer<(typeof API)[N]['data']>;
