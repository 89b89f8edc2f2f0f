import { z } from 'zod';
import * as C from './constants.js';
import * as D from './downloads.js';

import { API_ENDPOINTS as E } from './endpoints.js';
import { codes, type ApiDef } from './api-def.js';

/** The downloads library and forecast values at stations (docs/downloads.md#calls): the make-download page's code. */
const DOWNLOADS = codes(C.DOWNLOAD_CODE);

/** The downloads library and forecast values at stations (docs/downloads.md#calls). */
export const DOWNLOADS_API = {
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
} as const satisfies Record<string, ApiDef>;
