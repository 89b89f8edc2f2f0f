import fs from 'node:fs';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

// ZIP archives written by hand for the archive guard's tests: ordinary ones, ones whose central directory lies about
// sizes, and an .xlsx bomb written as a stream (its sheet expands to gigabytes, none of which is ever in memory).

export interface ZipMember {
  name: string;
  data: Uint8Array | string;
  /** 0 stored, 8 deflated (the default). */
  method?: 0 | 8;
  /** Sizes the central directory declares instead of the true ones. */
  declare?: { size?: number; compressedSize?: number };
}

interface Written {
  name: Buffer;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
  declare?: { size?: number; compressedSize?: number };
}

function localHeader(w: Omit<Written, 'offset'>): Buffer {
  const h = Buffer.alloc(30);
  h.writeUInt32LE(0x04034b50, 0);
  h.writeUInt16LE(20, 4);
  h.writeUInt16LE(0x0800, 6); // UTF-8 names
  h.writeUInt16LE(w.method, 8);
  h.writeUInt32LE(0x00210000, 10); // 1980-01-01 00:00
  h.writeUInt32LE(w.crc >>> 0, 14);
  h.writeUInt32LE(w.declare?.compressedSize ?? w.compressedSize, 18);
  h.writeUInt32LE(w.declare?.size ?? w.size, 22);
  h.writeUInt16LE(w.name.length, 26);
  h.writeUInt16LE(0, 28);
  return Buffer.concat([h, w.name]);
}

function centralDirectory(written: Written[], dirOffset: number): Buffer {
  const parts = written.map((w) => {
    const h = Buffer.alloc(46);
    h.writeUInt32LE(0x02014b50, 0);
    h.writeUInt16LE(20, 4);
    h.writeUInt16LE(20, 6);
    h.writeUInt16LE(0x0800, 8);
    h.writeUInt16LE(w.method, 10);
    h.writeUInt32LE(0x00210000, 12);
    h.writeUInt32LE(w.crc >>> 0, 16);
    h.writeUInt32LE(w.declare?.compressedSize ?? w.compressedSize, 20);
    h.writeUInt32LE(w.declare?.size ?? w.size, 24);
    h.writeUInt16LE(w.name.length, 28);
    h.writeUInt32LE(w.offset, 42);
    return Buffer.concat([h, w.name]);
  });
  const dir = Buffer.concat(parts);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(written.length, 8);
  end.writeUInt16LE(written.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(dirOffset, 16);
  return Buffer.concat([dir, end]);
}

/** A ZIP archive of the members, in memory. */
export function zipOf(members: ZipMember[]): Buffer {
  const chunks: Buffer[] = [];
  const written: Written[] = [];
  let offset = 0;
  for (const m of members) {
    const raw = typeof m.data === 'string' ? Buffer.from(m.data, 'utf8') : Buffer.from(m.data);
    const method = m.method ?? 8;
    const body = method === 8 ? deflateRawSync(raw) : raw;
    const w = {
      name: Buffer.from(m.name, 'utf8'),
      method,
      crc: crc32(raw),
      compressedSize: body.length,
      size: raw.length,
      declare: m.declare,
    };
    const header = localHeader(w);
    written.push({ ...w, offset });
    chunks.push(header, body);
    offset += header.length + body.length;
  }
  chunks.push(centralDirectory(written, offset));
  return Buffer.concat(chunks);
}

const XLSX_PARTS: ZipMember[] = [
  {
    name: '[Content_Types].xml',
    data:
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
  },
  {
    name: '_rels/.rels',
    data:
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  },
  {
    name: 'xl/workbook.xml',
    data:
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
      'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
  },
  {
    name: 'xl/_rels/workbook.xml.rels',
    data:
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
  },
];
const SHEET_HEAD =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_TAIL = '</sheetData></worksheet>';

/**
 * Writes an .xlsx bomb to `file` as a stream: an ordinary workbook whose sheet XML is `expandedBytes` of white space
 * between its tags (valid XML), deflated to about a thousandth of that. The sheet's sizes and CRC are the true ones
 * unless `declare` says otherwise. Answers the file's size. Memory stays at a megabyte whatever the size.
 */
export async function writeXlsxBomb(file: string, expandedBytes: number, declare?: { size?: number }): Promise<number> {
  const out = fs.openSync(file, 'w');
  let offset = 0;
  const put = (b: Buffer) => {
    fs.writeSync(out, b);
    offset += b.length;
  };
  try {
    const written: Written[] = [];
    for (const m of XLSX_PARTS) {
      const raw = Buffer.from(m.data as string, 'utf8');
      const body = deflateRawSync(raw);
      const w = { name: Buffer.from(m.name), method: 8, crc: crc32(raw), compressedSize: body.length, size: raw.length };
      written.push({ ...w, offset });
      put(localHeader(w));
      put(body);
    }
    // The sheet: deflated as a stream into a temporary file beside, then copied after its header (which needs the sizes).
    const head = Buffer.from(SHEET_HEAD);
    const tail = Buffer.from(SHEET_TAIL);
    const spaces = Buffer.alloc(1024 * 1024, 0x20);
    const deflated = `${file}.sheet`;
    const sink = fs.createWriteStream(deflated);
    const deflate = createDeflateRaw({ level: 9 });
    deflate.pipe(sink);
    const finished = new Promise<void>((resolve, reject) => {
      sink.on('finish', resolve);
      sink.on('error', reject);
      deflate.on('error', reject);
    });
    const write = (b: Buffer) => (deflate.write(b) ? Promise.resolve() : new Promise<void>((resolve) => deflate.once('drain', resolve)));
    let crc = crc32(head);
    await write(head);
    let left = expandedBytes - head.length - tail.length;
    while (left > 0) {
      const piece = left >= spaces.length ? spaces : spaces.subarray(0, left);
      crc = crc32(piece, crc);
      await write(piece);
      left -= piece.length;
    }
    crc = crc32(tail, crc);
    deflate.end(tail);
    await finished;
    const compressedSize = fs.statSync(deflated).size;
    const sheet = { name: Buffer.from('xl/worksheets/sheet1.xml'), method: 8, crc, compressedSize, size: expandedBytes, declare };
    written.push({ ...sheet, offset });
    put(localHeader(sheet));
    put(fs.readFileSync(deflated));
    fs.rmSync(deflated);
    put(centralDirectory(written, offset));
  } finally {
    fs.closeSync(out);
  }
  return fs.statSync(file).size;
}
