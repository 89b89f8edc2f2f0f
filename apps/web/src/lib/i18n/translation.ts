/**
 * The shape of an English or Spanish translation of a feature's Chinese messages: the same keys, where a message that
 * counts something comes as i18next's plural forms instead (`x_one`, `x_other`; docs/i18n.md#plurals). Keys are optional
 * here because a key may be replaced by its forms; the locale tests (test/locale-tree.ts) check that every message is there.
 */
export type Translation<T> = {
  [K in keyof T as T[K] extends string ? K | `${K & string}_one` | `${K & string}_other` : K]?: T[K] extends string
    ? string
    : Translation<T[K]>;
};
