// Constants of the contract without zod: the browser imports them (through ./web.ts) without the schemas.

// from auth
/** Minimum password length (docs/security.md#passwords). */
export const PASSWORD_MIN_LENGTH = 5;

export const PASSWORD_MAX_LENGTH = 128;

/** The web refreshes when the access token expires within this window (docs/console.md#sign-in-and-the-session). */
export const REFRESH_THRESHOLD_MS = 300_000;

export const DEFAULT_SYS_NAME = '天策云管理控制台';

export const DEFAULT_MAP = { centerLat: 39.9, centerLon: 116.4, zoom: 8, minZoom: 3, maxZoom: 15 } as const;

export const UPLOAD_MAX_KB = 10240;

// from grids
/** Pages whose work reads forecast grids (map layers, point values): revision, making, zoning, service products. */
export const GRID_READER_CODES = [
  'revise.point.admin',
  'revise.polygon.admin',
  'revise.recovery.admin',
  'revise.submit.admin',
  'revise.allocation.admin',
  'make.product.admin',
  'make.risk.admin',
  'quhua.make.admin',
  'quhua.criteria.admin',
  'quhua.result.admin',
  'serviceproducts.all.admin',
] as const;

/** Who may upload and delete a customer's boundary layers (admin passes all). */
export const BOUNDARY_ADMIN_CODES = ['revise.polygon.admin', 'sys.customer.admin'] as const;

/** Largest GeoJSON file accepted by POST /api/gis/boundary/upload. */
export const BOUNDARY_MAX_MB = 20;

/** Most features (areas) one boundary layer may hold. */
export const BOUNDARY_MAX_FEATURES = 5000;

/**
 * Most positions (vertices) one boundary layer may hold in all: a province's township outlines fit; a ring of a million
 * positions, which every map on the layer would have to download and draw, does not.
 */
export const BOUNDARY_MAX_POSITIONS = 500_000;

/**
 * Most positions a map is sent of one boundary layer: a layer with more is simplified for display (its stored geometry
 * stays exact for what the server computes with it: area masks, products, region checks).
 */
export const BOUNDARY_DISPLAY_POSITIONS = 30_000;

/** Largest grid file accepted by POST /api/grid/import (a national 0.05° MICAPS 4 text is about 17 MB). */
export const GRID_IMPORT_MAX_MB = 64;

// from revise
/** Codes of the data-revision pages (docs/security.md#permissions). */
export const REVISE_POINT = 'revise.point.admin';

export const REVISE_POLYGON = 'revise.polygon.admin';

export const REVISE_RECOVERY = 'revise.recovery.admin';

export const REVISE_SUBMIT = 'revise.submit.admin';

export const REVISE_ALLOCATION = 'revise.allocation.admin';

/** Pages that need the forecast types and their factors. */
export const REVISE_READER_CODES = [REVISE_POINT, REVISE_POLYGON, REVISE_RECOVERY, REVISE_SUBMIT, REVISE_ALLOCATION] as const;

/** Pages that edit grids: they see the grids to edit (GET /forecaster/getData). */
export const REVISE_EDITOR_CODES = [REVISE_POINT, REVISE_POLYGON] as const;

/** Valid ranges of a station's position: altitude from the Dead Sea shore to above any station on Earth. */
export const STATION_LIMITS = { latitude: [-90, 90], longitude: [-180, 180], altitude: [-500, 9000] } as const;

/** Station numbers: the WMO/national 5-character form (57036) or a regional one (A1234, V8120), letters and digits. */
export const STATION_NUMBER_PATTERN = /^[A-Za-z0-9]{1,16}$/;

/** The station list allows pages of up to 1000 so that the map can draw every station of a province in one call. */
export const STATION_PAGE_MAX = 1000;

/** CSV columns of export and import, in order; import also accepts the Chinese headers. */
export const STATION_CSV_COLUMNS = [
  'stationNumber',
  'name',
  'province',
  'city',
  'district',
  'address',
  'longitude',
  'latitude',
  'altitude',
  'contactPerson',
  'contactPhone',
  'remarks',
] as const;

/** Largest station CSV accepted, and most rows in one import. */
export const STATION_IMPORT_MAX_KB = 2048;

export const STATION_IMPORT_MAX_ROWS = 5000;

export const REVISE_LIMITS = {
  leads: 100,
  points: 200,
  radiusKm: [0.1, 500],
  polygons: 50,
  ringPositions: 5000,
  totalPositions: 20_000,
  rampCells: 100,
} as const;

export const AREA_OPERATIONS = ['assign', 'add', 'subtract', 'multiply', 'divide'] as const;

export const EDGE_MODES = ['flat', 'ramp', 'taper'] as const;

export const REVISION_KINDS = ['point', 'polygon', 'recovery', 'consistency'] as const;

export const FILE_STATES = ['pending', 'exported', 'failed'] as const;

export const ISSUE_FORMATS = ['micaps4', 'geotiff'] as const;

// from system
/** A customer's map centre and zoom: latitude −90…90, longitude −180…180, zoom 3…15 (docs/console.md#map). */
export const MAP_LIMITS = { lat: [-90, 90], lon: [-180, 180], zoom: [3, 15] } as const;

export const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._@-]{2,63}$/;

export const PERMISSION_CODE_PATTERN = /^[a-z][a-z0-9._-]{1,95}$/;

/** Rows in one CSV export at most. */
export const LOG_EXPORT_LIMIT = 50_000;

/** Kinds of operation-log rows (operation_log.type): the server's audit specs use only these; the log page filters by them. */
export const LOG_TYPES = [
  'auth',
  'user',
  'customer',
  'role',
  'permission',
  'file',
  'grid',
  'station',
  'allocation',
  'revise',
  'boundary',
  'zoning',
  'disaster',
  'travel',
  'article',
  'download',
  'product',
  'risk',
  'weixin',
] as const;
export type LogType = (typeof LOG_TYPES)[number];

// from zoning
/** Codes of the zoning pages: make-zoning, index-manage (crops, criteria, base factors) and zoning-list. */
export const QUHUA_MAKE = 'quhua.make.admin';

export const QUHUA_CRITERIA = 'quhua.criteria.admin';

export const QUHUA_RESULT = 'quhua.result.admin';

/** Any of the three zoning pages (reading crops, criteria, base factors and products). */
export const QUHUA_READER_CODES = [QUHUA_MAKE, QUHUA_CRITERIA, QUHUA_RESULT] as const;

/** Suitability classes, index 0 = most suitable … 3 = unsuitable; 255 = no class (no data, outside the region). */
export const ZONING_CLASS_COUNT = 4;

export const ZONING_NO_CLASS = 255;

/** Legend colours of the classes, most suitable first: dark green, light green, yellow, grey-brown. */
export const ZONING_CLASS_COLORS = ['#1a7f37', '#8fd18a', '#f2d24b', '#a89a86'] as const;

/** How a criterion combines its factors' classes: worst class wins, weighted class scores, weighted fuzzy membership. */
export const ZONING_METHODS = ['limiting', 'weighted', 'fuzzy'] as const;

export const ZONING_PRODUCT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

/** Where a base factor's grid comes from: station normals gridded, an imported grid file, or derived (slope from altitude). */
export const BASE_FACTOR_SOURCES = ['stations', 'import', 'derived'] as const;

/**
 * The base climate factors a criterion may use (units and valid ranges in the server's catalogue): altitude and slope,
 * then the climatological factors gridded from station normals.
 */
export const BASE_FACTOR_CODES = [
  'altitude',
  'slope',
  'tmean',
  'acc10',
  'precip',
  'sunshine',
  'textmin',
  'tcold',
  'twarm',
  'frostfree',
  'rh',
  'rhMarSep',
  'springFrost',
] as const;

/** CSV columns of a station-normals import (the Chinese headers 站号, 要素, 值 are accepted too). */
export const NORMALS_CSV_COLUMNS = ['station', 'factor', 'value'] as const;

export const NORMALS_IMPORT_MAX_KB = 2048;

export const NORMALS_IMPORT_MAX_ROWS = 20_000;

/** Limits of a criterion: factors, thresholds per factor, name lengths. */
export const ZONING_LIMITS = { factors: 12, breaks: 8, name: 64, description: 500, className: 32, histogramBins: 100 } as const;

// from system
/** Every field of an operation-log row, in the order its detail view and the CSV export show them (system.ts checks them against LogRow). */
export const LOG_FIELDS = [
  'id',
  'createdAt',
  'action',
  'type',
  'description',
  'operatorName',
  'username',
  'userId',
  'customerId',
  'ip',
  'host',
  'agent',
  'language',
  'referer',
  'origin',
  'statusCode',
  'resultCode',
  'parameter',
] as const;

// from downloads
/** What the downloads library holds (docs/downloads.md): map and risk products, issued forecast files, zoning products, station tables. */
export const DOWNLOAD_KINDS = ['map-product', 'risk-product', 'forecast-file', 'zoning', 'station-table'] as const;
export type DownloadKindValue = (typeof DOWNLOAD_KINDS)[number];

/** File formats of library items (`micaps4`: MICAPS 4 text grids; `tiff`: GeoTIFF). */
export const DOWNLOAD_FORMATS = ['png', 'pdf', 'zip', 'tiff', 'micaps4', 'csv', 'xlsx', 'json'] as const;
export type DownloadFormatValue = (typeof DOWNLOAD_FORMATS)[number];

/** The content type each format is served with. */
export const DOWNLOAD_CONTENT_TYPES: Record<DownloadFormatValue, string> = {
  png: 'image/png',
  pdf: 'application/pdf',
  zip: 'application/zip',
  tiff: 'image/tiff',
  micaps4: 'text/plain; charset=gbk',
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  json: 'application/json',
};

/** The make-download page's code (the spec's table), and who may delete anyone's library files of their customer. */
export const DOWNLOAD_CODE = 'make.risk.admin';
export const DOWNLOAD_ADMIN_CODES = ['admin', 'sys.customer.admin'] as const;

/** Items in one zip at most; a thumbnail's longest side in pixels; the zip's total size at most (MB). */
export const DOWNLOAD_LIMITS = { zipItems: 100, thumbnail: 240, zipMaxMb: 512 } as const;
