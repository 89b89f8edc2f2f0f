// GeoTIFF read and write. Written files are single-band Float32 (SampleFormat 3, BitsPerSample
// 32), uncompressed, in strips, little-endian, north-up, georeferenced by a tie point at the
// west/north CORNER of the first cell and the pixel scale, in EPSG:4326 (GeographicTypeGeoKey,
// PixelIsArea), with the missing value in the GDAL_NODATA tag.
//
// Writing is hand-written rather than the `geotiff` package's writeArrayBuffer: that one allocates
// a new ArrayBuffer and DataView for every value and copies it byte by byte (big-endian), which
// takes seconds for the national 1401 × 1201 grid. What we write is a fixed, small header followed
// by the Float32 values, which on a little-endian host are copied row by row as they are in
// memory (milliseconds; the figures are in bench/src/grid.ts). Reading stays on the `geotiff` package, which handles every layout,
// compression and sample type that other software writes.
import { fromArrayBuffer } from 'geotiff';
import { assertGeometry, type Grid } from '../grid.js';
import { encodeUtf8 } from './text.js';

export interface GeoTiffWriteOptions {
  /** The missing-value marker written in place of NaN and in GDAL_NODATA (default NaN, "nan"; 255 with a colour table). */
  nodata?: number;
  /** Dataset metadata items, written in the GDAL_METADATA tag (gdalinfo lists them; UTF-8). */
  metadata?: Record<string, string>;
  /** The band's unit and description (GDAL's unittype and description roles). */
  band?: { unit?: string; description?: string };
  /**
   * Write the grid's classes instead of its values: a paletted Byte band (class index per cell, 255 for a missing cell
   * or a class beyond 254) with the classes' colours as its TIFF colour map.
   */
  colorTable?: { classOf: (value: number) => number; colors: ReadonlyArray<readonly [number, number, number, number?]> };
}

function xmlEscape(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * The GDAL_METADATA text: dataset items, then the band's unit and description. Values are escaped twice, as GDAL writes
 * them (it escapes a value, then the XML text) and reads them back (gdal_translate -mo 'X=a & b' stores `a &amp;amp; b`).
 */
export function gdalMetadataXml(metadata: Record<string, string>, band: { unit?: string; description?: string } = {}): string {
  const text = (v: string) => xmlEscape(xmlEscape(v));
  const items = Object.entries(metadata).map(([k, v]) => `  <Item name="${xmlEscape(k)}">${text(v)}</Item>`);
  if (band.unit !== undefined) items.push(`  <Item name="UNITTYPE" sample="0" role="unittype">${text(band.unit)}</Item>`);
  if (band.description !== undefined)
    items.push(`  <Item name="DESCRIPTION" sample="0" role="description">${text(band.description)}</Item>`);
  return `<GDALMetadata>\n${items.join('\n')}\n</GDALMetadata>`;
}

export interface GeoTiffRead {
  /** North-up (dy < 0), as stored in the file. */
  grid: Grid;
  /** The GDAL_NODATA value found (its cells are NaN in the grid), or null. */
  nodata: number | null;
  /** The EPSG code of the geographic CRS (4326 for WGS 84; 4490 for CGCS2000 …), or null when not given. */
  epsg: number | null;
  /**
   * The band's scale and offset from GDAL's metadata (packed integers: value = stored · scale + offset), already
   * applied to the grid's values; null when the file gives neither.
   */
  scaling: GdalScaling | null;
  /** GDAL's dataset metadata items (those without a band), as gdalinfo lists them; empty when the file has none. */
  metadata: Record<string, string>;
}

export interface GdalScaling {
  scale: number;
  offset: number;
}

export class GeoTiffError extends Error {
  override name = 'GeoTiffError';
}

const PIXEL_IS_AREA = 1;
const PIXEL_IS_POINT = 2;
const MODEL_TYPE_GEOGRAPHIC = 2;
const USER_DEFINED = 32767;

// TIFF field types
const SHORT = 3;
const LONG = 4;
const ASCII = 2;
const DOUBLE = 12;

/** About 64 KiB per strip, as GDAL and libtiff write by default-ish; at least one row. */
const STRIP_BYTES = 65536;
const LITTLE_ENDIAN_HOST = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

interface Entry {
  tag: number;
  type: typeof SHORT | typeof LONG | typeof ASCII | typeof DOUBLE;
  values: readonly number[] | string;
}

const SIZE_OF = { [SHORT]: 2, [LONG]: 4, [ASCII]: 1, [DOUBLE]: 8 } as const;

function countOf(e: Entry): number {
  return typeof e.values === 'string' ? encodeUtf8(e.values).length + 1 : e.values.length;
}

export function writeGeoTiff(grid: Grid, options: GeoTiffWriteOptions = {}): Uint8Array {
  assertGeometry(grid);
  const { nx, ny } = grid;
  const northUp = grid.dy < 0;
  const dx = grid.dx;
  const dy = Math.abs(grid.dy);
  // The west/north corner of the first cell of the north-up image.
  const north = northUp ? grid.lat0 : grid.lat0 + (ny - 1) * grid.dy;
  const classes = options.colorTable;
  const nodata = options.nodata ?? (classes ? 255 : Number.NaN);
  const nodataText = Number.isNaN(nodata) ? 'nan' : String(nodata);
  const sampleBytes = classes ? 1 : 4;

  const rowBytes = nx * sampleBytes;
  const rowsPerStrip = Math.max(1, Math.min(ny, Math.floor(STRIP_BYTES / rowBytes)));
  const strips = Math.ceil(ny / rowsPerStrip);
  const dataBytes = rowBytes * ny;
  const stripOffsets: number[] = new Array(strips);
  const stripCounts: number[] = new Array(strips);

  const entries: Entry[] = [
    { tag: 256, type: LONG, values: [nx] }, // ImageWidth
    { tag: 257, type: LONG, values: [ny] }, // ImageLength
    { tag: 258, type: SHORT, values: [sampleBytes * 8] }, // BitsPerSample
    { tag: 259, type: SHORT, values: [1] }, // Compression: none
    { tag: 262, type: SHORT, values: [classes ? 3 : 1] }, // PhotometricInterpretation: Palette or BlackIsZero
    { tag: 273, type: LONG, values: stripOffsets }, // StripOffsets
    { tag: 277, type: SHORT, values: [1] }, // SamplesPerPixel
    { tag: 278, type: LONG, values: [rowsPerStrip] }, // RowsPerStrip
    { tag: 279, type: LONG, values: stripCounts }, // StripByteCounts
    { tag: 284, type: SHORT, values: [1] }, // PlanarConfiguration: chunky
    ...(classes ? [{ tag: 320, type: SHORT, values: colorMapTag(classes.colors) } satisfies Entry] : []), // ColorMap
    { tag: 339, type: SHORT, values: [classes ? 1 : 3] }, // SampleFormat: unsigned integer or IEEE floating point
    { tag: 33550, type: DOUBLE, values: [dx, dy, 0] }, // ModelPixelScale
    { tag: 33922, type: DOUBLE, values: [0, 0, 0, grid.lon0 - dx / 2, north + dy / 2, 0] }, // ModelTiepoint
    {
      tag: 34735,
      type: SHORT,
      values: [
        // GeoKeyDirectory: version 1.1.0, 3 keys
        1,
        1,
        0,
        3,
        1024,
        0,
        1,
        MODEL_TYPE_GEOGRAPHIC, // GTModelTypeGeoKey
        1025,
        0,
        1,
        PIXEL_IS_AREA, // GTRasterTypeGeoKey
        2048,
        0,
        1,
        4326, // GeographicTypeGeoKey: WGS 84
      ],
    },
    ...(options.metadata || options.band
      ? [{ tag: 42112, type: ASCII, values: gdalMetadataXml(options.metadata ?? {}, options.band) } satisfies Entry] // GDAL_METADATA
      : []),
    { tag: 42113, type: ASCII, values: nodataText }, // GDAL_NODATA
  ];

  // Layout: header (8) | IFD | values that do not fit in 4 bytes | pixel data (8-byte aligned).
  const ifdOffset = 8;
  const ifdBytes = 2 + entries.length * 12 + 4;
  let extra = ifdOffset + ifdBytes;
  const placed = entries.map((e) => {
    const bytes = countOf(e) * SIZE_OF[e.type];
    if (bytes <= 4) return -1;
    extra = (extra + 7) & ~7;
    const at = extra;
    extra += bytes;
    return at;
  });
  const dataOffset = (extra + 7) & ~7;
  for (let s = 0; s < strips; s++) {
    stripOffsets[s] = dataOffset + s * rowsPerStrip * rowBytes;
    stripCounts[s] = Math.min(rowsPerStrip, ny - s * rowsPerStrip) * rowBytes;
  }
  const total = dataOffset + dataBytes;
  if (total > 0xffffffff) throw new GeoTiffError('the grid is too large for a classic TIFF (4 GiB)');

  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  out[0] = 0x49; // "II": little-endian
  out[1] = 0x49;
  view.setUint16(2, 42, true);
  view.setUint32(4, ifdOffset, true);
  view.setUint16(ifdOffset, entries.length, true);
  entries.forEach((e, k) => {
    const at = ifdOffset + 2 + k * 12;
    view.setUint16(at, e.tag, true);
    view.setUint16(at + 2, e.type, true);
    view.setUint32(at + 4, countOf(e), true);
    const target = placed[k]! < 0 ? at + 8 : placed[k]!;
    if (placed[k]! >= 0) view.setUint32(at + 8, target, true);
    writeValues(view, target, e);
  });
  view.setUint32(ifdOffset + 2 + entries.length * 12, 0, true); // no next IFD

  writePixels(out, dataOffset, grid, nodata, classes);
  return out;
}

/** The pixel rows from `dataOffset` on, north to south: class indices, or Float32 with NaN replaced by a numeric nodata marker. */
function writePixels(out: Uint8Array, dataOffset: number, grid: Grid, nodata: number, classes: GeoTiffWriteOptions['colorTable']): void {
  const { nx, ny } = grid;
  const northUp = grid.dy < 0;
  const view = new DataView(out.buffer);
  const replace = !Number.isNaN(nodata);
  const src = grid.values;
  if (classes) {
    const dst = new Uint8Array(out.buffer, dataOffset, nx * ny);
    for (let j = 0; j < ny; j++) {
      const from = (northUp ? j : ny - 1 - j) * nx;
      for (let i = 0; i < nx; i++) {
        const v = src[from + i]!;
        const c = Number.isNaN(v) ? 255 : classes.classOf(v);
        dst[j * nx + i] = Number.isInteger(c) && c >= 0 && c < 255 ? c : 255;
      }
    }
  } else if (LITTLE_ENDIAN_HOST) {
    const dst = new Float32Array(out.buffer, dataOffset, nx * ny);
    for (let j = 0; j < ny; j++) {
      const from = (northUp ? j : ny - 1 - j) * nx;
      const row = src.subarray(from, from + nx);
      dst.set(row, j * nx);
      if (replace) {
        for (let i = 0; i < nx; i++) if (Number.isNaN(row[i]!)) dst[j * nx + i] = nodata;
      }
    }
  } else {
    for (let j = 0; j < ny; j++) {
      const from = (northUp ? j : ny - 1 - j) * nx;
      for (let i = 0; i < nx; i++) {
        const v = src[from + i]!;
        view.setFloat32(dataOffset + (j * nx + i) * 4, replace && Number.isNaN(v) ? nodata : v, true);
      }
    }
  }
}

/** TIFF ColorMap: 256 reds, then greens, then blues, each 0–65535; entries past the classes are black. */
function colorMapTag(colors: ReadonlyArray<readonly [number, number, number, number?]>): number[] {
  const out = new Array<number>(3 * 256).fill(0);
  colors.slice(0, 255).forEach((c, k) => {
    for (let ch = 0; ch < 3; ch++) out[ch * 256 + k] = Math.max(0, Math.min(255, Math.round(c[ch]!))) * 257;
  });
  return out;
}

function writeValues(view: DataView, at: number, e: Entry): void {
  if (typeof e.values === 'string') {
    // GDAL writes and reads its text tags as UTF-8.
    const bytes = encodeUtf8(e.values);
    for (let k = 0; k < bytes.length; k++) view.setUint8(at + k, bytes[k]!);
    view.setUint8(at + bytes.length, 0);
    return;
  }
  e.values.forEach((v, k) => {
    if (e.type === SHORT) view.setUint16(at + k * 2, v, true);
    else if (e.type === LONG) view.setUint32(at + k * 4, v, true);
    else view.setFloat64(at + k * 8, v, true);
  });
}

/**
 * Reads the first image's band (default 0) of a georeferenced GeoTIFF in a geographic CRS, any
 * sample type (converted to Float32; GDAL_NODATA cells become NaN), stripped or tiled, compressed
 * or not. Packed bands (GDAL's scale and offset, e.g. Int16 tenths of a millimetre) are unpacked.
 * Projected CRSs and rotated transforms are refused.
 */
export async function readGeoTiff(
  data: Uint8Array | ArrayBuffer,
  options: {
    band?: number;
    /** Refuse images with more cells than this before decoding them (a small compressed file can hold a huge one). */
    maxCells?: number;
  } = {},
): Promise<GeoTiffRead> {
  const buffer = data instanceof Uint8Array ? (data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer) : data;
  const tiff = await fromArrayBuffer(buffer);
  const image = await tiff.getImage();
  const band = options.band ?? 0;
  if (!(band >= 0 && band < image.getSamplesPerPixel())) throw new GeoTiffError(`the image has no band ${band}`);

  const keys = image.getGeoKeys() ?? {};
  if (
    keys.ProjectedCSTypeGeoKey !== undefined ||
    (keys.GTModelTypeGeoKey !== undefined && keys.GTModelTypeGeoKey !== MODEL_TYPE_GEOGRAPHIC)
  ) {
    throw new GeoTiffError('only geographic (longitude/latitude) GeoTIFFs are supported, this one is projected');
  }
  const epsg =
    typeof keys.GeographicTypeGeoKey === 'number' && keys.GeographicTypeGeoKey !== USER_DEFINED ? keys.GeographicTypeGeoKey : null;

  const nx = image.getWidth();
  const ny = image.getHeight();
  if (options.maxCells !== undefined && nx * ny > options.maxCells) {
    throw new GeoTiffError(`the image has ${nx} × ${ny} cells, more than the ${options.maxCells} allowed`);
  }
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

  const tag = image.fileDirectory.hasTag('GDAL_METADATA') ? await image.fileDirectory.loadValue('GDAL_METADATA') : null;
  // The tag's bytes are UTF-8 (GDAL's); the geotiff package decodes them so.
  const metadata = typeof tag === 'string' ? tag : null;
  const scaling = metadata !== null ? gdalBandScaling(metadata, band) : null;
  const rasters = await image.readRasters({ samples: [band] });
  const raw = rasters[0] as ArrayLike<number>;
  const nodata = image.getGDALNoData();
  // GDAL's nodata is a stored value: compare before scaling, in the stored type's precision.
  const marker = nodata === null || Number.isNaN(nodata) ? null : raw instanceof Float32Array ? Math.fround(nodata) : nodata;
  let values: Float32Array;
  if (scaling === null) {
    values = raw instanceof Float32Array ? raw : Float32Array.from(raw);
    if (marker !== null) for (let k = 0; k < values.length; k++) if (raw[k] === marker) values[k] = Number.NaN;
  } else {
    const { scale, offset } = scaling;
    values = new Float32Array(raw.length);
    for (let k = 0; k < raw.length; k++) values[k] = raw[k] === marker ? Number.NaN : raw[k]! * scale + offset;
  }
  return { grid: { ...geometry, values }, nodata, epsg, scaling, metadata: metadata !== null ? gdalDatasetItems(metadata) : {} };
}

/**
 * The dataset items (no `sample` attribute) of a GDAL_METADATA text, decoded as GDAL reads them: the XML text, then the
 * value's own escaping (GDAL escapes a value before writing it as XML text; see gdalMetadataXml).
 */
export function gdalDatasetItems(xml: string): Record<string, string> {
  const text = xml.replace(/<!--[\s\S]*?-->/g, '');
  const item = /<Item((?:\s+[A-Za-z_:][\w.:-]*\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*>([\s\S]*?)<\/Item\s*>/g;
  const attribute = /([A-Za-z_:][\w.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
  const out: Record<string, string> = {};
  for (const [, attrs, content] of text.matchAll(item)) {
    const a: Record<string, string> = {};
    for (const [, name, dq, sq] of attrs!.matchAll(attribute)) a[name!] = decodeXmlText(dq ?? sq ?? '');
    if (a.sample !== undefined || a.name === undefined) continue;
    out[a.name] = decodeXmlText(decodeXmlText(content!));
  }
  return out;
}

/**
 * A band's scale and offset from the text of the GDAL_METADATA tag (42112), where GDAL writes
 * `<Item name="SCALE" sample="0" role="scale">0.1</Item>` and `role="offset"` (sample: the band, from 0). Only those
 * elements are read, by their role as GDAL itself does; comments are skipped, and no entity other than XML's five and
 * character references is decoded (a document type or entity declaration is never expanded). Null when neither is
 * given; an item that is not a finite number (or a zero scale) is refused.
 */
export function gdalBandScaling(xml: string, band: number): GdalScaling | null {
  const text = xml.replace(/<!--[\s\S]*?-->/g, '');
  const item = /<Item((?:\s+[A-Za-z_:][\w.:-]*\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*>([\s\S]*?)<\/Item\s*>/g;
  const attribute = /([A-Za-z_:][\w.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
  let scale: number | null = null;
  let offset: number | null = null;
  for (const [, attrs, content] of text.matchAll(item)) {
    const a: Record<string, string> = {};
    for (const [, name, dq, sq] of attrs!.matchAll(attribute)) a[name!] = decodeXmlText(dq ?? sq ?? '');
    const role = a.role;
    if ((role !== 'scale' && role !== 'offset') || a.sample === undefined || Number(a.sample) !== band) continue;
    const raw = decodeXmlText(content!.replace(/^\s*<!\[CDATA\[([\s\S]*)\]\]>\s*$/, '$1')).trim();
    const value = raw === '' ? Number.NaN : Number(raw);
    if (!Number.isFinite(value) || (role === 'scale' && value === 0)) {
      throw new GeoTiffError(`the band's ${role} in the GDAL metadata is not usable: "${raw.slice(0, 40)}"`);
    }
    if (role === 'scale') scale = value;
    else offset = value;
  }
  return scale === null && offset === null ? null : { scale: scale ?? 1, offset: offset ?? 0 };
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXmlText(s: string): string {
  return s.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-z]+);/g, (whole, ref: string) => {
    if (!ref.startsWith('#')) return XML_ENTITIES[ref] ?? whole;
    const code = ref.startsWith('#x') ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
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
