/** Helpers for tests that compare locale resource trees. */
export type Tree = { [key: string]: string | Tree };

export function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keysOf(v, `${prefix}${k}.`)));
}

export function lookup(tree: Tree, key: string): string {
  const at = (k: string) =>
    k.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Tree)[part] : undefined), tree);
  // A message with plural forms is read as its general (`other`) form.
  return String(at(key) ?? at(`${key}_other`));
}

/** i18next's plural suffixes (English and Spanish have `one` and `other`; Chinese has only `other`, so no suffix). */
const PLURAL = /_(one|other)$/;

/** Keys with their plural forms folded into one (`x_one` and `x_other` are `x`). */
export function messageKeysOf(tree: Tree): string[] {
  return [...new Set(keysOf(tree).map((k) => k.replace(PLURAL, '')))];
}

/**
 * A message that counts something needs its singular in English and Spanish ("1 permission", not "1 permissions"),
 * unless the number stands apart from the words: in parentheses ("Fix all (3)") or after a colon ("Types: 3").
 */
export function needsPluralForms(message: string): boolean {
  return message.includes('{{count}}') && !/\(\{\{count\}\}\)|: \{\{count\}\}$/.test(message);
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
      expect(messageKeysOf(trees[lng]!).sort()).toEqual(reference);
      for (const key of reference) expect([key, variablesOf(lookup(trees[lng]!, key))]).toEqual([key, variablesOf(lookup(trees.zh!, key))]);
    });
    it.each(['en', 'es'])('%s has a singular and a plural of every message that counts something', (lng) => {
      const keys = new Set(keysOf(trees[lng]!));
      const lacking = reference.filter(
        (k) => needsPluralForms(lookup(trees[lng]!, k)) && !(keys.has(`${k}_one`) && keys.has(`${k}_other`)),
      );
      expect(lacking).toEqual([]);
      for (const k of reference.filter((key) => keys.has(`${key}_one`))) {
        expect([k, variablesOf(lookup(trees[lng]!, `${k}_one`))]).toEqual([k, variablesOf(lookup(trees.zh!, k))]);
      }
    });
    it.each(['zh', 'en', 'es'])('%s has no empty strings', (lng) => {
      expect(reference.filter((k) => lookup(trees[lng]!, k).trim() === '')).toEqual([]);
    });
  });
}
