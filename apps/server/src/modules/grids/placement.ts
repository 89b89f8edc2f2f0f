import {
  alignToGeometry,
  centresBBox,
  coversCentres,
  gridBBox,
  resampleGrid,
  type BBox,
  type Grid,
  type GridGeometry,
  type ResampleMethod,
} from '@agromet/grid';
import type { MessageKey } from '../../core/messages.js';

export type Placement =
  | { ok: true; grid: Grid; resampled: ResampleMethod | null }
  | { ok: false; key: Extract<MessageKey, 'importNotCovering' | 'importGridDiffers'>; params: Record<string, string> };

/**
 * Puts an imported grid onto the product's cells (the grid it replaces, or the product's other grids): a file on the
 * same cells is taken as it is (rows reversed if it runs the other way); a file that does not reach every product cell
 * centre is refused whatever was asked, since resampling would leave cells empty; a file on other cells is resampled
 * only with a method asked for, else refused naming both grids. Without a product grid yet the file sets it.
 */
export function placeOnProduct(file: Grid, product: GridGeometry | null, resample: ResampleMethod | undefined): Placement {
  if (!product) return { ok: true, grid: file, resampled: null };
  const aligned = alignToGeometry(file, product);
  if (aligned) return { ok: true, grid: aligned, resampled: null };
  if (!coversCentres(file, product)) {
    return { ok: false, key: 'importNotCovering', params: { file: extentText(gridBBox(file)), product: extentText(gridBBox(product)) } };
  }
  if (!resample) {
    return {
      ok: false,
      key: 'importGridDiffers',
      params: {
        fileCentres: extentText(centresBBox(file)),
        fileStep: stepText(file),
        fileSize: `${file.nx} × ${file.ny}`,
        productCentres: extentText(centresBBox(product)),
        productStep: stepText(product),
        productSize: `${product.nx} × ${product.ny}`,
      },
    };
  }
  return { ok: true, grid: resampleGrid(file, product, resample), resampled: resample };
}

/** Seven significant digits: enough for any grid's georeference, without binary noise (105.47500000000001). */
const num = (v: number) => String(Number(v.toPrecision(7)) + 0);
const lonText = (v: number) => `${num(Math.abs(v))}°${v < 0 ? 'W' : 'E'}`;
const latText = (v: number) => `${num(Math.abs(v))}°${v < 0 ? 'S' : 'N'}`;

/** "100°E–106°E, 40°N–45°N": the same in every language. */
export function extentText(b: BBox): string {
  return `${lonText(b.west)}–${lonText(b.east)}, ${latText(b.south)}–${latText(b.north)}`;
}

const stepText = (g: GridGeometry) => `${num(g.dx)}° × ${num(Math.abs(g.dy))}°`;
