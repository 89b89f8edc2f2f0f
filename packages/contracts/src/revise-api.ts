import { z } from 'zod';
import { paged } from './system.js';
import { FactorInfo } from './grids.js';
import * as C from './constants.js';
import * as R from './revise.js';
import * as S from './stations.js';

import { API_ENDPOINTS as E } from './endpoints.js';
import { codes, type ApiDef } from './api-def.js';

/** Data revision: stations, forecaster allocation, revising grids, records and recovery, submission (docs/grids.md). */
export const REVISE_API = {
  // ---- data revision: stations, forecaster allocation, revising grids, records and recovery, submission ----
  stationInsert: {
    ...E.stationInsert,
    access: codes(C.REVISE_POINT),
    summary: 'Add a station (number unique in the customer)',
    body: S.StationCreate,
    data: S.Station,
  },
  stationList: {
    ...E.stationList,
    access: codes(C.REVISE_POINT),
    summary: "The customer's stations, with search and paging",
    query: S.StationQuery,
    data: paged(S.Station),
  },
  stationUpdate: {
    ...E.stationUpdate,
    access: codes(C.REVISE_POINT),
    summary: 'Edit a station (optimistic version)',
    body: S.StationUpdate,
    data: S.Station,
  },
  stationDelete: {
    ...E.stationDelete,
    access: codes(C.REVISE_POINT),
    summary: 'Delete a station (query id)',
    query: S.StationIdQuery,
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
    data: S.StationImportResult,
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
    // Forecasters fetch the patch of the revision they just saved: the page's grid takes only its changed cells.
    access: codes(C.REVISE_RECOVERY, ...C.REVISE_EDITOR_CODES),
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
} as const satisfies Record<string, ApiDef>;
