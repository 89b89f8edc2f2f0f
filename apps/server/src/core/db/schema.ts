import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type * as Articles from './schema/articles.js';
import type * as CropCalendar from './schema/crop-calendar.js';
import type * as Disaster from './schema/disaster.js';
import type * as Downloads from './schema/downloads.js';
import type * as Products from './schema/products.js';
import type * as Risk from './schema/risk.js';
import type * as Travel from './schema/travel.js';
import type * as Weixin from './schema/weixin.js';
import type * as Zoning from './schema/zoning.js';
import type { GridGeometryColumns } from './schema/columns.js';

// The tables of the feature areas, one file each under schema/ (types only); the Database below names them all.
export type * from './schema/articles.js';
export type * from './schema/crop-calendar.js';
export type * from './schema/disaster.js';
export type * from './schema/downloads.js';
export type * from './schema/products.js';
export type * from './schema/risk.js';
export type * from './schema/travel.js';
export type * from './schema/weixin.js';
export type * from './schema/zoning.js';

/** A column with a database default: optional on insert. */
type D<T> = ColumnType<T, T | undefined, T>;

/** Times are ISO 8601 UTC strings and flags 0/1 integers, so both engines store them alike. */
export interface CustomerTable {
  id: Generated<number>;
  name: string;
  tel: D<string>;
  address: D<string>;
  logo: D<string>;
  sys_name: D<string>;
  center_lat: number;
  center_lon: number;
  zoom: number;
  /** 1 for the platform customer that owns the console. */
  is_platform: D<number>;
  version: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface UserTable {
  id: Generated<number>;
  customer_id: number;
  username: string;
  first_name: D<string>;
  last_name: D<string>;
  name: string;
  email: D<string>;
  mobile: D<string>;
  avatar: D<string>;
  introduction: D<string>;
  password_hash: string;
  /** 1 while the password is one an administrator set (docs/security.md#initial-passwords). */
  password_must_change: D<number>;
  enabled: D<number>;
  /** JSON: { articlePlatform: string[] } */
  setting: string;
  version: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface RoleTable {
  id: Generated<number>;
  customer_id: number;
  name: string;
  description: D<string>;
  version: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface RolePermissionTable {
  role_id: number;
  permission_code: string;
}

/** A permission code the platform granted a customer (docs/security.md#entitlements); its roles hold only these. */
export interface CustomerEntitlementTable {
  customer_id: number;
  permission_code: string;
}

export interface UserRoleTable {
  user_id: number;
  role_id: number;
}

export interface PermissionTable {
  id: Generated<number>;
  code: string;
  name: string;
  description: D<string>;
  /** 1 for the built-in codes of packages/contracts/src/permissions.ts, which cannot be deleted (docs/security.md#permissions). */
  builtin: D<number>;
  version: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A sign-in: one refresh-token family. */
export interface SessionTable {
  id: string;
  user_id: number;
  created_at: string;
  last_used_at: string;
  expires_at: string;
  revoked_at: string | null;
  revoked_reason: string | null;
  ip: D<string>;
  agent: D<string>;
}

export interface RefreshTokenTable {
  /** sha256 of the token; the token itself is never stored. */
  token_hash: string;
  session_id: string;
  created_at: string;
  /** Set once rotated: presenting it again revokes the session. */
  rotated_at: string | null;
}

export interface OperationLogTable {
  id: Generated<number>;
  customer_id: number | null;
  action: string;
  operator_name: D<string>;
  type: string;
  parameter: string;
  description: D<string>;
  user_id: number | null;
  username: D<string>;
  ip: D<string>;
  host: D<string>;
  agent: D<string>;
  language: D<string>;
  referer: D<string>;
  origin: D<string>;
  status_code: number;
  result_code: number;
  created_at: string;
}

export interface StoredFileTable {
  id: string;
  path: string;
  mime: string;
  size: number;
  width: number;
  height: number;
  original_name: D<string>;
  user_id: number | null;
  customer_id: number | null;
  created_at: string;
}

export interface ForecastTypeTable {
  id: Generated<number>;
  code: string;
  name: string;
  description: D<string>;
  step_hours: number;
  max_lead_hours: number;
  created_at: string;
}

export interface FactorTable {
  id: Generated<number>;
  forecast_type_id: number;
  code: string;
  name: string;
  unit: string;
  min_value: number;
  max_value: number;
  precision: D<number>;
  /** JSON colour map (type ramp / intervals / values with stops). */
  colormap: string;
  sort: D<number>;
}

/** One field at one base and lead time; the values live in a Float32 file named by storage_key. */
export interface GridTable extends GridGeometryColumns {
  id: Generated<number>;
  customer_id: number;
  forecast_type_id: number;
  factor_id: number;
  base_time: string;
  lead_hours: number;
  storage_key: string;
  version: Generated<number>;
  updated_by: number | null;
  updated_by_name: D<string>;
  created_at: string;
  updated_at: string;
}

export interface JobTable {
  id: string;
  customer_id: number | null;
  user_id: number | null;
  kind: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  progress: D<number>;
  error: string | null;
  result: string | null;
  /** The job's JSON payload, so that another process can take the job up (null: written before payloads were kept). */
  payload: D<string | null>;
  /** How many times a process took the job up. */
  attempts: D<number>;
  created_at: string;
  updated_at: string;
}

export interface StationTable {
  id: Generated<number>;
  customer_id: number;
  station_number: string;
  name: string;
  province: D<string>;
  city: D<string>;
  district: D<string>;
  address: D<string>;
  longitude: number;
  latitude: number;
  altitude: number;
  contact_person: D<string>;
  contact_phone: D<string>;
  remarks: D<string>;
  version: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A forecast type a forecaster may revise. */
export interface ForecastAllocationTable {
  id: Generated<number>;
  customer_id: number;
  user_id: number;
  forecast_type_id: number;
  created_by: number | null;
  created_at: string;
}

/** One revision call: its parameters, shared by the records of its leads. */
export interface RevisionBatchTable {
  id: string;
  customer_id: number;
  kind: 'point' | 'polygon' | 'recovery' | 'consistency';
  /** JSON. */
  parameters: string;
  user_id: number | null;
  user_name: D<string>;
  created_at: string;
}

/** What one revision changed in one grid: the patch (encodePatch) with its extent and the versions around it. */
export interface RevisionTable extends GridGeometryColumns {
  id: Generated<number>;
  batch_id: string;
  customer_id: number;
  grid_id: number;
  forecast_type_id: number;
  factor_id: number;
  base_time: string;
  lead_hours: number;
  kind: 'point' | 'polygon' | 'recovery' | 'consistency';
  user_id: number | null;
  user_name: D<string>;
  cells_changed: number;
  i0: number | null;
  i1: number | null;
  j0: number | null;
  j1: number | null;
  west: number | null;
  south: number | null;
  east: number | null;
  north: number | null;
  patch: Buffer;
  version_before: number;
  version_after: number;
  /** For a recovery: the record it undid. */
  recovers_id: number | null;
  /** Set when a recovery undid this record. */
  recovered_by_id: number | null;
  created_at: string;
}

/** A submission: the grids of a type and base time frozen and exported as files. */
export interface IssueTable {
  id: Generated<number>;
  customer_id: number;
  forecast_type_id: number;
  base_time: string;
  seq: number;
  status: 'pending' | 'exported' | 'failed';
  error: string | null;
  job_id: string;
  user_id: number | null;
  user_name: D<string>;
  remark: D<string>;
  storage_dir: string;
  grid_count: number;
  created_at: string;
  updated_at: string;
}

export interface IssueGridTable extends GridGeometryColumns {
  id: Generated<number>;
  issue_id: number;
  grid_id: number;
  factor_id: number;
  lead_hours: number;
  version: number;
  storage_key: string;
}

export interface IssueFileTable {
  id: Generated<number>;
  issue_id: number;
  customer_id: number;
  name: string;
  format: 'micaps4' | 'geotiff';
  factor_code: string;
  lead_hours: number;
  size: number;
  storage_key: string;
  created_at: string;
}

/** A boundary layer a customer uploaded: normalised GeoJSON in file storage. */
export interface BoundaryLayerTable {
  id: Generated<number>;
  customer_id: number;
  name: string;
  storage_key: string;
  feature_count: number;
  /** Bytes of the stored (normalised) file. */
  size: number;
  created_by: number | null;
  created_by_name: D<string>;
  created_at: string;
}

export interface Database {
  crop_calendar: CropCalendar.CropCalendarTable;
  crop_calendar_setup: CropCalendar.CropCalendarSetupTable;
  forecast_type: ForecastTypeTable;
  factor: FactorTable;
  grid: GridTable;
  job: JobTable;
  customer: CustomerTable;
  app_user: UserTable;
  role: RoleTable;
  role_permission: RolePermissionTable;
  customer_entitlement: CustomerEntitlementTable;
  user_role: UserRoleTable;
  permission: PermissionTable;
  session: SessionTable;
  refresh_token: RefreshTokenTable;
  operation_log: OperationLogTable;
  stored_file: StoredFileTable;
  station: StationTable;
  forecast_allocation: ForecastAllocationTable;
  revision_batch: RevisionBatchTable;
  revision: RevisionTable;
  issue: IssueTable;
  issue_grid: IssueGridTable;
  issue_file: IssueFileTable;
  boundary_layer: BoundaryLayerTable;
  zoning_setup: Zoning.ZoningSetupTable;
  zoning_crop: Zoning.ZoningCropTable;
  zoning_criterion: Zoning.ZoningCriterionTable;
  zoning_base_factor: Zoning.ZoningBaseFactorTable;
  zoning_station_normal: Zoning.ZoningStationNormalTable;
  zoning_product: Zoning.ZoningProductTable;
  product_template: Products.ProductTemplateTable;
  map_product: Products.MapProductTable;
  product_schedule: Products.ProductScheduleTable;
  map_product_item: Products.MapProductItemTable;
  risk_setup: Risk.RiskSetupTable;
  risk_hazard: Risk.RiskHazardTable;
  risk_product: Risk.RiskProductTable;
  download_file: Downloads.DownloadFileTable;
  sandstorm_record: Disaster.SandstormRecordTable;
  travel_spot: Travel.TravelSpotTable;
  travel_comment: Travel.TravelCommentTable;
  travel_sensitive_word: Travel.TravelSensitiveWordTable;
  travel_landscape: Travel.TravelLandscapeTable;
  travel_greenway: Travel.TravelGreenwayTable;
  travel_route: Travel.TravelRouteTable;
  wx_account: Weixin.WxAccountTable;
  wx_token: Weixin.WxTokenTable;
  wx_follower: Weixin.WxFollowerTable;
  wx_menu: Weixin.WxMenuTable;
  wx_pushed: Weixin.WxPushedTable;
  wx_callback_replay: Weixin.WxCallbackReplayTable;
  wx_send: Weixin.WxSendTable;
  wx_media: Weixin.WxMediaTable;
  article_kind: Articles.ArticleKindTable;
  article: Articles.ArticleTable;
  article_history: Articles.ArticleHistoryTable;
  article_platform: Articles.ArticlePlatformTable;
  article_publication: Articles.ArticlePublicationTable;
  article_attachment: Articles.ArticleAttachmentTable;
}

export type Customer = Selectable<CustomerTable>;
export type User = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
export type Session = Selectable<SessionTable>;
