import { describe, expect, it } from 'vitest';
import { keysOf, lookup, variablesOf, type Tree } from '../../../test/locale-tree';
import en from './en';
import es from './es';
import zh from './zh';

const LOCALES: Record<string, Tree> = { zh, en, es };

describe('map locale resources', () => {
  const reference = keysOf(zh).sort();

  it.each(['en', 'es'])('%s has exactly the keys of zh, with the same variables', (lng) => {
    expect(keysOf(LOCALES[lng]!).sort()).toEqual(reference);
    for (const key of reference) expect([key, variablesOf(lookup(LOCALES[lng]!, key))]).toEqual([key, variablesOf(lookup(zh, key))]);
  });

  it.each(['zh', 'en', 'es'])('%s has no empty strings', (lng) => {
    expect(reference.filter((k) => lookup(LOCALES[lng]!, k).trim() === '')).toEqual([]);
  });

  it('translates every base layer title the server sends', () => {
    const titles = ['tiandituVec', 'tiandituVecLabel', 'tiandituImg', 'tiandituImgLabel', 'tiandituTer', 'tiandituTerLabel', 'amapVec', 'amapImg', 'osm', 'offline', 'offlineProvinces'];
    for (const t of titles) expect(lookup(zh, `base.${t}`)).not.toBe('undefined');
  });
});
