import { randomUUID } from 'node:crypto';
import { API, GRID_IMPORT_MAX_MB, GridImportFields } from '@agromet/contracts';
import { writeGeoTiff } from '@agromet/grid';
import { colorTableOf, geoTiffMetadataFor, micapsHeaderFor } from './formats.js';
import type { FastifyInstance } from 'fastify';
import type { TokenService } from '../../core/auth/tokens.js';
import type { Db } from '../../core/db/index.js';
import { errors } from '../../core/errors.js';
import type { JobRunner } from '../../core/jobs.js';
import { readFileForm } from '../../core/multipart.js';
import { registerRoute } from '../../core/route.js';
import { spreadsheetCsv } from '../../core/csv-safe.js';
import type { FileStorage } from '../../core/storage.js';
import type { GridFileCodec } from './codec.js';
import { queueGridImport } from './import.js';
import { meteogram, meteogramTable } from './meteogram.js';
import { exportStem, factorByLayer, gridCatalog, requireGrid, resolveLayerGrid, thinnedPoints } from './service.js';
import type { GridStore } from './store.js';

/** The grid a query names (type, factor, and run and lead when given); 404 when there is none. */
async function queriedGrid(
  db: Db,
  store: GridStore,
  customerId: number,
  q: { type: string; factor: string; baseTime?: string; lead?: number },
) {
  return requireGrid(
    await resolveLayerGrid(db, store, customerId, { typeCode: q.type, factorCode: q.factor, baseTime: q.baseTime, lead: q.lead }),
  );
}

export function gridRoutes(app: FastifyInstance, deps: { db: Db; tokens: TokenService; store: GridStore }): void {
  const { db, store } = deps;
  registerRoute(app, deps, API.gridCatalog, {
    handler: async ({ auth, req }) => ({ data: await gridCatalog(db, auth.customerId, req.lang) }),
  });
  registerRoute(app, deps, API.gridMeteogram, {
    handler: async ({ auth, query, req }) => {
      const data = await meteogram(db, store, auth.customerId, query, req.lang);
      if (query.format !== 'csv') return { data };
      const { columns, rows } = meteogramTable(data);
      const place = data.station ? data.station.number : `${data.cell.lon}_${data.cell.lat}`;
      const stem = exportStem(data.type, 'meteogram', data.baseTime, 0).replace(/_000$/, '');
      return {
        data,
        file: { contentType: 'text/csv; charset=utf-8', filename: `${stem}_${place}.csv`, body: spreadsheetCsv(rows, columns) },
      };
    },
  });
  registerRoute(app, deps, API.latticePoints, {
    handler: async ({ auth, query }) => {
      const resolved = await queriedGrid(db, store, auth.customerId, query);
      const { points, stride } = thinnedPoints(resolved, query);
      return {
        data: {
          points,
          stride,
          unit: resolved.factor.unit,
          precision: resolved.factor.precision,
          version: resolved.row.version,
          baseTime: resolved.row.base_time,
          lead: resolved.row.lead_hours,
        },
      };
    },
  });
}

/** Import (as a job) and export of grid files: MICAPS 4 and GeoTIFF. */
export function gridFileRoutes(
  app: FastifyInstance,
  deps: {
    db: Db;
    tokens: TokenService;
    store: GridStore;
    storage: FileStorage;
    jobs: JobRunner;
    codec: GridFileCodec;
    /** MICAPS_TIME_ZONE: the zone of MICAPS header times read and written. */
    micapsTimeZone: string;
  },
): void {
  const { db, store } = deps;

  registerRoute(app, deps, API.gridImport, {
    audit: { action: 'grid.import', type: 'grid', description: '导入格点场' },
    handler: async ({ auth, req }) => {
      // An empty form field is an absent one (a MICAPS file's own time must not become lead 0).
      const { fields: f, file } = await readFileForm(req, GridImportFields, { maxMb: GRID_IMPORT_MAX_MB, skipEmptyFields: true });
      if (!(await factorByLayer(db, f.type, f.factor))) throw errors.validation('factor', 'unknownLayer');
      const jobId = await queueGridImport(
        deps.jobs,
        deps.storage,
        {
          customerId: auth.customerId,
          userId: auth.userId,
          userName: auth.name,
          type: f.type,
          factor: f.factor,
          ...(f.baseTime !== undefined ? { baseTime: f.baseTime } : {}),
          ...(f.lead !== undefined ? { lead: f.lead } : {}),
          ...(f.resample !== undefined ? { resample: f.resample } : {}),
          ...(f.timeZone !== undefined ? { timeZone: f.timeZone } : {}),
          fileName: file.name,
          bytes: file.bytes,
        },
        randomUUID(),
        req.log,
      );
      return { data: { jobId } };
    },
  });

  registerRoute(app, deps, API.gridExport, {
    handler: async ({ auth, query }) => {
      const resolved = await queriedGrid(db, store, auth.customerId, query);
      const { factor, row, grid } = resolved;
      const stem = exportStem(factor.typeCode, factor.code, row.base_time, row.lead_hours);
      if (query.format === 'geotiff') {
        const bytes = writeGeoTiff(grid, {
          ...geoTiffMetadataFor(factor, row.base_time, row.lead_hours),
          ...(query.colorTable ? { colorTable: colorTableOf(factor.colormap) } : {}),
        });
        return {
          data: null,
          file: { contentType: 'image/tiff', filename: `${stem}.tif`, body: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
        };
      }
      const bytes = await deps.codec.encodeMicaps4(
        grid,
        micapsHeaderFor(
          row.base_time,
          row.lead_hours,
          query.timeZone ?? deps.micapsTimeZone,
          `${factor.typeName} ${factor.name}(${factor.unit})`,
        ),
        query.encoding,
      );
      return {
        data: null,
        file: {
          contentType: `text/plain; charset=${query.encoding === 'gbk' ? 'gbk' : 'utf-8'}`,
          filename: `${stem}.m4`,
          body: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        },
      };
    },
  });
}
