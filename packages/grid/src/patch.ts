// A patch is what an edit changed: the changed cell indices (strictly increasing) with their old
// and new values. Applying and reverting copy the float bits, so a round trip is exact, NaN included.

export interface Patch {
  indices: Uint32Array;
  oldValues: Float32Array;
  newValues: Float32Array;
}

export class PatchMismatchError extends Error {
  constructor(readonly index: number) {
    super(`cell ${index} does not hold the value the patch expects: the grid changed since the patch was made`);
    this.name = 'PatchMismatchError';
  }
}

export interface ApplyOptions {
  /** Check first that every cell holds the patch's "before" value (default true); nothing is written on a mismatch. */
  verify?: boolean;
}

export function emptyPatch(): Patch {
  return { indices: new Uint32Array(0), oldValues: new Float32Array(0), newValues: new Float32Array(0) };
}

export function applyPatch(values: Float32Array, patch: Patch, options: ApplyOptions = {}): void {
  writeBits(values, patch.indices, patch.oldValues, patch.newValues, options.verify ?? true);
}

export function revertPatch(values: Float32Array, patch: Patch, options: ApplyOptions = {}): void {
  writeBits(values, patch.indices, patch.newValues, patch.oldValues, options.verify ?? true);
}

/** The patch that undoes this one. */
export function invertPatch(patch: Patch): Patch {
  return { indices: patch.indices, oldValues: patch.newValues, newValues: patch.oldValues };
}

/** The cells whose bits differ between two equally long arrays. */
export function diffValues(before: Float32Array, after: Float32Array): Patch {
  if (before.length !== after.length) throw new RangeError('cannot diff arrays of different lengths');
  const a = bitsOf(before);
  const b = bitsOf(after);
  let n = 0;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) n++;
  const indices = new Uint32Array(n);
  const oldBits = new Uint32Array(n);
  const newBits = new Uint32Array(n);
  n = 0;
  for (let k = 0; k < a.length; k++) {
    if (a[k] !== b[k]) {
      indices[n] = k;
      oldBits[n] = a[k]!;
      newBits[n++] = b[k]!;
    }
  }
  return { indices, oldValues: new Float32Array(oldBits.buffer), newValues: new Float32Array(newBits.buffer) };
}

/** Collects changes in increasing cell order; used by every edit. */
export class PatchBuilder {
  private readonly indices: Uint32Array;
  private readonly oldValues: Float32Array;
  private readonly newValues: Float32Array;
  private count = 0;

  constructor(capacity: number) {
    this.indices = new Uint32Array(capacity);
    this.oldValues = new Float32Array(capacity);
    this.newValues = new Float32Array(capacity);
  }

  /** Records the change when the Float32 result differs from the old value (−0 and +0 count as different). */
  set(index: number, oldValue: number, newValue: number): void {
    const rounded = Math.fround(newValue);
    if (Object.is(rounded, oldValue)) return;
    this.indices[this.count] = index;
    this.oldValues[this.count] = oldValue;
    this.newValues[this.count] = rounded;
    this.count++;
  }

  build(): Patch {
    const n = this.count;
    return { indices: this.indices.slice(0, n), oldValues: this.oldValues.slice(0, n), newValues: this.newValues.slice(0, n) };
  }
}

// Binary form: "AGP" 0x01, varint count, varint index deltas (the first is the index itself),
// then the old and the new values as little-endian float32 bits.
const MAGIC = [0x41, 0x47, 0x50, 0x01];

/** The binary form of a patch; after `prefix` in the same bytes when given (the header of a file that holds it). */
export function encodePatch(patch: Patch, prefix: Uint8Array = NO_PREFIX): Uint8Array {
  const { indices } = patch;
  const n = indices.length;
  if (patch.oldValues.length !== n || patch.newValues.length !== n) throw new RangeError('patch arrays differ in length');
  let varintBytes = varintSize(n);
  for (let k = 0; k < n; k++) {
    const delta = k === 0 ? indices[0]! : indices[k]! - indices[k - 1]!;
    if (k > 0 && indices[k]! <= indices[k - 1]!) throw new RangeError('patch indices must be strictly increasing');
    varintBytes += varintSize(delta);
  }
  const whole = new Uint8Array(prefix.length + MAGIC.length + varintBytes + 8 * n);
  whole.set(prefix);
  const out = whole.subarray(prefix.length);
  out.set(MAGIC);
  let p = writeVarint(out, MAGIC.length, n);
  for (let k = 0; k < n; k++) p = writeVarint(out, p, k === 0 ? indices[0]! : indices[k]! - indices[k - 1]!);
  writeLittleEndian(out, p, bitsOf(patch.oldValues));
  writeLittleEndian(out, p + 4 * n, bitsOf(patch.newValues));
  return whole;
}

const NO_PREFIX = new Uint8Array(0);

export function decodePatch(bytes: Uint8Array): Patch {
  if (bytes.length < MAGIC.length || MAGIC.some((b, k) => bytes[k] !== b)) throw new Error('not an encoded patch');
  const [n, start] = readVarint(bytes, MAGIC.length);
  const indices = new Uint32Array(n);
  let p = start;
  let index = 0;
  for (let k = 0; k < n; k++) {
    // Neighbouring cells (a delta under 128, one byte) are most of a patch: read without a call.
    let delta = bytes[p]!;
    if (delta < 0x80) p++;
    else [delta, p] = readVarint(bytes, p);
    if (k > 0 && delta === 0) throw new Error('encoded patch indices are not strictly increasing');
    index += delta;
    if (index > 0xffffffff) throw new Error('encoded patch index out of range');
    indices[k] = index;
  }
  if (bytes.length !== p + 8 * n) throw new Error('encoded patch has the wrong length');
  const oldBits = readLittleEndian(bytes, p, n);
  const newBits = readLittleEndian(bytes, p + 4 * n, n);
  return { indices, oldValues: new Float32Array(oldBits.buffer), newValues: new Float32Array(newBits.buffer) };
}

// The values are little-endian words: on a little-endian machine (all that run the console) their bytes are copied as
// they lie in memory, a copy of a few megabytes instead of a DataView call per value.
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

function writeLittleEndian(out: Uint8Array, p: number, words: Uint32Array): void {
  if (LITTLE_ENDIAN) {
    out.set(new Uint8Array(words.buffer, words.byteOffset, 4 * words.length), p);
    return;
  }
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  for (let k = 0; k < words.length; k++) view.setUint32(p + 4 * k, words[k]!, true);
}

function readLittleEndian(bytes: Uint8Array, p: number, n: number): Uint32Array {
  const words = new Uint32Array(n);
  if (LITTLE_ENDIAN) {
    new Uint8Array(words.buffer).set(bytes.subarray(p, p + 4 * n));
    return words;
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let k = 0; k < n; k++) words[k] = view.getUint32(p + 4 * k, true);
  return words;
}

/**
 * The value an encoded patch (binary form above) gives cell `index`, or undefined when it leaves the cell alone: read
 * from the bytes without decoding the rest, for a point read of a version stored as a patch. The index deltas are
 * walked until `index` is reached or passed; the values sit at the end (their offset follows from the count).
 */
export function encodedPatchValueAt(bytes: Uint8Array, index: number): number | undefined {
  if (bytes.length < MAGIC.length || MAGIC.some((b, k) => bytes[k] !== b)) throw new Error('not an encoded patch');
  const [n, start] = readVarint(bytes, MAGIC.length);
  const valuesAt = bytes.length - 8 * n;
  if (valuesAt < start) throw new Error('encoded patch has the wrong length');
  let p = start;
  let at = 0;
  for (let k = 0; k < n; k++) {
    const [delta, q] = readVarint(bytes, p);
    if (k > 0 && delta === 0) throw new Error('encoded patch indices are not strictly increasing');
    at += delta;
    p = q;
    if (at === index) return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getFloat32(valuesAt + 4 * n + 4 * k, true);
    if (at > index) return undefined;
  }
  return undefined;
}

function writeBits(values: Float32Array, indices: Uint32Array, expected: Float32Array, next: Float32Array, verify: boolean): void {
  const target = bitsOf(values);
  const expectedBits = bitsOf(expected);
  const nextBits = bitsOf(next);
  for (let k = 0; k < indices.length; k++) {
    const index = indices[k]!;
    if (index >= target.length) throw new RangeError(`patch index ${index} is outside the grid`);
    if (verify && target[index] !== expectedBits[k]) throw new PatchMismatchError(index);
  }
  for (let k = 0; k < indices.length; k++) target[indices[k]!] = nextBits[k]!;
}

// Float32 assignment may canonicalise NaN payloads; integer views copy the exact bits.
function bitsOf(values: Float32Array): Uint32Array {
  return new Uint32Array(values.buffer, values.byteOffset, values.length);
}

function varintSize(value: number): number {
  let size = 1;
  while (value >= 0x80) {
    value = Math.floor(value / 128);
    size++;
  }
  return size;
}

function writeVarint(out: Uint8Array, p: number, value: number): number {
  while (value >= 0x80) {
    out[p++] = (value % 128) | 0x80;
    value = Math.floor(value / 128);
  }
  out[p++] = value;
  return p;
}

function readVarint(bytes: Uint8Array, p: number): [number, number] {
  let value = 0;
  let scale = 1;
  for (let shift = 0; shift < 35; shift += 7) {
    if (p >= bytes.length) throw new Error('truncated encoded patch');
    const b = bytes[p++]!;
    value += (b & 0x7f) * scale;
    if (b < 0x80) return [value, p];
    scale *= 128;
  }
  throw new Error('malformed varint in encoded patch');
}

/**
 * A 53-bit digest of a patch (its cells and both values' bits, in order), as 14 hex digits: the server sends it with a
 * saved revision so that a page that computed the very same patch for its preview can take it without fetching it
 * (cyrb53's two multiply-xor lanes over 32-bit words; not a defence against a forger, a check against any mismatch).
 */
export function patchDigest(patch: Patch): string {
  let h1 = 0xdeadbeef ^ patch.indices.length;
  let h2 = 0x41c6ce57 ^ patch.indices.length;
  const lanes = [patch.indices, bitsOf(patch.oldValues), bitsOf(patch.newValues)];
  for (const words of lanes) {
    for (let k = 0; k < words.length; k++) {
      const w = words[k]!;
      h1 = Math.imul(h1 ^ w, 2654435761);
      h2 = Math.imul(h2 ^ w, 1597334677);
    }
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  const high = (h2 >>> 0) & 0x1fffff;
  return high.toString(16).padStart(6, '0') + (h1 >>> 0).toString(16).padStart(8, '0');
}
