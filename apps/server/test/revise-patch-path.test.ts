import { float32Values, GRID_META_HEADER, parseGridMeta } from '@agromet/contracts';
import { applyPatch, decodePatch, gridFromValues, patchDigest, reviseArea, revisePoints, type Patch } from '@agromet/grid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';
import { squareRing } from './geojson-shapes.js';
import { addCustomer, addUser, allocate, BASE_TIME, bitsOf, call, saveGrid } from './revise-helpers.js';

/**
 * The edit loop's patch path (docs/grids.md#the-edit-loop): after each saved revision the page fetches only the revision's
 * patch (GET /api/record/patch) and applies it to the grid it holds. After any number of revisions, points and areas,
 * that grid must be the grid a fresh full read (GET /api/forecaster/getGrid) gives, bit for bit.
 */
let t: TestApp;
const tok: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const customer = await addCustomer(t, '榆林市气象局');
  // A forecaster who edits but may not recover: the patch of their own revisions is theirs to read.
  const fc = await addUser(t, customer, 'patch-fc', ['revise.point.admin', 'revise.polygon.admin']);
  const other = await addUser(t, customer, 'patch-viewer', ['revise.submit.admin']);
  const alloc = await addUser(t, customer, 'patch-alloc', ['revise.allocation.admin']);
  tok.fc = fc.token;
  tok.other = other.token;
  await allocate(t, alloc.token, fc.id);
  await saveGrid(t, customer, { lead: 24 });
});
afterAll(async () => {
  await t.close();
});

const bodyBuffer = (raw: Buffer) => raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength) as ArrayBuffer;

const query = `type=fine-grid&factor=tmp&baseTime=${BASE_TIME}&lead=24`;

async function fullRead() {
  const res = await call(t, tok.fc!, 'GET', `/api/forecaster/getGrid?${query}`);
  expect(res.statusCode).toBe(200);
  const meta = parseGridMeta(res.headers[GRID_META_HEADER] as string);
  return { version: meta.version, meta, values: float32Values(bodyBuffer(res.rawPayload), meta).slice() };
}

describe('the patch path of the edit loop', () => {
  it('keeps the held grid equal to a fresh full read, bit for bit, after twelve point and area revisions', async () => {
    const held = await fullRead();
    // The range the page clamps its preview to, from the grid's description as the page reads it.
    const { min, max } = (await call(t, tok.fc!, 'GET', `/api/forecaster/getData?${query}`)).json().data as { min: number; max: number };
    for (let n = 0; n < 12; n++) {
      const common = { type: 'fine-grid', factor: 'tmp', baseTime: BASE_TIME, leads: [24], expectedVersions: [held.version] };
      const points = [{ lon: 108 + 0.2 * n, lat: 34.4 + 0.05 * n, value: 20 + n, radiusKm: 25 }];
      // A list of rings, as the area page sends what was drawn; each ring a separate polygon.
      const rings = [squareRing(107.6 + 0.15 * n, 33.7 + 0.1 * n, 0.6)];
      const area = {
        operation: n % 2 ? ('add' as const) : ('multiply' as const),
        value: n % 2 ? 0.7 : 1.05,
        edge: n % 4 === 1 ? { type: 'taper' as const } : { type: 'ramp' as const, cells: 2 },
        ...(n === 5 ? { smooth: 3 } : {}),
      };
      // The page's preview: the same grid package on the grid it holds.
      const grid = gridFromValues(held.meta, held.values);
      const preview: Patch =
        n % 3 === 0
          ? revisePoints(grid, points, { min, max })
          : reviseArea(
              grid,
              rings.map((ring) => ({ type: 'Polygon' as const, coordinates: [ring] })),
              { ...area, range: { min, max } },
            );
      const res =
        n % 3 === 0
          ? await call(t, tok.fc!, 'POST', '/api/revise/pointRevise', { ...common, points })
          : await call(t, tok.fc!, 'POST', '/api/revise/polygonRevise', {
              ...common,
              polygons: rings,
              operation: area.operation,
              value: area.value,
              edge: area.edge.type === 'ramp' ? { mode: 'ramp', cells: 2 } : { mode: 'taper' },
              ...(area.smooth ? { smooth: area.smooth } : {}),
            });
      expect(res.json().code).toBe(0);
      const lead = res.json().data.leads[0] as { version: number; previousVersion: number; recordId: number | null; patchDigest: string };
      expect(lead.previousVersion).toBe(held.version);
      expect(lead.recordId, `revision ${n}`).not.toBeNull();
      const patch = await call(t, tok.fc!, 'GET', `/api/record/patch?id=${lead.recordId}`);
      expect(patch.statusCode).toBe(200);
      expect(parseGridMeta(patch.headers[GRID_META_HEADER] as string).version).toBe(lead.version);
      const saved = decodePatch(new Uint8Array(patch.rawPayload));
      // The answer's digest is of the saved patch, and the page's own preview has it: the page may skip the fetch.
      expect(lead.patchDigest).toBe(patchDigest(saved));
      expect(patchDigest(preview), `revision ${n}: the preview is the saved patch`).toBe(lead.patchDigest);
      // Checks every cell's old bits as it writes the new ones: a patch of other values would throw.
      applyPatch(held.values, saved);
      held.version = lead.version;
    }
    const fresh = await fullRead();
    expect(fresh.version).toBe(held.version);
    expect(bitsOf(held.values).equals(bitsOf(fresh.values))).toBe(true);
  });

  it('is refused to a caller who neither edits nor recovers', async () => {
    const res = await call(t, tok.other!, 'GET', '/api/record/patch?id=1');
    expect(res.json().code).toBe(4003);
  });
});
