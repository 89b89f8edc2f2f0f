import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { Parser, type ReadEntry } from 'tar';
import { z } from 'zod';
import { assertSafeKey } from '../core/storage.js';

// The backup archive (docs/operations.md#backup-and-restore): one .tar.gz holding
//   manifest.json              what the archive holds, with row counts and sha256 hashes (below)
//   database/agromet.sqlite    the SQLite snapshot (online backup API), or
//   database/agromet.pgdump    the PostgreSQL snapshot (pg_dump --format=custom)
//   secrets/<name>             keys DATA_DIR generated (jwt-secret, wx-secret-key), when not set in the environment
//   files/<key>                every stored file the snapshot's rows name, under its storage key
// Nothing is ever written where an entry's name says: a file goes back through FileStorage under a key that passes
// assertSafeKey, the database and the secrets to fixed names, so no entry can land outside the target.

export const MANIFEST = 'manifest.json';
export const FORMAT = 'agromet-backup';
export const FORMAT_VERSION = 1;

/** The database file of each engine inside the archive. */
export const DATABASE_ENTRY = { sqlite: 'database/agromet.sqlite', postgres: 'database/agromet.pgdump' } as const;

/** Keys DATA_DIR generates when the environment sets none (core/secrets.ts): carried so that a restore reads what they seal. */
export const SECRET_FILES = ['jwt-secret', 'wx-secret-key'] as const;
export type SecretName = (typeof SECRET_FILES)[number];

export interface ArchivedFile {
  /** The storage key (`grids/3/1/….f32`); the entry is `files/<key>`. */
  key: string;
  bytes: number;
  sha256: string;
}

export interface Manifest {
  format: typeof FORMAT;
  formatVersion: number;
  /** The release that made it (package.json). */
  appVersion: string;
  /** When the snapshot was started: every write acknowledged before this time is in the archive. */
  snapshotAt: string;
  /** When the archive was finished. */
  createdAt: string;
  database: {
    engine: 'sqlite' | 'postgres';
    entry: string;
    bytes: number;
    sha256: string;
    /** The migrations the snapshot had run (kysely_migration), in order. */
    migrations: string[];
    /** Rows of every table in the snapshot. */
    tables: Record<string, number>;
  };
  storage: { kind: 'local' | 's3' };
  files: ArchivedFile[];
  /** Required files the snapshot's rows name that storage did not have (as `npm run sweep-files` reports them). */
  missingFiles: Array<{ table: string; column: string; id: string | number; key: string }>;
  /** Secret files carried, by name (their content only in the archive, never here). */
  secrets: Array<{ name: SecretName; bytes: number; sha256: string }>;
}

/** An archive that is not what its manifest says, or no archive of ours at all: the message names what is wrong. */
export class ArchiveError extends Error {}

/** What an entry's name means; anything else in an archive is refused. */
export type EntryKind =
  | { kind: 'manifest' }
  | { kind: 'database'; engine: 'sqlite' | 'postgres' }
  | { kind: 'secret'; name: SecretName }
  | { kind: 'file'; key: string };

export function entryKind(name: string): EntryKind {
  if (name === MANIFEST) return { kind: 'manifest' };
  if (name === DATABASE_ENTRY.sqlite) return { kind: 'database', engine: 'sqlite' };
  if (name === DATABASE_ENTRY.postgres) return { kind: 'database', engine: 'postgres' };
  if (name.startsWith('secrets/') && (SECRET_FILES as readonly string[]).includes(name.slice(8)))
    return { kind: 'secret', name: name.slice(8) as SecretName };
  if (name.startsWith('files/')) {
    const key = name.slice(6);
    try {
      assertSafeKey(key);
    } catch {
      throw new ArchiveError(`the archive holds an entry outside its folders: ${JSON.stringify(name.slice(0, 200))}`);
    }
    return { kind: 'file', key };
  }
  throw new ArchiveError(`the archive holds an unexpected entry: ${JSON.stringify(name.slice(0, 200))}`);
}

export const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

export function sha256OfFile(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    fs.createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });
}

/** What a reader does with one entry's bytes: `data` for each chunk, then `end` with its size and hash. */
export interface EntrySink {
  data?(chunk: Buffer): void;
  end(done: { bytes: number; sha256: string }): void | Promise<void>;
}

/**
 * Reads an archive entry by entry, in order, hashing each; `visit` names what is done with an entry's bytes (null:
 * only hashed). Reading waits while an entry's `end` runs (a file written to storage), so memory holds one entry at a
 * time. Only regular files are accepted (folders are skipped); a link or device, a damaged or truncated archive, or
 * one that is no gzip tar at all is an ArchiveError.
 */
export function readArchive(file: string, visit: (name: string, kind: EntryKind, size: number) => EntrySink | null): Promise<void> {
  return new Promise((resolve, reject) => {
    let failed = false;
    let pending = 0;
    let parsed = false;
    const source = fs.createReadStream(file, { highWaterMark: 1 << 20 });
    const fail = (e: unknown) => {
      if (failed) return;
      failed = true;
      source.destroy();
      reject(e instanceof ArchiveError ? e : new ArchiveError(`the archive is damaged or not a backup archive: ${(e as Error).message}`));
    };
    const settle = () => {
      if (!failed && parsed && pending === 0) resolve();
    };
    const parser = new Parser({
      strict: true,
      // Grids of one value compress very well; an archive of our own stays far below this.
      maxDecompressionRatio: 10_000,
      onwarn: (code, message) => fail(new ArchiveError(`the archive is damaged or not a backup archive (${code}): ${String(message)}`)),
    });
    parser.on('entry', (entry: ReadEntry) => {
      if (failed) return void entry.resume();
      if (entry.type === 'Directory') return void entry.resume();
      let sink: EntrySink | null;
      try {
        if (entry.type !== 'File' && entry.type !== 'OldFile' && entry.type !== 'ContiguousFile')
          throw new ArchiveError(`the archive holds a ${entry.type} entry (${JSON.stringify(entry.path.slice(0, 200))}): refused`);
        sink = visit(entry.path, entryKind(entry.path), entry.size ?? 0);
      } catch (e) {
        entry.resume();
        return fail(e);
      }
      const hash = createHash('sha256');
      let bytes = 0;
      entry.on('data', (chunk: Buffer) => {
        hash.update(chunk);
        bytes += chunk.length;
        try {
          sink?.data?.(chunk);
        } catch (e) {
          fail(e);
        }
      });
      entry.on('end', () => {
        if (failed || !sink) return;
        pending += 1;
        source.pause();
        Promise.resolve()
          .then(() => sink.end({ bytes, sha256: hash.digest('hex') }))
          .then(() => {
            pending -= 1;
            if (pending === 0) source.resume();
            settle();
          }, fail);
      });
    });
    parser.on('error', fail);
    parser.on('end', () => {
      parsed = true;
      settle();
    });
    source.on('data', (chunk) => {
      if (!failed) parser.write(chunk as Buffer);
    });
    source.on('end', () => parser.end());
    source.on('error', (e) => fail(new ArchiveError(`cannot read the archive: ${e.message}`)));
  });
}

const Hashed = { bytes: z.number(), sha256: z.string() };

/** The manifest as read: its fields checked through this shape, whose output is the Manifest the backup wrote. */
const ManifestShape = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.number(),
  appVersion: z.string(),
  snapshotAt: z.string(),
  createdAt: z.string(),
  database: z.object({
    engine: z.enum(['sqlite', 'postgres']),
    entry: z.string(),
    ...Hashed,
    migrations: z.array(z.string()),
    tables: z.record(z.string(), z.number()),
  }),
  storage: z.object({ kind: z.enum(['local', 's3']) }),
  files: z.array(z.object({ key: z.string(), ...Hashed })),
  missingFiles: z.array(z.object({ table: z.string(), column: z.string(), id: z.union([z.string(), z.number()]), key: z.string() })),
  secrets: z.array(z.object({ name: z.enum(SECRET_FILES), ...Hashed })),
}) satisfies z.ZodType<Manifest>;

/** The manifest's own shape checked, so that a later step trusts its fields; a wrong one names the first field off. */
export function parseManifest(bytes: Buffer): Manifest {
  let doc: unknown;
  try {
    doc = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new ArchiveError('manifest.json is not JSON');
  }
  const head = z.object({ format: z.literal(FORMAT), formatVersion: z.unknown() }).safeParse(doc);
  if (!head.success) throw new ArchiveError('manifest.json is not an Agromet Console backup manifest');
  if (head.data.formatVersion !== FORMAT_VERSION)
    throw new ArchiveError(`the archive's format ${String(head.data.formatVersion)} is not one this release reads (${FORMAT_VERSION})`);
  const parsed = ManifestShape.safeParse(doc);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ArchiveError(
      `manifest.json lacks fields it must have${issue ? ` (${issue.path.map(String).join('.')}: ${issue.message})` : ''}`,
    );
  }
  const m = parsed.data;
  if (m.database.entry !== DATABASE_ENTRY[m.database.engine])
    throw new ArchiveError('manifest.json lacks fields it must have (database.entry)');
  for (const f of m.files) entryKind(`files/${f.key}`);
  for (const s of m.secrets) entryKind(`secrets/${s.name}`);
  return m;
}

/** A problem found checking an archive against its manifest. */
export interface VerifyReport {
  manifest: Manifest | null;
  problems: string[];
  /** Bytes of the archive. */
  bytes: number;
}

/**
 * Reads the whole archive and checks it against its manifest: the manifest comes first and is whole, every entry it
 * names is there once with its size and sha256, nothing else is there. Reads only; the report lists every problem.
 */
export async function verifyArchive(file: string): Promise<VerifyReport> {
  const problems: string[] = [];
  let manifest: Manifest | null = null;
  const seen = new Map<string, { bytes: number; sha256: string }>();
  let first = true;
  const stat = fs.statSync(file);
  try {
    await readArchive(file, (name, kind) => {
      const isFirst = first;
      first = false;
      if (kind.kind === 'manifest') {
        if (!isFirst) throw new ArchiveError('manifest.json is not the first entry');
        const chunks: Buffer[] = [];
        return { data: (c) => chunks.push(c), end: () => void (manifest = parseManifest(Buffer.concat(chunks))) };
      }
      if (isFirst) throw new ArchiveError('the archive does not begin with manifest.json');
      if (seen.has(name)) throw new ArchiveError(`the archive holds ${name} twice`);
      return { end: (done) => void seen.set(name, done) };
    });
  } catch (e) {
    if (!(e instanceof ArchiveError)) throw e;
    problems.push(e.message);
    return { manifest, problems, bytes: stat.size };
  }
  const m = manifest as Manifest | null;
  if (!m) return { manifest: null, problems: ['the archive has no manifest.json'], bytes: stat.size };
  const expected = new Map<string, { bytes: number; sha256: string }>([
    [m.database.entry, { bytes: m.database.bytes, sha256: m.database.sha256 }],
    ...m.secrets.map((s) => [`secrets/${s.name}`, s] as const),
    ...m.files.map((f) => [`files/${f.key}`, f] as const),
  ]);
  for (const [name, want] of expected) {
    const got = seen.get(name);
    if (!got) problems.push(`${name} is missing`);
    else if (got.bytes !== want.bytes) problems.push(`${name} has ${got.bytes} bytes, the manifest says ${want.bytes}`);
    else if (got.sha256 !== want.sha256) problems.push(`${name} does not match its sha256 in the manifest`);
  }
  for (const name of seen.keys()) if (!expected.has(name)) problems.push(`${name} is not in the manifest`);
  return { manifest: m, problems, bytes: stat.size };
}
