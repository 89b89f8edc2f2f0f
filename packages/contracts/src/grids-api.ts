import { z } from 'zod';
import { IdBody, IdParams } from './system.js';
import { ForecastTypeInfo, GisLayers, GridExportQuery, Meteogram, MeteogramQuery, PointData, PointQuery } from './grids.js';
import { BoundaryLayer } from './grids.js';
import * as C from './constants.js';
import { JobCreated, JobInfo, JobParams, RecentJobs } from './jobs.js';

import { API_ENDPOINTS as E } from './endpoints.js';
import { PUBLIC, USER, codes, type ApiDef } from './api-def.js';

/** Grids, map layers, customer boundary layers and jobs (docs/grids.md). */
export const GRIDS_API = {
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
} as const satisfies Record<string, ApiDef>;
