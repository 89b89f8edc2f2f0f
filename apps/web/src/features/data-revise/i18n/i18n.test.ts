import { describe, expect, it } from 'vitest';
import i18n from '../../../lib/i18n';
import { keysOf, lookup, variablesOf, type Tree } from '../../../test/locale-tree';
import en from './en';
import es from './es';
import { NS } from './index';
import zh from './zh';

const LOCALES: Record<string, Tree> = { zh, en, es };

describe('data-revise locale resources', () => {
  const reference = keysOf(zh).sort();

  it.each(['en', 'es'])('%s has exactly the keys of zh', (lng) => {
    expect(keysOf(LOCALES[lng]!).sort()).toEqual(reference);
  });

  it.each(['zh', 'en', 'es'])('%s has no empty strings', (lng) => {
    expect(reference.filter((k) => lookup(LOCALES[lng]!, k).trim() === '')).toEqual([]);
  });

  it.each(['en', 'es'])('%s uses the same interpolation variables as zh', (lng) => {
    for (const key of reference) expect([key, variablesOf(lookup(LOCALES[lng]!, key))]).toEqual([key, variablesOf(lookup(zh, key))]);
  });

  it('is registered under its namespace in every language', () => {
    for (const lng of ['zh', 'en', 'es']) expect(i18n.hasResourceBundle(lng, NS)).toBe(true);
    expect(i18n.getFixedT('en', NS)('record.kinds.polygon')).toBe('Area revision');
    expect(i18n.getFixedT('zh', NS)('station.fields.stationNumber')).toBe('站号');
  });
});
