// GeoTIFF read and write through the `geotiff` package. Written files are single-band Float32
// (SampleFormat 3, BitsPerSample 32), north-up, georeferenced by a tie point at the west/north
// CORNER of the first cell and the pixel scale, in EPSG:4326 (GeographicTypeGeoKey), with the
// missing value in the GDAL_NODATA tag.
import { fromArrayBuffer, writeArrayBuffer } from 'geotiff';
import { assertGeometry, flipRows, type Grid } from '../grid.js';

export interface GeoTiffWriteOptions {
  /** The missing-value marker written in place of NaN and in GDAL_NODATA (default NaN, "nan"). */
  nodata?: number;
}

export interface GeoTiffRead {
  /** North-up (dy < 0), as stored in the file. */
  grid: Grid;
  /** The GDAL_NODATA value found (its cells are NaN in the grid), or null. */
  nodata: number | null;
  /** The EPSG code of the geographic CRS (4326 for WGS 84; 4490 for CGCS2000 …), or null when not given. */
  epsg: number | null;
}

export class GeoTiffError extends Error {
  override name = 'GeoTiffError';
}

const PIXEL_IS_AREA = 1;
const PIXEL_IS_POINT = 2;
const MODEL_TYPE_GEOGRAPHIC = 2;
const USER_DEFINED = 32767;

export function writeGeoTiff(grid: Grid, options: GeoTiffWriteOptions = {}): Uint8Array {
  assertGeometry(grid);
  const northUp = grid.dy < 0 ? grid : flipRows(grid);
  const nodata = options.nodata ?? Number.NaN;
  let values = northUp.values;
  if (!Number.isNaN(nodata)) {
    values = values.slice();
    for (let k = 0; k < values.length; k++) if (Number.isNaN(values[k]!)) values[k] = nodata;
  }
  const halfX = northUp.dx / 2;
  const halfY = -northUp.dy / 2;
  const buffer = writeArrayBuffer(values, {
    width: northUp.nx,
    height: northUp.ny,
    BitsPerSample: [32],
    SampleFormat: [3],
    ModelTiepoint: [0, 0, 0, northUp.lon0 - halfX, northUp.lat0 + halfY, 0],
    ModelPixelScale: [northUp.dx, -northUp.dy, 0],
    GTModelTypeGeoKey: MODEL_TYPE_GEOGRAPHIC,
    GTRasterTypeGeoKey: PIXEL_IS_AREA,
    GeographicTypeGeoKey: 4326,
    GDAL_NODATA: Number.isNaN(nodata) ? 'nan' : String(nodata),
  });
  return new Uint8Array(buffer);
}

/**
 * Reads the first image's band (default 0) of a georeferenced GeoTIFF in a geographic CRS, any
 * sample type (converted to Float32; GDAL_NODATA cells become NaN), stripped or tiled, compressed
 * or not. Projected CRSs and rotated transforms are refused.
 */
export async function readGeoTiff(data: Uint8Array | ArrayBuffer, options: { band?: number } = {}): Promise<GeoTiffRead> {
  const buffer = data instanceof Uint8Array
    ? (data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer)
    : data;
  const tiff = await fromArrayBuffer(buffer);
  const image = await tiff.getImage();
  const band = options.band ?? 0;
  if (!(band >= 0 && band < image.getSamplesPerPixel())) throw new GeoTiffError(`the image has no band ${band}`);

  const keys = image.getGeoKeys() ?? {};
  if (keys.ProjectedCSTypeGeoKey !== undefined || (keys.GTModelTypeGeoKey !== undefined && keys.GTModelTypeGeoKey !== MODEL_TYPE_GEOGRAPHIC)) {
    throw new GeoTiffError('only geographic (longitude/latitude) GeoTIFFs are supported, this one is projected');
  }
  const epsg = typeof keys.GeographicTypeGeoKey === 'number' && keys.GeographicTypeGeoKey !== USER_DEFINED ? keys.GeographicTypeGeoKey : null;

  const nx = image.getWidth();
  const ny = image.getHeight();
  const { originX, originY, scaleX, scaleY } = affineOf(image.fileDirectory);
  // The origin is the corner of the first cell unless the raster declares PixelIsPoint.
  const atCentre = keys.GTRasterTypeGeoKey === PIXEL_IS_POINT;
  const geometry = {
    lon0: atCentre ? originX : originX + scaleX / 2,
    lat0: atCentre ? originY : originY + scaleY / 2,
    dx: scaleX,
    dy: scaleY,
    nx,
    ny,
  };
  assertGeometry(geometry);

  const rasters = await image.readRasters({ samples: [band] });
  const raw = rasters[0] as ArrayLike<number>;
  const values = raw instanceof Float32Array ? raw : Float32Array.from(raw);
  const nodata = image.getGDALNoData();
  if (nodata !== null && !Number.isNaN(nodata)) {
    const marker = Math.fround(nodata);
    for (let k = 0; k < values.length; k++) if (values[k] === marker) values[k] = Number.NaN;
  }
  return { grid: { ...geometry, values }, nodata, epsg };
}

interface TagReader {
  getValue(tag: 'ModelPixelScale' | 'ModelTiepoint' | 'ModelTransformation'): unknown;
}

// Origin (model coordinates of raster point 0,0) and signed spacing, from a tie point plus pixel
// scale or from a non-rotated ModelTransformation.
function affineOf(directory: TagReader): { originX: number; originY: number; scaleX: number; scaleY: number } {
  const scale = directory.getValue('ModelPixelScale') as number[] | undefined;
  const tie = directory.getValue('ModelTiepoint') as number[] | undefined;
  const transform = directory.getValue('ModelTransformation') as number[] | undefined;
  if (scale && tie && tie.length >= 6) {
    const [i, j, , x, y] = tie as [number, number, number, number, number];
    const [sx, sy] = scale as [number, number];
    return { originX: x - i * sx, originY: y + j * sy, scaleX: sx, scaleY: -sy };
  }
  if (transform && transform.length >= 8) {
    const [a, b, , c, d, e, , f] = transform as [number, number, number, number, number, number, number, number];
    if (b !== 0 || d !== 0) throw new GeoTiffError('rotated or sheared GeoTIFFs are not supported');
    return { originX: c, originY: f, scaleX: a, scaleY: e };
  }
  throw new GeoTiffError('the GeoTIFF has no georeference (tie point and pixel scale, or transformation)');
}
