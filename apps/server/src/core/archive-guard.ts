import { createInflateRaw } from 'node:zlib';
import { errors } from './errors.js';
import type { MessageKey } from './messages.js';

// The one guard of every uploaded ZIP archive (an .xlsx, .docx or .pptx is one), docs/security.md#uploads. A small
// upload can expand to gigabytes (an "archive bomb"): before anything reads an archive in full, its central directory's
// declared sizes are checked member by member against an expanded-size limit, a total and a compression-ratio limit;
// then every member is inflated as a stream whose output is counted and thrown away, stopping at the first byte beyond
// what it declared or beyond the limit, since declared sizes can lie. Memory stays at one chunk whatever the archive
// says or holds; only an archive that passes is handed to a reader (ExcelJS, …) that inflates it again.

export interface ArchiveLimits {
  /** At most this many members (files and folders). */
  maxEntries: number;
  /** A member expands to at most this many bytes. */
  maxEntryBytes: number;
  /** All members together expand to at most this many bytes. */
  maxTotalBytes: number;
  /** A member larger than `ratioFloorBytes` expands to at most this many times its compressed size. */
  maxRatio: number;
  /** Members up to this size are not held to the ratio (a small, very regular XML part compresses well and harms nothing). */
  ratioFloorBytes: number;
}

const MB = 1024 * 1024;

/** A spreadsheet read by the server (ExcelJS holds it all in memory): a few thousand rows expand to a few MB. */
export const SPREADSHEET_LIMITS: ArchiveLimits = {
  maxEntries: 1000,
  maxEntryBytes: 32 * MB,
  maxTotalBytes: 48 * MB,
  maxRatio: 200,
  ratioFloorBytes: MB,
};

/** An archive the server only stores and serves (article attachments): opened by the people who download it. */
export const STORED_ARCHIVE_LIMITS: ArchiveLimits = {
  maxEntries: 10_000,
  maxEntryBytes: 256 * MB,
  maxTotalBytes: 512 * MB,
  maxRatio: 200,
  ratioFloorBytes: MB,
};

/** A member as its central directory entry declares it. */
export interface ArchiveEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  /** Where the member's local header starts. */
  localOffset: number;
}

/** Why an archive is refused: a message key of the catalogue and its parameters. */
export class ArchiveRefused extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;
const ENCRYPTED = 0x1;

/** Whether the bytes begin as a ZIP archive does (a local file header, or the end record of an empty archive). */
export function looksLikeZip(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 &&
    bytes[0] === 0x50 &&
    bytes[1] === 0x4b &&
    ((bytes[2] === 3 && bytes[3] === 4) || (bytes[2] === 5 && bytes[3] === 6))
  );
}

const unreadable = () => new ArchiveRefused('archive.unreadable');
const shortName = (name: string) => (name.length > 80 ? `${name.slice(0, 77)}…` : name);
const mb = (bytes: number) => Math.round((bytes / MB) * 10) / 10;

/**
 * The members the central directory declares, checked against the limits from their declared sizes alone (nothing is
 * inflated). Reads the last end-of-central-directory record, as ZIP readers do; a ZIP64 archive (a size or count that
 * needs it) is refused, as no upload here is near 4 GB. Throws ArchiveRefused.
 */
export function declaredEntries(bytes: Uint8Array, limits: ArchiveLimits): ArchiveEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u32 = (at: number) => view.getUint32(at, true);
  const u16 = (at: number) => view.getUint16(at, true);
  // The end record is 22 bytes plus a comment of at most 65535.
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (u32(at) === EOCD) {
      end = at;
      break;
    }
  }
  if (end < 0) throw unreadable();
  const count = u16(end + 10);
  const dirSize = u32(end + 12);
  const dirOffset = u32(end + 16);
  if (count === 0xffff || dirSize === 0xffffffff || dirOffset === 0xffffffff) throw unreadable();
  if (count > limits.maxEntries) throw new ArchiveRefused('archive.tooManyEntries', { max: limits.maxEntries });
  if (dirOffset + dirSize > end) throw unreadable();
  const entries: ArchiveEntry[] = [];
  let total = 0;
  let at = dirOffset;
  for (let k = 0; k < count; k++) {
    if (at + 46 > end || u32(at) !== CENTRAL) throw unreadable();
    const flags = u16(at + 8);
    const method = u16(at + 10);
    const compressedSize = u32(at + 20);
    const size = u32(at + 24);
    const nameLength = u16(at + 28);
    const extraLength = u16(at + 30);
    const commentLength = u16(at + 32);
    const localOffset = u32(at + 42);
    if (at + 46 + nameLength > end) throw unreadable();
    const name = Buffer.from(bytes.buffer, bytes.byteOffset + at + 46, nameLength).toString('utf8');
    // 0xffffffff is ZIP64's "see the extra field": a member of 4 GB or more.
    if (compressedSize === 0xffffffff || size === 0xffffffff || localOffset === 0xffffffff)
      throw new ArchiveRefused('archive.entryTooLarge', { entry: shortName(name), limit: mb(limits.maxEntryBytes) });
    if (localOffset + 30 > dirOffset || localOffset + compressedSize > dirOffset) throw unreadable();
    const entry = { name, method, flags, compressedSize, size, localOffset };
    checkSize(entry, size, limits);
    total += size;
    if (total > limits.maxTotalBytes) throw new ArchiveRefused('archive.totalTooLarge', { limit: mb(limits.maxTotalBytes) });
    entries.push(entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** A member's expanded size (declared or counted so far) against the member limit and the ratio. */
function checkSize(entry: ArchiveEntry, size: number, limits: ArchiveLimits): void {
  if (size > limits.maxEntryBytes)
    throw new ArchiveRefused('archive.entryTooLarge', { entry: shortName(entry.name), limit: mb(limits.maxEntryBytes) });
  if (size > limits.ratioFloorBytes && size > limits.maxRatio * Math.max(1, entry.compressedSize))
    throw new ArchiveRefused('archive.ratio', {
      entry: shortName(entry.name),
      ratio: Math.floor(size / Math.max(1, entry.compressedSize)),
      max: limits.maxRatio,
    });
}

/** Inflates a member's data as a stream, counting its output and stopping beyond `max` bytes: answers the count, or null when the data is damaged. */
function countInflated(data: Uint8Array, max: number): Promise<number | 'over' | null> {
  return new Promise((resolve) => {
    const inflate = createInflateRaw({ chunkSize: 64 * 1024 });
    let n = 0;
    let settled = false;
    const settle = (v: number | 'over' | null) => {
      if (settled) return;
      settled = true;
      inflate.destroy();
      resolve(v);
    };
    inflate.on('data', (chunk: Buffer) => {
      n += chunk.length;
      if (n > max) settle('over');
    });
    inflate.on('end', () => settle(n));
    inflate.on('error', () => settle(null));
    inflate.end(data);
  });
}

/**
 * Checks an archive in full without holding more than a chunk of it expanded: the declared sizes first
 * (declaredEntries), then each member inflated and counted, refused at the first byte beyond what it declared. Only
 * stored and deflated members can be checked; an encrypted member or another method is refused. Throws ArchiveRefused.
 */
export async function checkArchive(bytes: Uint8Array, limits: ArchiveLimits): Promise<ArchiveEntry[]> {
  const entries = declaredEntries(bytes, limits);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (const entry of entries) {
    if (entry.flags & ENCRYPTED || (entry.method !== STORED && entry.method !== DEFLATED)) throw unreadable();
    const at = entry.localOffset;
    if (view.getUint32(at, true) !== LOCAL) throw unreadable();
    const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
    const data = bytes.subarray(start, start + entry.compressedSize);
    if (data.length !== entry.compressedSize) throw unreadable();
    if (entry.method === STORED) {
      if (entry.compressedSize !== entry.size) throw unreadable();
      continue;
    }
    const counted = await countInflated(data, entry.size);
    if (counted === 'over') throw new ArchiveRefused('archive.sizeLies', { entry: shortName(entry.name), declared: entry.size });
    if (counted === null || counted !== entry.size) throw unreadable();
    checkSize(entry, counted, limits);
  }
  return entries;
}

/** checkArchive for an upload: a refusal becomes the envelope's 4100 naming the form's field, in the caller's language. */
export async function guardArchive(bytes: Uint8Array, limits: ArchiveLimits, field = 'file'): Promise<ArchiveEntry[]> {
  try {
    return await checkArchive(bytes, limits);
  } catch (e) {
    if (e instanceof ArchiveRefused) throw errors.validation(field, e.key, e.params);
    throw e;
  }
}
