// fast-check arbitraries over JSON Schema (the subset zod 4's z.toJSONSchema writes): values that conform ("valid"),
// values that break the schema somewhere while staying close to it ("invalid"), a minimal conforming value, and a
// small conformance check used to keep the two modes honest.
import fc from 'fast-check';

export type JsonSchema = boolean | JsonSchemaObject;
export interface JsonSchemaObject {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  definitions?: Record<string, JsonSchema>;
  [key: string]: unknown;
}

/** Deeper than this a `$ref` cycle stops and takes its minimal value. */
const MAX_DEPTH = 8;
/** Generated strings stay this short unless the schema asks for more (a long maxLength is still reached sometimes). */
const TYPICAL_STRING = 40;
/** Arrays get at most this many items beyond their minimum. */
const EXTRA_ITEMS = 6;
const INT32 = 2 ** 31 - 1;
/** What "a huge string" means: over every field limit of the API, under its 1 MB body limit. */
export const HUGE_STRING_LENGTH = 70_000;

type Kind = 'null' | 'boolean' | 'integer' | 'number' | 'string' | 'array' | 'object';
const KINDS: Kind[] = ['null', 'boolean', 'integer', 'number', 'string', 'array', 'object'];

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function kindOf(value: unknown): Kind | 'other' {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'string') return 'string';
  if (Array.isArray(value)) return 'array';
  if (isObj(value)) return 'object';
  return 'other';
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a as object);
  const kb = Object.keys(b as object);
  return ka.length === kb.length && ka.every((k) => deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

const regexCache = new Map<string, RegExp>();
function regex(pattern: string): RegExp {
  let re = regexCache.get(pattern);
  if (!re) {
    // zod writes the source of the JavaScript regex it tests with, without flags.
    re = new RegExp(pattern);
    regexCache.set(pattern, re);
  }
  return re;
}

/** The schemas of one document: `$ref`s resolve against its root. */
export class SchemaArbs {
  private readonly validCache = new Map<JsonSchema, fc.Arbitrary<unknown>>();
  private readonly invalidCache = new Map<JsonSchema, fc.Arbitrary<unknown> | null>();

  constructor(readonly root: JsonSchema) {}

  resolve(schema: JsonSchema): JsonSchema {
    let s = schema;
    for (let i = 0; i < 20 && typeof s === 'object' && typeof s.$ref === 'string'; i++) {
      const ref = s.$ref;
      if (ref === '#') s = this.root;
      else {
        const m = /^#\/(\$defs|definitions)\/(.+)$/.exec(ref);
        const defs = typeof this.root === 'object' ? (this.root[m?.[1] ?? ''] as Record<string, JsonSchema> | undefined) : undefined;
        const target = m && defs ? defs[decodeURIComponent(m[2]!)] : undefined;
        if (target === undefined) throw new Error(`unresolvable $ref ${ref}`);
        s = target;
      }
    }
    return s;
  }

  /** The JSON types a schema allows (every type for `{}`), looking through anyOf/oneOf. */
  kinds(schema: JsonSchema): Set<Kind> {
    const s = this.resolve(schema);
    if (s === true) return new Set(KINDS);
    if (s === false) return new Set();
    if (s.const !== undefined) return new Set([kindOf(s.const)].filter((k): k is Kind => k !== 'other'));
    if (s.enum) return new Set(s.enum.map(kindOf).filter((k): k is Kind => k !== 'other'));
    const branches = s.anyOf ?? s.oneOf;
    if (branches) return new Set(branches.flatMap((b) => [...this.kinds(b)]));
    if (s.allOf) {
      const sets = s.allOf.map((b) => this.kinds(b));
      return new Set(KINDS.filter((k) => sets.every((set) => set.has(k))));
    }
    const types = s.type === undefined ? undefined : Array.isArray(s.type) ? s.type : [s.type];
    if (!types) {
      if (s.properties || s.additionalProperties !== undefined || s.required) return new Set(['object']);
      if (s.items || s.prefixItems) return new Set(['array']);
      return new Set(KINDS);
    }
    const out = new Set<Kind>(types.filter((t): t is Kind => (KINDS as string[]).includes(t)));
    // An integer is a number too.
    if (out.has('number')) out.add('integer');
    return out;
  }

  /** Whether `value` conforms to `schema` (the subset of JSON Schema this module generates from). */
  conforms(schema: JsonSchema, value: unknown, depth = 0): boolean {
    if (depth > 64) return true;
    const s = this.resolve(schema);
    if (s === true) return true;
    if (s === false) return false;
    if (value === undefined) return false;
    if (s.const !== undefined && !deepEqual(s.const, value)) return false;
    if (s.enum && !s.enum.some((e) => deepEqual(e, value))) return false;
    if (s.anyOf && !s.anyOf.some((b) => this.conforms(b, value, depth + 1))) return false;
    // zod's discriminated unions: any branch (zod does not insist on exactly one).
    if (s.oneOf && !s.oneOf.some((b) => this.conforms(b, value, depth + 1))) return false;
    if (s.allOf && !s.allOf.every((b) => this.conforms(b, value, depth + 1))) return false;
    if (s.type !== undefined) {
      const types = Array.isArray(s.type) ? s.type : [s.type];
      const k = kindOf(value);
      const ok = types.some((t) => t === k || (t === 'number' && k === 'integer'));
      if (!ok) return false;
    }
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) return false;
      if (s.minimum !== undefined && value < s.minimum) return false;
      if (s.maximum !== undefined && value > s.maximum) return false;
      if (s.exclusiveMinimum !== undefined && value <= s.exclusiveMinimum) return false;
      if (s.exclusiveMaximum !== undefined && value >= s.exclusiveMaximum) return false;
      if (s.multipleOf !== undefined && Math.abs(value / s.multipleOf - Math.round(value / s.multipleOf)) > 1e-9) return false;
    }
    if (typeof value === 'string') {
      const length = codePoints(value);
      if (s.minLength !== undefined && length < s.minLength) return false;
      if (s.maxLength !== undefined && length > s.maxLength) return false;
      if (s.pattern !== undefined && !regex(s.pattern).test(value)) return false;
      if (s.format === 'date-time' && s.pattern === undefined && Number.isNaN(Date.parse(value))) return false;
    }
    if (Array.isArray(value)) {
      if (s.minItems !== undefined && value.length < s.minItems) return false;
      if (s.maxItems !== undefined && value.length > s.maxItems) return false;
      const prefix = s.prefixItems ?? [];
      for (let i = 0; i < value.length; i++) {
        const itemSchema = i < prefix.length ? prefix[i] : s.items;
        if (itemSchema !== undefined && !this.conforms(itemSchema, value[i], depth + 1)) return false;
      }
    }
    if (isObj(value)) {
      for (const key of s.required ?? []) if (!(key in value)) return false;
      const props = s.properties ?? {};
      for (const [key, v] of Object.entries(value)) {
        if (key in props) {
          if (!this.conforms(props[key]!, v, depth + 1)) return false;
        } else {
          if (s.additionalProperties === false) return false;
          if (s.additionalProperties !== undefined && !this.conforms(s.additionalProperties, v, depth + 1)) return false;
          if (s.propertyNames !== undefined && !this.conforms(s.propertyNames, key, depth + 1)) return false;
        }
      }
    }
    return true;
  }

  // ---- valid values ------------------------------------------------------------------------------

  valid(schema: JsonSchema = this.root, depth = 0): fc.Arbitrary<unknown> {
    const cached = this.validCache.get(schema);
    if (cached) return cached;
    const arb = depth > MAX_DEPTH ? fc.constant(this.minimal(schema)) : this.buildValid(schema, depth);
    if (depth <= MAX_DEPTH) this.validCache.set(schema, arb);
    return arb;
  }

  private buildValid(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
    const s = this.resolve(schema);
    if (s === true) return smallJson();
    if (s === false) return fc.constant(undefined);
    if (s.const !== undefined) return fc.constant(s.const);
    if (s.enum) return fc.constantFrom(...s.enum);
    const branches = s.anyOf ?? s.oneOf;
    if (branches) {
      const arbs = branches.map((b) => this.valid(b, depth + 1));
      // A branch may be looser than the union's own keywords beside it: keep what fits the whole node.
      const rest = { ...s, anyOf: undefined, oneOf: undefined };
      const hasRest = Object.entries(rest).some(([k, v]) => v !== undefined && k !== 'description' && k !== 'default' && k !== '$schema');
      const union = fc.oneof(...arbs);
      return hasRest ? union.filter((v) => this.conforms(s, v)) : union;
    }
    if (s.allOf && s.allOf.length > 0) {
      return this.valid(s.allOf[0]!, depth + 1).filter((v) => this.conforms(s, v));
    }
    const kinds = [...this.kinds(s)];
    if (kinds.length === 0) return fc.constant(undefined);
    // 'integer' alongside 'number' is the same choice twice.
    const choices = kinds.filter((k) => !(k === 'integer' && kinds.includes('number')));
    if (choices.length > 1 && s.type === undefined) return smallJson().filter((v) => this.conforms(s, v));
    return fc.oneof(...choices.map((k) => this.validOfKind(s, k, depth)));
  }

  private validOfKind(s: JsonSchemaObject, kind: Kind, depth: number): fc.Arbitrary<unknown> {
    switch (kind) {
      case 'null':
        return fc.constant(null);
      case 'boolean':
        return fc.boolean();
      case 'integer':
        return integerIn(s);
      case 'number':
        return fc.oneof({ weight: 1, arbitrary: integerIn(s) }, { weight: 2, arbitrary: doubleIn(s) });
      case 'string':
        return this.validString(s);
      case 'array':
        return this.validArray(s, depth);
      case 'object':
        return this.validObject(s, depth);
    }
  }

  private validString(s: JsonSchemaObject): fc.Arbitrary<string> {
    const min = s.minLength ?? 0;
    const max = s.maxLength ?? Math.max(min, 200);
    const fits = (v: string) => this.conforms(s, v);
    if (s.format === 'date-time') return dateTime().filter(fits);
    if (s.pattern !== undefined) {
      const matching = fc.stringMatching(regex(s.pattern), { size: 'small' }).filter(fits);
      return matching;
    }
    return text(min, max).filter(fits);
  }

  private validArray(s: JsonSchemaObject, depth: number): fc.Arbitrary<unknown[]> {
    const min = s.minItems ?? 0;
    const max = Math.min(s.maxItems ?? min + EXTRA_ITEMS, min + EXTRA_ITEMS);
    const prefix = (s.prefixItems ?? []).map((p) => this.valid(p, depth + 1));
    const item = s.items === undefined ? smallJson() : this.valid(s.items, depth + 1);
    if (prefix.length === 0) return fc.array(item, { minLength: min, maxLength: max });
    return fc
      .tuple(
        fc.tuple(...prefix),
        fc.array(item, { minLength: Math.max(0, min - prefix.length), maxLength: Math.max(0, max - prefix.length) }),
      )
      .map(([head, tail]) => [...head, ...tail]);
  }

  private validObject(s: JsonSchemaObject, depth: number): fc.Arbitrary<Record<string, unknown>> {
    const props = s.properties ?? {};
    const keys = Object.keys(props);
    const required = (s.required ?? []).filter((k) => k in props);
    // Required keys without a schema of their own take the additional-properties schema, or anything.
    const loose = (s.required ?? []).filter((k) => !(k in props));
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    for (const k of keys) model[k] = this.valid(props[k]!, depth + 1);
    const extraSchema = typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined;
    for (const k of loose) model[k] = extraSchema ? this.valid(extraSchema, depth + 1) : smallJson();
    const record = fc.record(model, { requiredKeys: [...required, ...loose] }) as fc.Arbitrary<Record<string, unknown>>;
    if (keys.length === 0 && extraSchema) {
      const keyArb =
        s.propertyNames !== undefined ? (this.valid(s.propertyNames, depth + 1) as fc.Arbitrary<string>) : fc.string({ maxLength: 12 });
      return fc.tuple(record, fc.dictionary(keyArb, this.valid(extraSchema, depth + 1), { maxKeys: 4 })).map(([r, d]) => ({ ...d, ...r }));
    }
    return record;
  }

  // ---- invalid values ----------------------------------------------------------------------------

  /**
   * Values that do not conform to `schema`, close to conforming ones: one wrong field, a missing or an extra key, a
   * wrong type, a bound overstepped, a huge string. Null when nothing breaks the schema (`{}`).
   */
  invalid(schema: JsonSchema = this.root, depth = 0): fc.Arbitrary<unknown> | null {
    if (this.invalidCache.has(schema)) return this.invalidCache.get(schema)!;
    const arb = this.buildInvalid(schema, depth);
    this.invalidCache.set(schema, arb);
    return arb;
  }

  private buildInvalid(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> | null {
    const s = this.resolve(schema);
    if (s === true || depth > MAX_DEPTH) return null;
    if (s === false) return smallJson();
    const options: Array<{ weight: number; arbitrary: fc.Arbitrary<unknown> }> = [];
    const allowed = this.kinds(s);
    const wrongTypes = wrongTypeValues(allowed);
    if (wrongTypes.length > 0) options.push({ weight: 2, arbitrary: fc.constantFrom(...wrongTypes) });
    const branches = s.anyOf ?? s.oneOf;
    if (s.enum || s.const !== undefined) {
      options.push({ weight: 3, arbitrary: fc.oneof(text(0, 20), fc.integer(), fc.constant('')) });
    } else if (branches) {
      for (const b of branches) {
        const bad = this.invalid(b, depth + 1);
        if (bad) options.push({ weight: 1, arbitrary: bad });
      }
    } else if (s.allOf) {
      for (const b of s.allOf) {
        const bad = this.invalid(b, depth + 1);
        if (bad) options.push({ weight: 1, arbitrary: bad });
      }
    } else {
      if (allowed.has('string')) options.push(...this.invalidString(s));
      if (allowed.has('integer') || allowed.has('number')) options.push(...invalidNumber(s, !allowed.has('number')));
      if (allowed.has('array')) options.push(...this.invalidArray(s, depth));
      if (allowed.has('object')) options.push(...this.invalidObject(s, depth));
    }
    if (options.length === 0) return null;
    // Keep only what really breaks the schema (a mutation may land inside the allowed set by chance).
    return fc.oneof(...options).filter((v) => v !== undefined && !this.conforms(s, v));
  }

  private invalidString(s: JsonSchemaObject) {
    const out: Array<{ weight: number; arbitrary: fc.Arbitrary<unknown> }> = [];
    const min = s.minLength ?? 0;
    const max = s.maxLength;
    if (max !== undefined) {
      out.push({ weight: 2, arbitrary: fc.integer({ min: max + 1, max: max + 40 }).map((n) => 'x'.repeat(n)) });
      out.push({ weight: 1, arbitrary: fc.constant('字'.repeat(Math.min(HUGE_STRING_LENGTH, max * 4 + 100))) });
    }
    if (min > 0) out.push({ weight: 2, arbitrary: fc.integer({ min: 0, max: min - 1 }).map((n) => 'a'.repeat(n)) });
    if (s.pattern !== undefined || s.format !== undefined) {
      out.push({
        weight: 3,
        arbitrary: fc.oneof(oddText(), fc.constantFrom('', ' ', 'not-a-date', '2026-13-45T25:61:00Z', '../x', '%00')),
      });
    }
    // Text that only trims to nothing: a minLength after trim().
    if (min > 0) out.push({ weight: 1, arbitrary: fc.constantFrom(' ', '\t\n', '\u3000') });
    return out;
  }

  private invalidArray(s: JsonSchemaObject, depth: number) {
    const out: Array<{ weight: number; arbitrary: fc.Arbitrary<unknown> }> = [];
    const item = s.items === undefined ? smallJson() : this.valid(s.items, depth + 1);
    if (s.maxItems !== undefined) {
      const max = s.maxItems;
      out.push({ weight: 1, arbitrary: fc.array(item, { minLength: max + 1, maxLength: max + 3 }) });
    }
    if ((s.minItems ?? 0) > 0) out.push({ weight: 2, arbitrary: fc.array(item, { maxLength: s.minItems! - 1 }) });
    const badItem = s.items === undefined ? null : this.invalid(s.items, depth + 1);
    if (badItem) {
      out.push({
        weight: 3,
        arbitrary: fc.tuple(this.validArray(s, depth), badItem, fc.nat()).map(([arr, bad, at]) => {
          const copy = [...arr];
          if (copy.length === 0) return [bad];
          copy[at % copy.length] = bad;
          return copy;
        }),
      });
    }
    return out;
  }

  private invalidObject(s: JsonSchemaObject, depth: number) {
    const out: Array<{ weight: number; arbitrary: fc.Arbitrary<unknown> }> = [];
    const base = this.validObject(s, depth);
    const props = s.properties ?? {};
    const required = s.required ?? [];
    if (required.length > 0) {
      out.push({
        weight: 2,
        arbitrary: fc.tuple(base, fc.constantFrom(...required)).map(([o, k]) => {
          const copy = { ...o };
          delete copy[k];
          return copy;
        }),
      });
    }
    if (s.additionalProperties === false) {
      out.push({
        weight: 2,
        arbitrary: fc
          .tuple(base, fc.constantFrom('extra', '__proto__', 'constructor', 'isAdmin', 'customer_id', 'id2'), smallJson())
          .map(([o, k, v]) => {
            const copy = { ...o };
            Object.defineProperty(copy, k, { value: v, enumerable: true, configurable: true, writable: true });
            return copy;
          }),
      });
    }
    const breakable = Object.keys(props).filter((k) => this.invalid(props[k]!, depth + 1) !== null);
    if (breakable.length > 0) {
      out.push({
        weight: 5,
        arbitrary: fc
          .constantFrom(...breakable)
          .chain((k) => fc.tuple(base, this.invalid(props[k]!, depth + 1)!).map(([o, bad]) => ({ ...o, [k]: bad }))),
      });
    }
    return out;
  }

  // ---- a minimal value -----------------------------------------------------------------------------

  /** A small conforming value: required keys only, the lowest bounds, the first enum member, non-null branches first. */
  minimal(schema: JsonSchema = this.root, depth = 0): unknown {
    const s = this.resolve(schema);
    if (s === true || s === false) return null;
    if (s.const !== undefined) return s.const;
    if (s.enum) return s.enum[0];
    const branches = s.anyOf ?? s.oneOf;
    if (branches) {
      const ordered = [...branches].sort((a, b) => Number(this.kinds(a).has('null')) - Number(this.kinds(b).has('null')));
      for (const b of ordered) {
        const v = this.minimal(b, depth + 1);
        if (this.conforms(s, v)) return v;
      }
      return this.minimal(ordered[0]!, depth + 1);
    }
    if (s.allOf && s.allOf.length > 0) return this.minimal(s.allOf[0]!, depth + 1);
    const kinds = this.kinds(s);
    if (kinds.has('object')) {
      const out: Record<string, unknown> = {};
      if (depth > MAX_DEPTH) return out;
      for (const k of s.required ?? []) {
        const p = s.properties?.[k] ?? (typeof s.additionalProperties === 'object' ? s.additionalProperties : true);
        out[k] = this.minimal(p, depth + 1);
      }
      return out;
    }
    if (kinds.has('array')) {
      if (depth > MAX_DEPTH) return [];
      const n = s.minItems ?? 0;
      const prefix = s.prefixItems ?? [];
      return Array.from({ length: Math.max(n, 0) }, (_, i) => this.minimal(prefix[i] ?? s.items ?? true, depth + 1));
    }
    if (kinds.has('string')) return minimalString(s);
    if (kinds.has('integer') || kinds.has('number')) return minimalNumber(s, !kinds.has('number'));
    if (kinds.has('boolean')) return false;
    return null;
  }
}

// ---- leaves ------------------------------------------------------------------------------------------

/** Mostly plain ASCII words, with CJK, accents, emoji, zero-width and right-to-left characters among them. */
const TEXT_UNIT = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789') },
  { weight: 2, arbitrary: fc.constantFrom(' ', '-', '_', '.', '/', ':', ',', "'", '"', '<', '>', '&', '%', '\\') },
  {
    weight: 2,
    arbitrary: fc.constantFrom('气', '象', '站', '陕', '西', 'é', 'ß', 'ñ', 'Ω', 'ш', 'ا', 'ע', '😀', '🌧️', '\u200b', '\u202e', 'ｱ'),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
);

/** The length of a string as JSON Schema and zod count it: in code points. */
export function codePoints(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** Text of `min`..`max` code points, without leading or trailing white space (zod trims many fields). */
export function text(min: number, max: number): fc.Arbitrary<string> {
  const typicalMax = Math.max(min, Math.min(max, TYPICAL_STRING));
  const length = fc.oneof(
    { weight: 8, arbitrary: fc.integer({ min, max: typicalMax }) },
    { weight: 1, arbitrary: fc.constant(max > 10_000 ? typicalMax : max) },
  );
  return length.chain((n) =>
    fc.array(TEXT_UNIT, { minLength: n, maxLength: n }).map((units) => {
      // A unit may be several code points (an emoji with its variation selector): cut to n, pad with letters.
      const points = Array.from(units.join('')).slice(0, n);
      while (points.length < min) points.push('a');
      return points
        .join('')
        .replace(/^\s+/, (m) => 'x'.repeat(m.length))
        .replace(/\s+$/, (m) => 'y'.repeat(m.length));
    }),
  );
}

/** Strings no schema rule expects: control characters, lone surrogates, right-to-left overrides, NUL, huge ones. */
export function oddText(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string({ unit: 'binary', maxLength: 30 }),
    fc.constantFrom('\u0000', '\ud800', '\udfff', '\u202eevil', '\ufeff', 'a\u0000b', '<script>alert(1)</script>', "' OR 1=1 --", '${7*7}'),
    fc.constantFrom('NaN', 'Infinity', '-0', '1e309', '0x1f', '１２３', '١٢٣', 'null', 'undefined', '[]', '{}', 'true'),
    fc.constant('x'.repeat(HUGE_STRING_LENGTH)),
  );
}

/** ISO instants near the present (where the data is) and across centuries, in UTC or with an offset. */
export function dateTime(): fc.Arbitrary<string> {
  const now = Date.now();
  const day = 86_400_000;
  const instant = fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: -30, max: 30 }).map((d) => Math.floor((now + d * day) / 3_600_000) * 3_600_000) },
    { weight: 1, arbitrary: fc.integer({ min: Date.UTC(1970, 0, 1) / 1000, max: Date.UTC(2199, 11, 31) / 1000 }).map((s) => s * 1000) },
  );
  return fc.tuple(instant, fc.constantFrom('Z', 'ms', '+08:00', '-05:30', '+00:00')).map(([t, zone]) => {
    const iso = new Date(t).toISOString();
    if (zone === 'ms') return iso;
    if (zone === 'Z') return iso.replace(/\.\d+Z$/, 'Z');
    const sign = zone.startsWith('-') ? -1 : 1;
    const [h, m] = zone.slice(1).split(':').map(Number);
    const local = new Date(t + sign * (h! * 60 + m!) * 60_000).toISOString().slice(0, 19);
    return `${local}${zone}`;
  });
}

function bounds(s: JsonSchemaObject, integer: boolean): { min: number; max: number } {
  let min = s.minimum ?? -1e9;
  let max = s.maximum ?? 1e9;
  if (s.exclusiveMinimum !== undefined) min = Math.max(min, integer ? Math.floor(s.exclusiveMinimum) + 1 : s.exclusiveMinimum);
  if (s.exclusiveMaximum !== undefined) max = Math.min(max, integer ? Math.ceil(s.exclusiveMaximum) - 1 : s.exclusiveMaximum);
  if (integer) {
    min = Math.ceil(min);
    max = Math.floor(max);
  }
  return { min, max };
}

function integerIn(s: JsonSchemaObject): fc.Arbitrary<number> {
  const { min, max } = bounds(s, true);
  if (min > max) return fc.constant(min);
  if (min >= -INT32 && max <= INT32) return fc.integer({ min, max });
  const lo = Math.max(min, Number.MIN_SAFE_INTEGER);
  const hi = Math.min(max, Number.MAX_SAFE_INTEGER);
  return fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: Math.max(lo, -INT32), max: Math.min(hi, INT32) }) },
    { weight: 1, arbitrary: fc.bigInt({ min: BigInt(lo), max: BigInt(hi) }).map(Number) },
  );
}

function doubleIn(s: JsonSchemaObject): fc.Arbitrary<number> {
  const min = s.exclusiveMinimum ?? s.minimum ?? -1e9;
  const max = s.exclusiveMaximum ?? s.maximum ?? 1e9;
  return fc
    .double({
      min,
      max,
      minExcluded: s.exclusiveMinimum !== undefined,
      maxExcluded: s.exclusiveMaximum !== undefined,
      noNaN: true,
      noDefaultInfinity: true,
    })
    .map((v) => (Object.is(v, -0) ? 0 : v))
    .filter((v) => (s.multipleOf === undefined ? true : Math.abs(v / s.multipleOf - Math.round(v / s.multipleOf)) < 1e-9));
}

function invalidNumber(s: JsonSchemaObject, integer: boolean) {
  const out: Array<{ weight: number; arbitrary: fc.Arbitrary<unknown> }> = [];
  const { min, max } = bounds(s, integer);
  if (s.minimum !== undefined || s.exclusiveMinimum !== undefined) {
    out.push({ weight: 2, arbitrary: fc.constantFrom(min - 1, min - 1000, -1, 0, -1e308).filter((v) => v < min) });
  }
  if (s.maximum !== undefined || s.exclusiveMaximum !== undefined) {
    out.push({ weight: 2, arbitrary: fc.constantFrom(max + 1, max * 10 + 10, 1e308, 2 ** 53 + 2).filter((v) => v > max) });
  }
  if (integer) out.push({ weight: 2, arbitrary: fc.constantFrom(0.5, 1.5, -0.25, 1e-7, Math.max(min, 0) + 0.5) });
  return out;
}

/** Values of a JSON type the node does not allow. */
function wrongTypeValues(allowed: Set<Kind>): unknown[] {
  const byKind: Record<Kind, unknown[]> = {
    null: [null],
    boolean: [true, false],
    integer: [0, -1, 99_999_999],
    number: [0.5, -1e308],
    string: ['', 'abc', '1', 'true', '../x'],
    array: [[], [1, 'a'], [null]],
    object: [{}, { a: 1 }],
  };
  return KINDS.filter((k) => !allowed.has(k) && !(k === 'integer' && allowed.has('number'))).flatMap((k) => byKind[k]);
}

function smallJson(): fc.Arbitrary<unknown> {
  return fc.jsonValue({ maxDepth: 2 }).map((v) => (Object.is(v, -0) ? 0 : v));
}

function minimalString(s: JsonSchemaObject): string {
  const min = s.minLength ?? 0;
  if (s.format === 'date-time') return new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000).toISOString();
  if (s.pattern !== undefined) {
    const re = regex(s.pattern);
    for (const candidate of ['', 'a', 'a'.repeat(min), '1', '1'.repeat(Math.max(min, 1)), '000000', '/api/files/a.png']) {
      if (codePoints(candidate) >= min && (s.maxLength === undefined || codePoints(candidate) <= s.maxLength) && re.test(candidate))
        return candidate;
    }
    const [sampled] = fc.sample(
      fc
        .stringMatching(re, { size: 'xsmall' })
        .filter((v) => codePoints(v) >= min && (s.maxLength === undefined || codePoints(v) <= s.maxLength)),
      { seed: 1, numRuns: 1 },
    );
    return sampled ?? '';
  }
  return 'a'.repeat(Math.max(min, 1)).slice(0, s.maxLength ?? Infinity);
}

function minimalNumber(s: JsonSchemaObject, integer: boolean): number {
  const { min, max } = bounds(s, integer);
  const one = Math.min(Math.max(1, min), max);
  return integer ? Math.round(one) : one;
}
