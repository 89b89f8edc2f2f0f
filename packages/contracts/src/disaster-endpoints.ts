// Sandstorm disaster records (docs/disaster.md): the zod-free half the browser imports at run time: method and
// address of each call (spread into API_ENDPOINTS), limits, units and the file columns of import and export.

export const DISASTER_ENDPOINTS = {
  regionOptions: { method: 'GET', url: '/api/region/options' },
  regionAt: { method: 'GET', url: '/api/region/at' },
  sandstormFind: { method: 'GET', url: '/api/sandstorm/findByCode' },
  sandstormInsert: { method: 'POST', url: '/api/sandstorm/insert' },
  sandstormUpdate: { method: 'POST', url: '/api/sandstorm/update' },
  sandstormDelete: { method: 'GET', url: '/api/sandstorm/deleteById' },
  sandstormStatistics: { method: 'GET', url: '/api/sandstorm/statistics' },
  sandstormExport: { method: 'GET', url: '/api/sandstorm/export' },
  sandstormImport: { method: 'POST', url: '/api/sandstorm/import' },
} as const;

/** Ranges of a record's numbers (inclusive), in the units of SANDSTORM_UNITS. */
export const SANDSTORM_LIMITS = {
  /** China's extent, WGS84 degrees. */
  lon: [73, 136],
  lat: [3, 54],
  /** Hours. */
  duration: [0, 720],
  /** Metres; grades exist below 10 000 m only (sandstorm-grade.ts). */
  minVisibility: [0, 50_000],
  /** m/s (the strongest gust on record in China is about 75 m/s). */
  maxWindSpeed: [0, 75],
  /** mm. */
  precipitation: [0, 1000],
  /** 10⁴ CNY. */
  economicLoss: [0, 100_000_000],
  /** Counts of people and houses. */
  count: [0, 10_000_000],
} as const;

export const SANDSTORM_UNITS = {
  lon: '°',
  lat: '°',
  duration: 'h',
  minVisibility: 'm',
  maxWindSpeed: 'm/s',
  precipitation: 'mm',
  economicLoss: '10⁴ CNY',
} as const;

export const SANDSTORM_TEXT_MAX = { location: 64, description: 2000, remark: 500 } as const;

/** Records on the map come in one call of at most this many (the table pages by 100 at most). */
export const SANDSTORM_MAP_MAX = 5000;

/** Import: file size and data rows. */
export const SANDSTORM_IMPORT_MAX_KB = 4096;
export const SANDSTORM_IMPORT_MAX_ROWS = 5000;

/** Export: at most this many rows in one file. */
export const SANDSTORM_EXPORT_MAX_ROWS = 50_000;

/** A record's number fields, in the order forms and files list them: where, how strong and long, what it cost. */
export const SANDSTORM_NUMBER_FIELDS = [
  'lon',
  'lat',
  'duration',
  'minVisibility',
  'maxWindSpeed',
  'precipitation',
  'economicLoss',
  'housesCollapsed',
  'deaths',
  'injured',
] as const;

/** Columns of the export, in order; the import reads the same (region name is written, not read). */
export const SANDSTORM_FILE_COLUMNS = [
  'location',
  'time',
  'level',
  'regionCode',
  'regionName',
  ...SANDSTORM_NUMBER_FIELDS,
  'description',
  'remark',
] as const;
export type SandstormFileColumn = (typeof SANDSTORM_FILE_COLUMNS)[number];

/** Records' times in files without an offset are Beijing time (UTC+8), as Chinese observation records are kept. */
export const SANDSTORM_FILE_UTC_OFFSET_HOURS = 8;
