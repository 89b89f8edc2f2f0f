import { z } from 'zod';
import type { ApiDef } from './api-def.js';
import { DISASTER_ENDPOINTS as E, SANDSTORM_EXPORT_MAX_ROWS } from './disaster-endpoints.js';
import { paged } from './system.js';
import {
  SandstormCreate,
  SandstormUpdate,
  Sandstorm,
  SandstormQuery,
  SandstormFilterQuery,
  SandstormIdQuery,
  SandstormStatistics,
  SandstormExportQuery,
  SandstormImportResult,
  RegionOption,
  RegionOptionsQuery,
  RegionAtQuery,
  RegionAt,
} from './disaster.js';

const DISASTER = { kind: 'codes', codes: ['basedata.disastersituation.admin'] } as const;
/** The region code table serves the disaster records and the tourism pages. */
const REGION_READERS = { kind: 'codes', codes: ['basedata.disastersituation.admin', 'travel.scenicspot.admin'] } as const;

export const DISASTER_API = {
  regionOptions: {
    ...E.regionOptions,
    access: REGION_READERS,
    summary: 'GB/T 2260 regions for a cascader: provinces, with the children on the way to `code` (each node says whether it has children)',
    query: RegionOptionsQuery,
    data: z.array(RegionOption),
  },
  regionAt: {
    ...E.regionAt,
    access: REGION_READERS,
    summary:
      "The region code of a point from the boundary layers: the deepest area of the customer's layers named like a region, else the built-in province",
    query: RegionAtQuery,
    data: RegionAt,
  },
  sandstormFind: {
    ...E.sandstormFind,
    access: DISASTER,
    summary:
      'Sandstorm records of the customer, newest first: region code (a province or prefecture matches every county below), time range, level, keyword; paged',
    query: SandstormQuery,
    data: paged(Sandstorm),
  },
  sandstormInsert: {
    ...E.sandstormInsert,
    access: DISASTER,
    summary: 'Add a record; a missing level is derived from visibility and wind (GB/T 20480), a contradicting one is refused (4100)',
    body: SandstormCreate,
    data: Sandstorm,
  },
  sandstormUpdate: {
    ...E.sandstormUpdate,
    access: DISASTER,
    summary: 'Edit a record (optimistic version: a stale one answers 4009)',
    body: SandstormUpdate,
    data: Sandstorm,
  },
  sandstormDelete: {
    ...E.sandstormDelete,
    access: DISASTER,
    summary: 'Delete a record (query id)',
    query: SandstormIdQuery,
    data: z.null(),
  },
  sandstormStatistics: {
    ...E.sandstormStatistics,
    access: DISASTER,
    summary: 'Counts of the filtered records by month, year, level and region, with totals of losses and casualties',
    query: SandstormFilterQuery,
    data: SandstormStatistics,
  },
  sandstormExport: {
    ...E.sandstormExport,
    access: DISASTER,
    raw: true,
    summary: `The filtered records as an Excel workbook or CSV (at most ${SANDSTORM_EXPORT_MAX_ROWS} rows; headers in the caller's language, no cell a formula)`,
    query: SandstormExportQuery,
    data: z.null(),
  },
  sandstormImport: {
    ...E.sandstormImport,
    access: DISASTER,
    multipart: true,
    summary:
      'Import records from .xlsx or .csv (multipart field "file"); all or nothing: any bad row answers 4100 with data.issues [{row, field, message}]',
    data: SandstormImportResult,
  },
} as const satisfies Record<string, ApiDef>;
