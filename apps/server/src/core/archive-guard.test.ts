import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { writeXlsxBomb, zipOf, type ZipMember } from '../../test/zip-files.js';
import {
  ArchiveRefused,
  checkArchive,
  declaredEntries,
  guardArchive,
  looksLikeZip,
  SPREADSHEET_LIMITS,
  type ArchiveLimits,
} from './archive-guard.js';
import { AppError } from './errors.js';

const MB = 1024 * 1024;
const SMALL: ArchiveLimits = { maxEntries: 8, maxEntryBytes: 4096, maxTotalBytes: 8192, maxRatio: 20, ratioFloorBytes: 1024 };

async function refusal(bytes: Uint8Array, limits: ArchiveLimits = SPREADSHEET_LIMITS): Promise<{ key: string; params: object } | null> {
  try {
    await checkArchive(bytes, limits);
    return null;
  } catch (e) {
    if (e instanceof ArchiveRefused) return { key: e.key, params: e.params };
    throw e;
  }
}

describe('archive guard', () => {
  it('passes a workbook as ExcelJS writes it, listing its members', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('沙尘');
    for (let r = 0; r < 2000; r++) ws.addRow([`地点${r}`, '2024-04-12 14:00', '620702', 100.4, 38.9, 3, 800]);
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    expect(looksLikeZip(bytes)).toBe(true);
    const entries = await checkArchive(bytes, SPREADSHEET_LIMITS);
    expect(entries.map((e) => e.name)).toContain('xl/worksheets/sheet1.xml');
  });

  it('refuses by the declared sizes alone, before inflating anything', async () => {
    // The data is a few bytes; the central directory says 1 GB: refused without looking at the data.
    const liar = zipOf([{ name: 'xl/worksheets/sheet1.xml', data: '<x/>', declare: { size: 1024 * MB } }]);
    expect(() => declaredEntries(liar, SPREADSHEET_LIMITS)).toThrow(ArchiveRefused);
    expect(await refusal(liar)).toEqual({ key: 'archive.entryTooLarge', params: { entry: 'xl/worksheets/sheet1.xml', limit: 32 } });
  });

  it('refuses a member compressed beyond the ratio, and the total beyond its limit', async () => {
    const zeros = zipOf([{ name: 'zeros.bin', data: new Uint8Array(2 * MB) }]);
    expect(await refusal(zeros)).toMatchObject({ key: 'archive.ratio', params: { entry: 'zeros.bin', max: 200 } });
    // Small members are not held to the ratio.
    expect(await refusal(zipOf([{ name: 'a.xml', data: ' '.repeat(900) }]), SMALL)).toBeNull();
    const many = zipOf([1, 2, 3].map((k) => ({ name: `${k}.txt`, data: randomText(3000, k), method: 0 as const })));
    expect(await refusal(many, SMALL)).toEqual({ key: 'archive.totalTooLarge', params: { limit: 0 } });
    expect(await refusal(zipOf([{ name: 'big.txt', data: randomText(5000, 1) }]), SMALL)).toMatchObject({ key: 'archive.entryTooLarge' });
  });

  it('refuses a member that expands beyond what it declares, stopping there', async () => {
    const liar = zipOf([{ name: 'sheet.xml', data: randomText(3000, 7), declare: { size: 100 } }]);
    expect(await refusal(liar)).toEqual({ key: 'archive.sizeLies', params: { entry: 'sheet.xml', declared: 100 } });
    // Declaring more than it holds is damage too.
    expect(await refusal(zipOf([{ name: 's.xml', data: 'abc', declare: { size: 10 } }]))).toEqual({
      key: 'archive.unreadable',
      params: {},
    });
  });

  it('refuses what is no readable archive', async () => {
    const good = zipOf([{ name: 'a.txt', data: 'hello hello hello' }]);
    for (const bytes of [
      Buffer.alloc(0),
      Buffer.from('PK\x03\x04'),
      Buffer.from('lon,lat\n1,2\n'),
      good.subarray(0, good.length - 5),
      // Compressed data cut short by its declared compressed size.
      zipOf([{ name: 'a.txt', data: randomText(2000, 3), declare: { compressedSize: 10 } }]),
    ])
      expect(await refusal(bytes)).toEqual({ key: 'archive.unreadable', params: {} });
    const encrypted = Buffer.from(good);
    const central = encrypted.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    encrypted.writeUInt16LE(encrypted.readUInt16LE(central + 8) | 1, central + 8);
    expect(await refusal(encrypted)).toEqual({ key: 'archive.unreadable', params: {} });
    const tooMany = zipOf(Array.from({ length: 9 }, (_, k) => ({ name: `${k}`, data: 'x' })));
    expect(await refusal(tooMany, SMALL)).toEqual({ key: 'archive.tooManyEntries', params: { max: 8 } });
  });

  it('answers the envelope error naming the field', async () => {
    const e = await guardArchive(zipOf([{ name: 'z', data: new Uint8Array(2 * MB) }]), SPREADSHEET_LIMITS, 'file').catch((x: unknown) => x);
    expect(e).toBeInstanceOf(AppError);
    expect(e).toMatchObject({ key: 'archive.ratio', field: 'file', data: { issues: [{ field: 'file' }] } });
  });

  it('refuses an .xlsx bomb from its declared sizes, and one that lies about them while inflating, in bounded memory', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agromet-bomb-'));
    try {
      const honest = path.join(dir, 'honest.xlsx');
      await writeXlsxBomb(honest, 200 * MB);
      expect(await refusal(fs.readFileSync(honest))).toMatchObject({ key: 'archive.entryTooLarge' });
      // The same sheet declaring 1 MB: caught while streaming, one chunk past what it declared.
      const liar = path.join(dir, 'liar.xlsx');
      await writeXlsxBomb(liar, 200 * MB, { size: MB });
      const before = process.memoryUsage().rss;
      const t = performance.now();
      expect(await refusal(fs.readFileSync(liar))).toMatchObject({ key: 'archive.sizeLies', params: { declared: MB } });
      expect(performance.now() - t).toBeLessThan(2000);
      expect(process.memoryUsage().rss - before).toBeLessThan(50 * MB);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  // ---- properties ----

  const member = fc.record({
    name: fc.string({ minLength: 1, maxLength: 20 }),
    data: fc.oneof(
      fc.string({ maxLength: 3000 }),
      fc.uint8Array({ maxLength: 3000 }),
      fc.nat(6000).map((n) => new Uint8Array(n)),
    ),
    method: fc.constantFrom(0 as const, 8 as const),
    lie: fc.option(fc.nat(7000), { nil: undefined }),
  });

  it('accepts an archive exactly when every true size is within the limits and nothing lies', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(member, { maxLength: 10 }), async (list) => {
        const members: ZipMember[] = list.map((m) => ({
          name: m.name,
          data: m.data,
          method: m.method,
          declare: m.lie === undefined ? undefined : { size: m.lie },
        }));
        const bytes = zipOf(members);
        const sizes = members.map((m) => (typeof m.data === 'string' ? Buffer.byteLength(m.data) : m.data.length));
        const lies = list.some((m, k) => m.lie !== undefined && m.lie !== sizes[k]);
        const result = await refusal(bytes, SMALL);
        const total = sizes.reduce((a, b) => a + b, 0);
        const within =
          members.length <= SMALL.maxEntries &&
          total <= SMALL.maxTotalBytes &&
          members.every((m, k) => {
            const size = sizes[k]!;
            const compressed = m.method === 0 ? size : zipOf([{ ...m, declare: undefined }]).readUInt32LE(18);
            return size <= SMALL.maxEntryBytes && (size <= SMALL.ratioFloorBytes || size <= SMALL.maxRatio * Math.max(1, compressed));
          });
        if (result === null) {
          // Never accepts more than the limits, whatever was declared.
          expect(lies).toBe(false);
          expect(within).toBe(true);
        } else if (!lies) {
          expect(within).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('answers ArchiveRefused, never another error, for damaged bytes', async () => {
    const base = zipOf([
      { name: 'a.xml', data: randomText(2000, 5) },
      { name: 'b.bin', data: new Uint8Array(3000), method: 0 },
      { name: 'c.xml', data: 'x'.repeat(5000) },
    ]);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.nat(base.length - 1), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 6 }),
        fc.nat(base.length),
        async (changes, cut) => {
          const bytes = Buffer.from(base.subarray(0, Math.max(cut, base.length - 30)));
          for (const [at, value] of changes) if (at < bytes.length) bytes[at] = value;
          const result = await refusal(bytes, SPREADSHEET_LIMITS);
          if (result === null) {
            const entries = declaredEntries(bytes, SPREADSHEET_LIMITS);
            expect(entries.reduce((a, e) => a + e.size, 0)).toBeLessThanOrEqual(SPREADSHEET_LIMITS.maxTotalBytes);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});

/** Text that hardly compresses, the same for the same seed. */
function randomText(length: number, seed: number): string {
  let x = seed * 2654435761;
  let s = '';
  for (let k = 0; k < length; k++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    s += String.fromCharCode(33 + (x % 90));
  }
  return s;
}
