import type { z } from 'zod';

/** Where a stored JSON value lives: its table, the row's id (or key) and the column. */
export interface StoredJsonPlace {
  table: string;
  id: number | string;
  column: string;
}

/**
 * A stored JSON value that is not what its column holds: the text is not JSON, or the JSON has the wrong shape. The
 * message names the table, row and column (and, for a wrong shape, the first path that is off), so the operator can
 * find the row; the call fails with 500 instead of answering with a wrong value.
 */
export class StoredJsonError extends Error {
  constructor(
    readonly place: StoredJsonPlace,
    reason: string,
    options?: { cause?: unknown },
    /** The first path inside the value that is off (`a.0.b`); null when the value itself is (not JSON, or the root). */
    readonly path: string | null = null,
  ) {
    super(`stored JSON in ${place.table} row ${place.id}, column ${place.column}: ${reason}`, options);
    this.name = 'StoredJsonError';
  }

  /** The column and the path inside it that is off, as one field name (`payload.productId`, or `payload`). */
  get field(): string {
    return this.path ? `${this.place.column}.${this.path}` : this.place.column;
  }
}

/** The path of a zod error's first issue (null for the value itself). */
function firstPath(error: z.ZodError): string | null {
  const path = error.issues[0]?.path ?? [];
  return path.length ? path.map(String).join('.') : null;
}

/** The first issue of a zod error as `path: message` (`(root)` for the value itself). */
function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'does not match its shape';
  return `does not match its shape at ${firstPath(error) ?? '(root)'}: ${issue.message}`;
}

/**
 * Reads a JSON column through its schema. The schema is the column's one definition (a contract shape where the API
 * shows it, else the module's own), so the value's type comes from it, not from a cast.
 */
export function parseStoredJson<S extends z.ZodType>(schema: S, text: string, place: StoredJsonPlace): z.output<S> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new StoredJsonError(place, `not valid JSON (${(e as Error).message})`, { cause: e });
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new StoredJsonError(place, firstIssue(parsed.error), { cause: parsed.error }, firstPath(parsed.error));
  return parsed.data;
}

/** As {@link parseStoredJson} for a nullable column: null (or empty text) reads as null. */
export function parseStoredJsonOrNull<S extends z.ZodType>(
  schema: S,
  text: string | null | undefined,
  place: StoredJsonPlace,
): z.output<S> | null {
  return text === null || text === undefined || text === '' ? null : parseStoredJson(schema, text, place);
}

/**
 * A reader of one JSON column for hot paths (a factor's colour map read on every map tile): each distinct text is
 * parsed and checked once and its value kept (up to `keep` texts, then the memory starts afresh). An edited row has
 * new text, so it is read anew. The values are shared: callers must not change them.
 */
export function cachedStoredJson<S extends z.ZodType>(schema: S, keep = 256): (text: string, place: StoredJsonPlace) => z.output<S> {
  const seen = new Map<string, z.output<S>>();
  return (text, place) => {
    const hit = seen.get(text);
    if (hit !== undefined) return hit;
    const value = parseStoredJson(schema, text, place);
    if (seen.size >= keep) seen.clear();
    seen.set(text, value);
    return value;
  };
}
