import { createGrid, diffValues, encodePatch, decodePatch, PatchMismatchError, patchDigest, revisePoints, type Grid } from '@agromet/grid';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { afterRevision, confirmedPreview, patchApplies, patchedGrid, type LeadRevision, type LoadedGrid } from './grid-patch';

const bits = (values: Float32Array) => Array.from(new Uint32Array(values.buffer, values.byteOffset, values.length));

function gridOf(values: number[], nx: number): Grid {
  const grid = createGrid({ lon0: 100, lat0: 40, dx: 0.05, dy: -0.05, nx, ny: values.length / nx });
  grid.values.set(values);
  return grid;
}

describe('patchedGrid', () => {
  it('after N patches (each encoded and decoded as it travels) holds the bits a fresh read of the last version holds', () => {
    const cell = fc.oneof(fc.float({ noDefaultInfinity: true }), fc.constant(Number.NaN), fc.constant(-0));
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 7 })
          .chain((nx) =>
            fc.tuple(fc.constant(nx), fc.array(fc.array(cell, { minLength: nx * 5, maxLength: nx * 5 }), { minLength: 2, maxLength: 6 })),
          ),
        ([nx, versions]) => {
          // Each version is what the server stored after a revision; the browser gets only the changed cells.
          let held = gridOf(versions[0]!, nx);
          const first = held;
          for (let v = 1; v < versions.length; v++) {
            const stored = Float32Array.from(versions[v]!);
            const patch = decodePatch(encodePatch(diffValues(held.values, stored)));
            held = patchedGrid(held, patch);
            expect(bits(held.values)).toEqual(bits(stored));
          }
          // The grid it started from is left as it was.
          expect(bits(first.values)).toEqual(bits(Float32Array.from(versions[0]!)));
        },
      ),
    );
  });

  it('refuses a patch made from other values (the grid changed in between)', () => {
    const held = gridOf([1, 2, 3, 4], 2);
    const patch = diffValues(Float32Array.from([1, 2, 9, 4]), Float32Array.from([1, 2, 5, 4]));
    expect(() => patchedGrid(held, patch)).toThrow(PatchMismatchError);
    expect(Array.from(held.values)).toEqual([1, 2, 3, 4]);
  });
});

describe('patchApplies and afterRevision', () => {
  const loaded = {
    type: 'fine-grid',
    factor: 'tmp',
    baseTime: '2026-03-01T00:00:00.000Z',
    lead: 24,
    version: 3,
    leads: [
      { lead: 24, version: 3, updatedBy: 'a', updatedAt: '' },
      { lead: 27, version: 8, updatedBy: 'a', updatedAt: '' },
    ],
    grid: gridOf([1, 2], 2),
  } as unknown as LoadedGrid;
  const target = { type: 'fine-grid', factor: 'tmp', baseTime: '2026-03-01T08:00:00+08:00' };

  it('applies to the lead at the version the revision started from (base times compared as instants)', () => {
    expect(patchApplies(loaded, target, { lead: 24, previousVersion: 3, recordId: 5 })).toBe(true);
    expect(patchApplies(loaded, target, { lead: 24, previousVersion: 2, recordId: 5 })).toBe(false);
    expect(patchApplies(loaded, target, { lead: 27, previousVersion: 3, recordId: 5 })).toBe(false);
    expect(patchApplies(loaded, target, { lead: 24, previousVersion: 3, recordId: null })).toBe(false);
    expect(patchApplies(loaded, { ...target, factor: 'tmax' }, { lead: 24, previousVersion: 3, recordId: 5 })).toBe(false);
    expect(patchApplies(loaded, { ...target, baseTime: '2026-03-02T00:00:00.000Z' }, { lead: 24, previousVersion: 3, recordId: 5 })).toBe(
      false,
    );
    // The page's selection names no base time while it shows the newest run.
    expect(patchApplies(loaded, { ...target, baseTime: '' }, { lead: 24, previousVersion: 3, recordId: 5 })).toBe(true);
  });

  it('takes the new version of every revised lead, and the values of its own', () => {
    const grid = gridOf([5, 6], 2);
    const next = afterRevision(
      loaded,
      [
        { lead: 24, version: 4 },
        { lead: 27, version: 9 },
      ],
      { grid },
    );
    expect(next.version).toBe(4);
    expect(next.grid).toBe(grid);
    expect(next.leads.map((l) => l.version)).toEqual([4, 9]);
    // Another lead's revision only moves that lead's version.
    const other = afterRevision(loaded, [{ lead: 27, version: 10 }]);
    expect(other.version).toBe(3);
    expect(other.grid).toBe(loaded.grid);
    expect(other.leads.map((l) => l.version)).toEqual([3, 10]);
  });
});

describe('confirmedPreview', () => {
  const grid = gridOf([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], 4);
  const loaded = { type: 't', factor: 'tmp', lead: 24, version: 3, grid } as unknown as LoadedGrid;
  // The preview the page draws, and the patch the server saved from the same grid (what it digests).
  const preview = revisePoints(grid, [{ lon: 100.05, lat: 39.95, value: 9, radiusKm: 1 }]);
  const saved = decodePatch(encodePatch(preview));
  const own = (change: Partial<LeadRevision> = {}): LeadRevision => ({
    lead: 24,
    version: 4,
    previousVersion: 3,
    cellsChanged: saved.indices.length,
    recordId: 7,
    bbox: null,
    patchDigest: patchDigest(saved),
    ...change,
  });

  it("takes the page's own patch when the answer's digest is of the same cells and bits, from the grid the page holds", () => {
    expect(preview.indices.length).toBeGreaterThan(0);
    expect(confirmedPreview({ grid, patch: preview }, loaded, own())).toBe(preview);
  });

  it('fetches instead when the digest differs, the preview was made from another grid, or there is no preview or digest', () => {
    const otherValue = revisePoints(grid, [{ lon: 100.05, lat: 39.95, value: 9.5, radiusKm: 1 }]);
    expect(confirmedPreview({ grid, patch: otherValue }, loaded, own())).toBeNull();
    const sameValues = gridOf([...grid.values], 4);
    expect(confirmedPreview({ grid: sameValues, patch: preview }, loaded, own())).toBeNull();
    expect(confirmedPreview(undefined, loaded, own())).toBeNull();
    expect(confirmedPreview({ grid, patch: preview }, loaded, own({ patchDigest: null }))).toBeNull();
    expect(confirmedPreview({ grid, patch: preview }, loaded, own({ cellsChanged: saved.indices.length + 1 }))).toBeNull();
  });
});
