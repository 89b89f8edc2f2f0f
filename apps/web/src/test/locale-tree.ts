/** Helpers for tests that compare locale resource trees. */
export type Tree = { [key: string]: string | Tree };

export function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keysOf(v, `${prefix}${k}.`)));
}

export function lookup(tree: Tree, key: string): string {
  return String(
    key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Tree)[part] : undefined), tree),
  );
}

/** Interpolation variables of a message, sorted. */
export function variablesOf(message: string): string[] {
  return (message.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort();
}

/**
 * The checks every locale bundle gets: en and es have exactly the keys of zh with the same
 * interpolation variables, and no message is empty.
 */
export async function describeLocaleBundle(name: string, locales: { zh: object; en: object; es: object }): Promise<void> {
  const { describe, expect, it } = await import('vitest');
  const trees = locales as unknown as Record<string, Tree>;
  const reference = keysOf(trees.zh!).sort();
  describe(`${name} locale resources`, () => {
    it.each(['en', 'es'])('%s has exactly the keys of zh, with the same variables', (lng) => {
      expect(keysOf(trees[lng]!).sort()).toEqual(reference);
      for (const key of reference) expect([key, variablesOf(lookup(trees[lng]!, key))]).toEqual([key, variablesOf(lookup(trees.zh!, key))]);
    });
    it.each(['zh', 'en', 'es'])('%s has no empty strings', (lng) => {
      expect(reference.filter((k) => lookup(trees[lng]!, k).trim() === '')).toEqual([]);
    });
  });
}
