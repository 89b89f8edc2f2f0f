import { flipRows, gridFromValues, type GridGeometry } from '@agromet/grid';
import { describe, expect, it } from 'vitest';
import { extentText, placeOnProduct } from './placement.js';

const product: GridGeometry = { lon0: 105.5, lat0: 39.6, dx: 0.05, dy: -0.05, nx: 121, ny: 161 };
const filled = (g: GridGeometry, f: (k: number) => number = (k) => k) =>
  gridFromValues(
    g,
    Array.from({ length: g.nx * g.ny }, (_, k) => f(k)),
  );

describe("placing an imported grid on the product's cells", () => {
  it("takes the file as it is when there is no product grid yet, or when its cells are the product's", () => {
    const file = filled({ ...product, lon0: 105.50000000001 });
    const first = placeOnProduct(file, null, undefined);
    expect(first).toMatchObject({ ok: true, resampled: null });
    const same = placeOnProduct(file, product, 'bilinear');
    expect(same).toMatchObject({ ok: true, resampled: null, grid: { lon0: 105.5 } });
    const flipped = placeOnProduct(flipRows(file), product, undefined);
    expect(flipped.ok && [...flipped.grid.values]).toEqual([...file.values]);
  });

  it('refuses a file that does not reach every product centre, with both extents, even when resampling is asked', () => {
    const elsewhere = filled({ lon0: 100.05, lat0: 44.95, dx: 0.1, dy: -0.1, nx: 60, ny: 50 });
    for (const method of [undefined, 'nearest', 'bilinear'] as const) {
      expect(placeOnProduct(elsewhere, product, method)).toEqual({
        ok: false,
        key: 'importNotCovering',
        params: { file: '100°E–106°E, 40°N–45°N', product: '105.475°E–111.525°E, 31.575°N–39.625°N' },
      });
    }
    // Short by one row in the south.
    const short = filled({ ...product, lon0: 105.45, lat0: 39.65, dx: 0.1, dy: -0.1, nx: 62, ny: 80 });
    expect(placeOnProduct(short, product, 'nearest')).toMatchObject({ ok: false, key: 'importNotCovering' });
  });

  it('refuses other cells without a method, naming both grids; resamples with one', () => {
    const coarse = filled({ lon0: 105.05, lat0: 39.95, dx: 0.1, dy: -0.1, nx: 70, ny: 90 }, () => 3);
    expect(placeOnProduct(coarse, product, undefined)).toEqual({
      ok: false,
      key: 'importGridDiffers',
      params: {
        fileCentres: '105.05°E–111.95°E, 31.05°N–39.95°N',
        fileStep: '0.1° × 0.1°',
        fileSize: '70 × 90',
        productCentres: '105.5°E–111.5°E, 31.6°N–39.6°N',
        productStep: '0.05° × 0.05°',
        productSize: '121 × 161',
      },
    });
    const placed = placeOnProduct(coarse, product, 'bilinear');
    expect(placed).toMatchObject({ ok: true, resampled: 'bilinear', grid: { ...product } });
    expect(placed.ok && [...placed.grid.values].every((v) => v === 3)).toBe(true);
  });

  it('writes extents with hemispheres', () => {
    expect(extentText({ west: -10.5, east: 3, south: -20, north: 0 })).toBe('10.5°W–3°E, 20°S–0°N');
  });
});
