import { applyPatch, decodePatch, encodedPatchValueAt, encodePatch, type Patch } from '@agromet/grid';
import type { FileStorage } from '../../core/storage.js';

// How a grid version's values are stored (docs/grids.md#storage-and-versions): a full file of Float32 values, or a
// delta file holding the patch from an earlier full version. GridStore (store.ts) writes and caches them.

/** Float32 little-endian, as every machine we run on stores it. */
export function encodeValues(values: Float32Array): Buffer {
  return Buffer.from(values.buffer, values.byteOffset, values.byteLength);
}

export function decodeValues(data: Buffer): Float32Array {
  const copy = new Float32Array(data.byteLength / 4);
  new Uint8Array(copy.buffer).set(data);
  return copy;
}

/** The values a stored version holds, read from storage without a cache (tools and tests). */
export async function readStoredValues(storage: FileStorage, key: string): Promise<Float32Array | null> {
  const data = await storage.get(key);
  if (!data) return null;
  if (!isDeltaKey(key)) return decodeValues(data);
  const values = await readStoredValues(storage, deltaBase(key));
  if (values) applyPatch(values, decodeDelta(data), { verify: false });
  return values;
}

// A version saved from a revision is written as what changed (docs/grids.md#storage-and-versions): a delta file holding
// the patch from a full file of an earlier version (its base) to this version. The base is named by the delta's key,
// `<base without .f32>.<id>.f32d`, so it is known without reading the file. A delta larger than half the full file
// (a patch is 9 bytes a cell or more, against 4 for the values: from about a fifth of the cells on) is written as a
// full file again: a delta version is read as its base and its delta, so it never costs more than 1.5 full reads.
const DELTA_SUFFIX = '.f32d';
const DELTA_MAGIC = Buffer.from('AGD1');
export const isDeltaKey = (key: string) => key.endsWith(DELTA_SUFFIX);
/** The key of a new delta file `id` on the full file `base` (`grids/…/<uuid>.f32`). */
export function deltaKeyOn(base: string, id: string): string {
  return `${base.slice(0, -'.f32'.length)}.${id}${DELTA_SUFFIX}`;
}

export function deltaBase(key: string): string {
  const stem = key.slice(0, -DELTA_SUFFIX.length);
  return `${stem.slice(0, stem.lastIndexOf('.'))}.f32`;
}

export function encodeDelta(patch: Patch): Buffer {
  const bytes = encodePatch(patch, DELTA_MAGIC);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * The delta file of a patch from a base of `cells` values when it is at most half the size of the full file, else
 * null. Each cell costs at least 9 bytes (its index step and both values), so a patch past that count is not encoded.
 */
export function deltaWithinBound(patch: Patch, cells: number): Buffer | null {
  const bound = (cells * 4) / 2;
  if (patch.indices.length * 9 > bound) return null;
  const data = encodeDelta(patch);
  return data.byteLength <= bound ? data : null;
}

export function decodeDelta(data: Buffer): Patch {
  if (!data.subarray(0, 4).equals(DELTA_MAGIC)) throw new Error('not a grid delta file');
  return decodePatch(data.subarray(4));
}

/** The new value a patch gives cell `index`, or undefined when it leaves the cell alone (indices increase). */
export function patchValueAt(patch: Patch, index: number): number | undefined {
  const { indices } = patch;
  let lo = 0;
  let hi = indices.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = indices[mid]!;
    if (at === index) return patch.newValues[mid]!;
    if (at < index) lo = mid + 1;
    else hi = mid - 1;
  }
  return undefined;
}

/** The value a stored delta file gives cell `index`, read from its encoded bytes, or undefined when it leaves the cell alone. */
export function deltaValueAt(data: Buffer, index: number): number | undefined {
  if (!data.subarray(0, 4).equals(DELTA_MAGIC)) throw new Error('not a grid delta file');
  return encodedPatchValueAt(data.subarray(4), index);
}
