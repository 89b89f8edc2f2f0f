import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeGridMeta, float32Values, GRID_META_HEADER, GridBinaryError, parseGridMeta, type GridMeta } from './grid-binary.js';

const NATIONAL: GridMeta = {
  type: 'fine-grid',
  factor: 'tmp',
  baseTime: '2026-11-22T00:00:00.000Z',
  lead: 24,
  version: 3,
  unit: '°C',
  lon0: 70,
  lat0: 60,
  dx: 0.05,
  dy: -0.05,
  nx: 1401,
  ny: 1201,
};

const finite = fc.double({ noNaN: true, noDefaultInfinity: true });
const metas = fc.record({
  type: fc.string(),
  factor: fc.string({ unit: 'grapheme' }),
  baseTime: fc.string(),
  lead: fc.nat(),
  version: fc.nat(),
  unit: fc.string({ unit: 'binary' }),
  lon0: finite,
  lat0: finite,
  dx: finite.filter((v) => v !== 0),
  dy: finite.filter((v) => v !== 0),
  nx: fc.integer({ min: 1, max: 100_000 }),
  ny: fc.integer({ min: 1, max: 100_000 }),
});

/** Equal field by field, numbers by value (so -0 reads back as 0, documented). */
function sameMeta(a: GridMeta, b: GridMeta): boolean {
  return (Object.keys(a) as (keyof GridMeta)[]).every((k) => a[k] === b[k]) && Object.keys(b).length === Object.keys(a).length;
}

describe('x-grid-meta header', () => {
  it('round-trips every geometry exactly, whatever the text in names and units', () => {
    fc.assert(
      fc.property(metas, (meta) => {
        const header = encodeGridMeta(meta);
        // Printable ASCII only: any HTTP stack carries it unchanged.
        expect(header).toMatch(/^[\x20-\x7e]*$/);
        expect(sameMeta(parseGridMeta(header), meta)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps decimal steps and origins such as 31.575 bit for bit', () => {
    const meta = { ...NATIONAL, lon0: 31.575, lat0: -0.1 + 0.2, dx: 0.1 + 0.2, dy: -1 / 3 };
    const back = parseGridMeta(encodeGridMeta(meta));
    for (const k of ['lon0', 'lat0', 'dx', 'dy'] as const) expect(Object.is(back[k], meta[k])).toBe(true);
    expect(back.unit).toBe('°C');
    expect(encodeGridMeta(meta)).toContain('"unit":"\\u00b0C"');
  });

  it('refuses a missing, malformed or incomplete header', () => {
    expect(() => parseGridMeta(null)).toThrow(GridBinaryError);
    expect(() => parseGridMeta('')).toThrow(`no ${GRID_META_HEADER} header`);
    expect(() => parseGridMeta('{"lon0":')).toThrow('not JSON');
    expect(() => parseGridMeta('[1]')).toThrow('not an object');
    const { nx: _, ...noNx } = NATIONAL;
    expect(() => parseGridMeta(JSON.stringify(noNx))).toThrow('nx is not a whole number');
    expect(() => parseGridMeta(JSON.stringify({ ...NATIONAL, dx: 0 }))).toThrow('zero cell step');
    expect(() => parseGridMeta(JSON.stringify({ ...NATIONAL, ny: 0 }))).toThrow('empty grid');
    expect(() => parseGridMeta(JSON.stringify({ ...NATIONAL, lat0: '60' }))).toThrow('lat0 is not a finite number');
    expect(() => parseGridMeta(JSON.stringify({ ...NATIONAL, unit: 1 }))).toThrow('unit is not text');
    expect(() => encodeGridMeta({ ...NATIONAL, lon0: Number.NaN })).toThrow(GridBinaryError);
  });

  it('ignores fields it does not know (later additions)', () => {
    expect(parseGridMeta(JSON.stringify({ ...NATIONAL, extra: [1, 2] }))).toEqual(NATIONAL);
  });
});

describe('float32Values', () => {
  it('views the body without a copy, NaN and the float bits as sent', () => {
    const sent = Float32Array.from([1.5, Number.NaN, -0, 3.4028234663852886e38, 1e-45, 31.575]);
    const body = sent.buffer.slice(0);
    const values = float32Values(body, { nx: 3, ny: 2 });
    expect(values.buffer).toBe(body);
    expect(new Uint8Array(values.buffer)).toEqual(new Uint8Array(sent.buffer));
    expect(Number.isNaN(values[1])).toBe(true);
  });

  it('refuses a body of the wrong length', () => {
    expect(() => float32Values(new ArrayBuffer(23), { nx: 3, ny: 2 })).toThrow('grid body has 23 bytes, 3 × 2 Float32 values need 24');
  });
});
