// Grid files written by GDAL for the import tests: ASCII grids turned into GeoTIFFs by gdal_translate (any type,
// scale, offset, nodata), and gdalwarp's resampling of them as the reference. gdal-bin is required (CI installs it).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readGeoTiff, type GridGeometry } from '@agromet/grid';

export interface AsciiGridSpec {
  /** Outer edges (lower-left corner) and cell size, degrees. */
  west: number;
  south: number;
  cellsize: number;
  nx: number;
  ny: number;
  nodata: number;
  /** The stored value at a cell centre; null for nodata. */
  value: (lon: number, lat: number) => number | null;
}

export class GdalFiles {
  readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agromet-gdal-'));
  private count = 0;

  /** gdal_translate of the ASCII grid with `args` (e.g. -ot Int16 -a_scale 0.1): the GeoTIFF's path. */
  geoTiff(spec: AsciiGridSpec, args: string[] = ['-ot', 'Float32']): string {
    this.count += 1;
    const asc = path.join(this.dir, `grid-${this.count}.asc`);
    const rows: string[] = [];
    for (let j = 0; j < spec.ny; j++) {
      const lat = spec.south + (spec.ny - j - 0.5) * spec.cellsize;
      const row: string[] = [];
      for (let i = 0; i < spec.nx; i++) {
        const v = spec.value(spec.west + (i + 0.5) * spec.cellsize, lat);
        row.push(v === null ? String(spec.nodata) : String(v));
      }
      rows.push(row.join(' '));
    }
    fs.writeFileSync(
      asc,
      [
        `ncols ${spec.nx}`,
        `nrows ${spec.ny}`,
        `xllcorner ${spec.west}`,
        `yllcorner ${spec.south}`,
        `cellsize ${spec.cellsize}`,
        `NODATA_value ${spec.nodata}`,
        ...rows,
        '',
      ].join('\n'),
    );
    const tif = path.join(this.dir, `grid-${this.count}.tif`);
    execFileSync('gdal_translate', ['-q', '-a_srs', 'EPSG:4326', '-a_nodata', String(spec.nodata), ...args, asc, tif]);
    return tif;
  }

  /** gdalwarp -r near|bilinear of a GeoTIFF onto a north-up grid's cells, read back (missing cells NaN). */
  async warp(file: string, target: GridGeometry, method: 'near' | 'bilinear'): Promise<Float32Array> {
    this.count += 1;
    const out = path.join(this.dir, `warp-${this.count}.tif`);
    const west = target.lon0 - target.dx / 2;
    const north = target.lat0 - target.dy / 2;
    execFileSync('gdalwarp', [
      '-q',
      '-et',
      '0',
      '-r',
      method,
      '-ot',
      'Float32',
      '-te',
      String(west),
      String(north + target.ny * target.dy),
      String(west + target.nx * target.dx),
      String(north),
      '-ts',
      String(target.nx),
      String(target.ny),
      file,
      out,
    ]);
    return (await readGeoTiff(fs.readFileSync(out))).grid.values;
  }

  remove(): void {
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
