import fc from 'fast-check';
import { fromArrayBuffer, writeArrayBuffer } from 'geotiff';
import { describe, expect, it } from 'vitest';
import { createGrid, flipRows, gridFromValues, type Grid } from '../grid.js';
import { gdalBandScaling, GeoTiffError, readGeoTiff, writeGeoTiff } from './geotiff.js';

// 4 × 3, rows north to south, cell centres 100.25 … 101.75°E, 35.75 … 34.75°N (0.5° cells).
const grid = gridFromValues({ lon0: 100.25, lat0: 35.75, dx: 0.5, dy: -0.5, nx: 4, ny: 3 }, [
  1.5,
  2,
  Number.NaN,
  4,
  5,
  6.25,
  7,
  8,
  -9,
  10,
  11,
  12,
]);

const bitsOf = (g: Grid) => [...new Uint32Array(g.values.buffer, g.values.byteOffset, g.values.length)];

async function tags(bytes: Uint8Array) {
  const image = await (await fromArrayBuffer(bytes.slice().buffer)).getImage();
  return {
    sampleFormat: image.getSampleFormat(),
    bitsPerSample: image.getBitsPerSample(),
    tiepoint: [...(image.fileDirectory.getValue('ModelTiepoint') as number[])],
    scale: [...(image.fileDirectory.getValue('ModelPixelScale') as number[])],
    geoKeys: image.getGeoKeys(),
    nodata: image.fileDirectory.getValue('GDAL_NODATA'),
  };
}

describe('GeoTIFF writing', () => {
  it('writes Float32 with the tie point at the west/north corner, pixel scale, EPSG:4326 and GDAL_NODATA', async () => {
    const t = await tags(writeGeoTiff(grid));
    expect(t.sampleFormat).toBe(3);
    expect(t.bitsPerSample).toBe(32);
    expect(t.tiepoint).toEqual([0, 0, 0, 100, 36, 0]);
    expect(t.scale).toEqual([0.5, 0.5, 0]);
    expect(t.geoKeys).toMatchObject({ GTModelTypeGeoKey: 2, GTRasterTypeGeoKey: 1, GeographicTypeGeoKey: 4326 });
    expect(t.nodata).toBe('nan\u0000');
    expect((await tags(writeGeoTiff(grid, { nodata: -9999 }))).nodata).toBe('-9999\u0000');
  });

  it("writes north-up whatever the grid's row order", async () => {
    const southToNorth = flipRows(grid);
    const bytes = writeGeoTiff(southToNorth);
    expect((await tags(bytes)).tiepoint).toEqual([0, 0, 0, 100, 36, 0]);
    expect(bitsOf((await readGeoTiff(bytes)).grid)).toEqual(bitsOf(grid));
  });
});

describe('GeoTIFF writing in strips', () => {
  it('splits a larger grid into ~64 KiB strips that read back bit for bit, with numeric nodata, either row order', async () => {
    const big = gridFromValues(
      { lon0: 73.025, lat0: 53.475, dx: 0.05, dy: -0.05, nx: 301, ny: 157 },
      Array.from({ length: 301 * 157 }, (_, k) => (k % 97 === 0 ? Number.NaN : Math.fround(Math.sin(k) * 40))),
    );
    for (const input of [big, flipRows(big)]) {
      const bytes = writeGeoTiff(input, { nodata: -9999 });
      const image = await (await fromArrayBuffer(bytes.slice().buffer)).getImage();
      const offsets = (await image.fileDirectory.loadValue('StripOffsets')) as ArrayLike<number>;
      expect(image.fileDirectory.getValue('RowsPerStrip')).toBe(Math.floor(65536 / (301 * 4)));
      expect(offsets.length).toBe(Math.ceil(157 / Math.floor(65536 / (301 * 4))));
      expect(offsets[0]! % 8).toBe(0);
      expect(bytes.length).toBe(offsets[0]! + 301 * 157 * 4);
      const read = await readGeoTiff(bytes);
      expect(read.grid).toMatchObject({ nx: 301, ny: 157 });
      for (const key of ['lon0', 'lat0', 'dx', 'dy'] as const) expect(read.grid[key]).toBeCloseTo(big[key], 10);
      expect(bitsOf(read.grid)).toEqual(bitsOf(big));
    }
  });
});

describe('GeoTIFF reading', () => {
  it('round-trips geometry and exact values, NaN as missing', async () => {
    const read = await readGeoTiff(writeGeoTiff(grid));
    expect({ ...read.grid, values: null }).toEqual({ ...grid, values: null });
    expect(bitsOf(read.grid)).toEqual(bitsOf(grid));
    expect(read.nodata).toBeNaN();
    expect(read.epsg).toBe(4326);
  });

  it('turns a numeric nodata value back into NaN', async () => {
    const read = await readGeoTiff(writeGeoTiff(grid, { nodata: -9999 }));
    expect(read.nodata).toBe(-9999);
    expect([...read.grid.values]).toEqual([...grid.values]);
  });

  it('reads other sample types and PixelIsPoint georeference', async () => {
    const buffer = writeArrayBuffer(Uint16Array.from([1, 2, 3, 65535, 5, 6]), {
      width: 3,
      height: 2,
      ModelTiepoint: [0, 0, 0, 110, 40, 0],
      ModelPixelScale: [1, 1, 0],
      GeographicTypeGeoKey: 4490,
      GTModelTypeGeoKey: 2,
      GTRasterTypeGeoKey: 2,
      GDAL_NODATA: '65535',
    });
    const read = await readGeoTiff(buffer);
    expect(read.grid).toMatchObject({ lon0: 110, lat0: 40, dx: 1, dy: -1, nx: 3, ny: 2 });
    expect([...read.grid.values]).toEqual([1, 2, 3, Number.NaN, 5, 6]);
    expect(read.epsg).toBe(4490);
  });

  it('refuses projected and non-georeferenced files', async () => {
    const projected = writeArrayBuffer(new Float32Array(4), {
      width: 2,
      height: 2,
      ModelTiepoint: [0, 0, 0, 500000, 4000000, 0],
      ModelPixelScale: [1000, 1000, 0],
      ProjectedCSTypeGeoKey: 32650,
      GTModelTypeGeoKey: 1,
    });
    await expect(readGeoTiff(projected)).rejects.toThrow(/projected/);
    // Not a TIFF at all: the geotiff package's own error (parseGridFile on the server words it as a GridFileError).
    await expect(readGeoTiff(Uint8Array.from([1, 2, 3]))).rejects.toThrow(new TypeError('Invalid byte order value.'));
  });

  it('refuses images larger than maxCells before decoding them', async () => {
    const bytes = writeGeoTiff(grid);
    await expect(readGeoTiff(bytes, { maxCells: 11 })).rejects.toThrow(/4 × 3 cells, more than the 11 allowed/);
    expect((await readGeoTiff(bytes, { maxCells: 12 })).grid.nx).toBe(4);
  });
});

describe('GDAL scale and offset (GDAL_METADATA)', () => {
  // As gdal_translate -a_scale 0.1 -a_offset 2 writes it.
  const gdal = `<GDALMetadata>
  <Item name="OFFSET" sample="0" role="offset">2</Item>
  <Item name="SCALE" sample="0" role="scale">0.100000000000000006</Item>
</GDALMetadata>
`;

  it("reads the band's scale and offset by role and sample", () => {
    expect(gdalBandScaling(gdal, 0)).toEqual({ scale: 0.1, offset: 2 });
    expect(gdalBandScaling(gdal, 1)).toBeNull();
    expect(gdalBandScaling('<GDALMetadata><Item name="SCALE" sample="1" role="scale">10</Item></GDALMetadata>', 1)).toEqual({
      scale: 10,
      offset: 0,
    });
    expect(gdalBandScaling("<GDALMetadata><Item role='offset' sample='0' name='OFFSET'>-273.15</Item></GDALMetadata>", 0)).toEqual({
      scale: 1,
      offset: -273.15,
    });
  });

  it('ignores other items, items without a role or band, and commented-out items', () => {
    const xml = `<GDALMetadata>
  <Item name="SCALE">100</Item>
  <Item name="SCALE" sample="0">100</Item>
  <Item name="UNITS" sample="0" role="unittype">mm</Item>
  <!-- <Item name="SCALE" sample="0" role="scale">1000</Item> -->
  <Item name="DESCRIPTION" sample="0" role="description">a &gt; b</Item>
</GDALMetadata>`;
    expect(gdalBandScaling(xml, 0)).toBeNull();
    expect(gdalBandScaling('', 0)).toBeNull();
  });

  it('decodes character references but never expands declared entities', () => {
    expect(gdalBandScaling('<GDALMetadata><Item name="SCALE" sample="0" role="scale">&#48;.&#x35;</Item></GDALMetadata>', 0)).toEqual({
      scale: 0.5,
      offset: 0,
    });
    const declared =
      '<!DOCTYPE GDALMetadata [<!ENTITY s "1000">]><GDALMetadata><Item name="SCALE" sample="0" role="scale">&s;</Item></GDALMetadata>';
    expect(() => gdalBandScaling(declared, 0)).toThrow(GeoTiffError);
    expect(() => gdalBandScaling(declared, 0)).toThrow(/scale in the GDAL metadata is not usable: "&s;"/);
  });

  it('refuses a scale or offset that is not a finite number, and a zero scale', () => {
    for (const bad of ['abc', '', '1e999', '0']) {
      const read = () => gdalBandScaling(`<GDALMetadata><Item name="SCALE" sample="0" role="scale">${bad}</Item></GDALMetadata>`, 0);
      expect(read).toThrow(GeoTiffError);
      expect(read).toThrow(`the band's scale in the GDAL metadata is not usable: "${bad}"`);
    }
    expect(() => gdalBandScaling('<GDALMetadata><Item name="OFFSET" sample="0" role="offset">NaN</Item></GDALMetadata>', 0)).toThrow(
      /offset/,
    );
  });
});

describe('GeoTIFF metadata round trip (issue 14)', () => {
  it('reads back the dataset items written, any text, and the values unchanged (property)', async () => {
    const key = fc.stringMatching(/^[A-Z][A-Z0-9_]{0,15}$/);
    const text = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 20 }),
      fc.constantFrom('气温 <2 m> & "air"', '&amp;', '°C', '降水 24h'),
      // Issue and valid times of runs in UTC, as the exports write them.
      fc.integer({ min: 0, max: 500_000 }).map((h) => new Date(Date.UTC(2000, 0, 1) + h * 3_600_000).toISOString()),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(key, text, { maxKeys: 6 }),
        fc.array(
          fc.float({ noNaN: true }).map((v) => v + 0),
          { minLength: 6, maxLength: 6 },
        ),
        async (metadata, values) => {
          const grid = createGrid({ lon0: 100, lat0: 40, dx: 0.5, dy: -0.5, nx: 3, ny: 2 });
          grid.values.set(values);
          const read = await readGeoTiff(writeGeoTiff(grid, { metadata, band: { unit: '°C', description: '气温' } }));
          expect(read.metadata).toEqual(metadata);
          expect([...read.grid.values]).toEqual([...grid.values]);
        },
      ),
      { numRuns: 100 },
    );
  });
});
