import { z } from 'zod';
import * as C from './constants.js';
import { JobCreated } from './jobs.js';
import * as Z from './zoning.js';
import * as CC from './crop-calendar.js';

import { API_ENDPOINTS as E } from './endpoints.js';
import { codes, type ApiDef } from './api-def.js';

/** Zoning (docs/zoning.md#calls): what any of its three pages reads, and what each page changes. */
const QUHUA_READ = codes(...C.QUHUA_READER_CODES);
const QUHUA_CRITERIA = codes(C.QUHUA_CRITERIA);
const QUHUA_MAKE = codes(C.QUHUA_MAKE);
const QUHUA_PRODUCTS = codes(C.QUHUA_MAKE, C.QUHUA_RESULT);

/** Agro-climatic zoning: crops, crop calendars, criteria, base climate factors, zoning products (docs/zoning.md#calls). */
export const ZONING_API = {
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
} as const satisfies Record<string, ApiDef>;
