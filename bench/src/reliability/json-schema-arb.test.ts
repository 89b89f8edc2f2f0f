import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { codePoints, SchemaArbs, type JsonSchema } from './json-schema-arb.js';

/**
 * Schemas whose JSON Schema says all that zod checks (no trim, refinement or coercion, which JSON Schema cannot
 * express): there "valid" values must pass zod and "invalid" ones must fail it.
 */
const SCHEMAS: Record<string, z.ZodType> = {
  object: z.strictObject({
    id: z.number().int().positive(),
    name: z.string().min(1).max(12),
    kind: z.enum(['spot', 'landscape', 'route']),
    flag: z.boolean().optional(),
    ratio: z.number().min(-1).max(1),
    tags: z.array(z.string().max(5)).min(1).max(4),
  }),
  nullable: z.strictObject({ value: z.number().int().min(0).max(10).nullable(), note: z.string().max(3).nullable().optional() }),
  patterns: z.strictObject({
    code: z.string().regex(/^\d{6}$/),
    color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
    time: z.iso.datetime({ offset: true }),
    email: z.union([z.literal(''), z.email().max(64)]),
  }),
  union: z.union([
    z.strictObject({ type: z.literal('a'), n: z.number().int() }),
    z.strictObject({ type: z.literal('b'), s: z.string().min(2) }),
  ]),
  discriminated: z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('point'), lon: z.number().min(-180).max(180), lat: z.number().min(-90).max(90) }),
    z.strictObject({ kind: z.literal('box'), west: z.number(), east: z.number() }),
  ]),
  nested: z.strictObject({
    points: z
      .array(z.strictObject({ lon: z.number(), lat: z.number(), value: z.number().gt(0) }))
      .min(1)
      .max(3),
    meta: z.strictObject({ source: z.string().max(8), version: z.number().int().min(1) }),
  }),
  record: z.record(z.string().regex(/^\d+$/), z.number().int().positive()),
  bigInts: z.strictObject({ id: z.number().int().positive(), version: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER) }),
  tuple: z.tuple([z.string().max(3), z.number().int()]),
};

const arbsOf = (schema: z.ZodType) => new SchemaArbs(z.toJSONSchema(schema, { io: 'input' }) as JsonSchema);

describe('JSON Schema arbitraries', () => {
  for (const [name, schema] of Object.entries(SCHEMAS)) {
    const arbs = arbsOf(schema);

    it(`${name}: valid values pass the zod schema and the JSON Schema`, () => {
      fc.assert(
        fc.property(arbs.valid(), (value) => {
          expect(schema.safeParse(value).success, JSON.stringify(value)).toBe(true);
          expect(arbs.conforms(arbs.root, value)).toBe(true);
        }),
        { numRuns: 150, seed: 7 },
      );
    });

    it(`${name}: invalid values fail the zod schema`, () => {
      const invalid = arbs.invalid();
      expect(invalid).not.toBeNull();
      fc.assert(
        fc.property(invalid!, (value) => {
          expect(schema.safeParse(value).success, JSON.stringify(value)).toBe(false);
        }),
        { numRuns: 150, seed: 7 },
      );
    });

    it(`${name}: the minimal value passes`, () => {
      const value = arbs.minimal();
      expect(schema.safeParse(value).success, JSON.stringify(value)).toBe(true);
    });
  }

  it('measures strings in code points, as zod does', () => {
    const arbs = arbsOf(z.string().max(2));
    expect(codePoints('😀😀')).toBe(2);
    expect(arbs.conforms(arbs.root, '😀😀')).toBe(true);
    expect(arbs.conforms(arbs.root, '😀😀😀')).toBe(false);
    expect(z.string().max(2).safeParse('😀😀').success).toBe(true);
  });

  it('offers nothing invalid for a schema that takes anything', () => {
    expect(arbsOf(z.unknown()).invalid()).toBeNull();
  });

  it('mixes in wrong types, missing and extra keys, and broken fields', () => {
    const arbs = arbsOf(SCHEMAS.object!);
    const seen = new Set<string>();
    for (const v of fc.sample(arbs.invalid()!, { seed: 3, numRuns: 400 })) {
      if (typeof v !== 'object' || v === null || Array.isArray(v)) seen.add('wrong type');
      else if (!('id' in v) || !('name' in v) || !('kind' in v) || !('ratio' in v) || !('tags' in v)) seen.add('missing key');
      else if (Object.keys(v).some((k) => !['id', 'name', 'kind', 'flag', 'ratio', 'tags'].includes(k))) seen.add('extra key');
      else seen.add('broken field');
    }
    expect([...seen].sort()).toEqual(['broken field', 'extra key', 'missing key', 'wrong type']);
  });
});
