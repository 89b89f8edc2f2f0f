import { encodeMicaps4, gridFromValues, writeGeoTiff } from '@agromet/grid';
import { afterAll, describe, expect, it } from 'vitest';
import { GridFileCodec } from './codec.js';
import { detectFormat, GridFileError } from './formats.js';

const grid = gridFromValues({ lon0: 110, lat0: 36, dx: 0.05, dy: -0.05, nx: 3, ny: 2 }, [1.5, 2, Number.NaN, -4, 5.25, 6]);
const micaps = encodeMicaps4(
  grid,
  { year: 2026, month: 11, day: 22, hour: 8, leadHours: 24, description: '河南 气温' },
  { encoding: 'gbk' },
);

describe('grid file detection', () => {
  it('knows TIFF and MICAPS 4 by content', () => {
    expect(detectFormat(writeGeoTiff(grid))).toBe('geotiff');
    expect(detectFormat(micaps)).toBe('micaps4');
    expect(detectFormat(new TextEncoder().encode('\ufeff  DIAMOND 4 x\n'))).toBe('micaps4');
    expect(detectFormat(new TextEncoder().encode('diamond 3 stations\n'))).toBeNull();
    expect(detectFormat(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(detectFormat(new Uint8Array())).toBeNull();
  });
});

describe('grid file codec in a worker thread', () => {
  const codec = new GridFileCodec();
  afterAll(() => codec.close());

  it('parses MICAPS 4 (GBK) and GeoTIFF off the main thread', async () => {
    const m = await codec.parse(micaps);
    expect(m).toMatchObject({
      format: 'micaps4',
      description: '河南 气温',
      encoding: 'gb18030',
      time: { header: { year: 2026, month: 11, day: 22, hour: 8 }, lead: 24 },
    });
    expect([...m.grid.values]).toEqual([...grid.values]);
    const g = await codec.parse(writeGeoTiff(grid));
    expect(g).toMatchObject({ format: 'geotiff', time: null, grid: { lon0: 110, lat0: 36, dx: 0.05, dy: -0.05, nx: 3, ny: 2 } });
    expect(g.grid.values).toBeInstanceOf(Float32Array);
    expect(codec.threadTasks).toBe(2);
  });

  it('carries content errors back as GridFileError', async () => {
    await expect(
      codec.parse(new TextEncoder().encode('diamond 4 x\n2026 11 22 08 24 0\n0.05 0.05 110 110.1 36 36.05 3 2 1 0 1 0 0\n1 2 3\n')),
    ).rejects.toThrow(new GridFileError('not a readable MICAPS 4 grid: file ends before value 4 of 6'));
    await expect(codec.parse(new TextEncoder().encode('hello'))).rejects.toThrow(/neither MICAPS type 4 text/);
    await expect(
      codec.parse(new TextEncoder().encode('diamond 4 x\n2026 02 30 08 24 0\n0.05 0.05 110 110.1 36 36.05 3 2 1 0 1 0 0\n1 2 3 4 5 6\n')),
    ).rejects.toThrow(/not a valid date/);
  });

  it('encodes MICAPS 4 in GBK', async () => {
    const bytes = await codec.encodeMicaps4(
      grid,
      { year: 2026, month: 11, day: 22, hour: 8, leadHours: 24, description: '河南 气温' },
      'gbk',
    );
    expect(Buffer.from(bytes).equals(Buffer.from(micaps))).toBe(true);
  });
});
