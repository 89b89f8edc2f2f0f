import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { TestApp } from './helpers.js';
import { addCustomer, addForecaster, addUser, call, revisePoint } from './revise-helpers.js';

const HENAN_M4 = fs.readFileSync(path.resolve(import.meta.dirname, '../../../packages/grid/test-data/henan-t2m.m4'));
/** The header's 2024-06-15 08 Beijing time. */
export const HENAN_BASE_TIME = '2024-06-15T00:00:00.000Z';

/** A multipart body of text fields and one file (field `file`). */
export function form(fields: Record<string, string>, file: { name: string; type: string; bytes: Buffer }) {
  const boundary = '----agrometFileRowsBoundary7';
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const COUNTIES = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { name: '郑州' },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [113.3, 34.5],
            [114.0, 34.5],
            [114.0, 34.9],
            [113.3, 34.9],
            [113.3, 34.5],
          ],
        ],
      },
    },
  ],
};

export interface FileRows {
  customerId: number;
  /** Tokens: `sub` imports, issues and uploads; `fc` revises and reads. */
  tokens: { sub: string; fc: string };
  gridId: number;
  issueId: number;
  imagePath: string;
  boundaryId: number;
}

/**
 * Rows with files, made through the API in a customer of their own: a grid import (a staged upload, then a version
 * file), a point revision (a delta version on that file), an issue (frozen copies and exported MICAPS 4 and GeoTIFF
 * files, by a job), an uploaded image and a boundary layer (with its display file).
 */
export async function makeFileRows(t: TestApp, name: string): Promise<FileRows> {
  const customerId = await addCustomer(t, name);
  const sub = (await addUser(t, customerId, `${name}-sub`, ['revise.submit.admin', 'revise.polygon.admin'])).token;
  const fc = await addForecaster(t, customerId, `${name}-fc`, ['revise.point.admin']);
  const post = (token: string, url: string, m: ReturnType<typeof form>) =>
    t.app.inject({ method: 'POST', url, payload: m.payload, headers: { ...m.headers, ...t.bearer(token) } });

  const imported = await post(
    sub,
    '/api/grid/import',
    form({ type: 'fine-grid', factor: 'tmp' }, { name: 'henan.m4', type: 'application/octet-stream', bytes: HENAN_M4 }),
  );
  expect(imported.json().code).toBe(0);
  await t.jobs.waitFor(imported.json().data.jobId);
  const job = (await call(t, sub, 'GET', `/api/job/${imported.json().data.jobId}`)).json().data;
  expect(job).toMatchObject({ status: 'done' });

  const revised = await revisePoint(
    t,
    fc.token,
    { baseTime: HENAN_BASE_TIME, lead: 24, version: 1 },
    { lon: 113.65, lat: 34.75, value: 31.5, radiusKm: 15 },
  );
  expect(revised.json().code).toBe(0);

  const issued = await call(t, sub, 'POST', '/api/revise/submit', {
    type: 'fine-grid',
    baseTime: HENAN_BASE_TIME,
    confirmViolations: true,
  });
  expect(issued.json().code).toBe(0);
  await t.jobs.waitFor(issued.json().data.jobId);
  expect((await call(t, sub, 'GET', `/api/job/${issued.json().data.jobId}`)).json().data).toMatchObject({ status: 'done' });

  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 20, g: 120, b: 60 } } })
    .png()
    .toBuffer();
  const image = await post(sub, '/api/file/upload', form({}, { name: 'logo.png', type: 'image/png', bytes: png }));
  expect(image.json().code).toBe(0);

  const boundary = await post(
    sub,
    '/api/gis/boundary/upload',
    form(
      { name: `${name} 县界` },
      { name: 'counties.geojson', type: 'application/geo+json', bytes: Buffer.from(JSON.stringify(COUNTIES)) },
    ),
  );
  expect(boundary.json().code).toBe(0);

  const grid = await t.db.db
    .selectFrom('grid')
    .select(['id', 'storage_key'])
    .where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
  // The revision was written as what changed, on the imported file.
  expect(grid.storage_key).toMatch(/\.f32d$/);
  return {
    customerId,
    tokens: { sub, fc: fc.token },
    gridId: grid.id,
    issueId: issued.json().data.issueId,
    imagePath: image.json().data.path,
    boundaryId: boundary.json().data.id,
  };
}

/** Reads every file of makeFileRows back through the API: the revised grid, the issue's files, the image, the layer. */
export async function readFileRowsBack(t: TestApp, rows: FileRows): Promise<void> {
  const data = (
    await call(t, rows.tokens.fc, 'GET', `/api/forecaster/getData?type=fine-grid&factor=tmp&lead=24&baseTime=${HENAN_BASE_TIME}`)
  ).json();
  expect(data.code).toBe(0);
  expect(data.data.version).toBe(2);
  const meteogram = (
    await call(t, rows.tokens.fc, 'GET', `/api/grid/meteogram?type=fine-grid&lon=113.65&lat=34.75&baseTime=${HENAN_BASE_TIME}`)
  ).json();
  expect(meteogram.code).toBe(0);
  const tmp = meteogram.data.elements.find((e: { code: string }) => e.code === 'tmp');
  expect(tmp.values[meteogram.data.leads.indexOf(24)]).toBeCloseTo(31.5, 1);
  const states = (await call(t, rows.tokens.sub, 'GET', '/api/filestate/findByUserFile?status=exported')).json();
  expect(states.code).toBe(0);
  const files = states.data.list.find((s: { id: number }) => s.id === rows.issueId).files as Array<{ id: number }>;
  expect(files.length).toBe(2);
  for (const f of files) {
    const download = await call(t, rows.tokens.sub, 'GET', `/api/filestate/download?id=${f.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.length).toBeGreaterThan(100);
  }
  const image = await t.app.inject({ method: 'GET', url: rows.imagePath });
  expect(image.statusCode).toBe(200);
  expect(image.headers['content-type']).toBe('image/png');
  const layer = await call(t, rows.tokens.sub, 'GET', `/api/gis/boundary/${rows.boundaryId}`);
  expect(layer.statusCode).toBe(200);
  expect(layer.json().features[0].properties.name).toBe('郑州');
}
