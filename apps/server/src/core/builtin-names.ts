import { isMessageKey, translate, type Lang } from './messages.js';

// Text the server seeds or writes in Chinese, answered in the reader's language (docs/i18n.md#text-the-server-writes).
// The database keeps the Chinese text; the answer is translated by a stable key (an action, a code) at read time.

/**
 * A built-in record's text in `lang`: the catalogue's text of `key` while the stored text is still the seed's (the zh
 * text of the key); as stored when renamed, when the key is unknown (a customer's own record), or in zh.
 */
export function builtinText(lang: Lang, key: string, stored: string): string {
  if (lang === 'zh' || !isMessageKey(key)) return stored;
  return translate('zh', key) === stored ? translate(lang, key) : stored;
}

/** The operation log's description of a row: its action's text in `lang`; the stored text for an unknown action or in zh. */
export function logDescription(lang: Lang, action: string, stored: string): string {
  const key = `log.action.${action}`;
  return lang === 'zh' || !isMessageKey(key) ? stored : translate(lang, key);
}

/**
 * The actor the demo seeds (DEMO=1) name as author of what they make, a user being none of them: stored in zh like
 * the other seeded text; seeds before it wrote 'demo' (grids, risk products, zoning base factors).
 */
export const DEMO_ACTOR = '演示数据';
const LEGACY_DEMO_ACTOR = 'demo';

/** Who made or changed something, as answered: the demo seeds' actor in `lang` ("Demo data"); a user's name as stored. */
export function actorName(lang: Lang, stored: string): string {
  return stored === DEMO_ACTOR || stored === LEGACY_DEMO_ACTOR ? translate(lang, 'demo.actor') : stored;
}

export const permissionName = (lang: Lang, code: string, stored: string) => builtinText(lang, `permission.name.${code}`, stored);
export const permissionDescription = (lang: Lang, code: string, stored: string) =>
  builtinText(lang, `permission.description.${code}`, stored);
export const forecastTypeName = (lang: Lang, code: string, stored: string) => builtinText(lang, `grid.type.${code}`, stored);
export const factorName = (lang: Lang, code: string, stored: string) => builtinText(lang, `grid.factor.${code}`, stored);
/** A derived element's name (tmax24h, pre12h …: no row of the factor table holds it), or null for an unknown code. */
export function derivedFactorName(lang: Lang, code: string): string | null {
  const key = `grid.factor.${code}`;
  return isMessageKey(key) ? translate(lang, key) : null;
}

/**
 * What to store for a built-in record's text as submitted: the seed's (zh) text when the submission is the key's text in
 * any language (a form that showed the translated name and saved it unchanged), so the record stays "not renamed".
 */
export function storedBuiltinText(key: string, submitted: string): string {
  if (!isMessageKey(key)) return submitted;
  const langs: Lang[] = ['zh', 'en', 'es'];
  return langs.some((l) => translate(l, key) === submitted) ? translate('zh', key) : submitted;
}
