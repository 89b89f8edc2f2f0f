import { describe, expect, it } from 'vitest';
import { catalogueKeys, pickLanguage, translate } from './messages.js';

describe('server messages', () => {
  it('exist in zh, en and es alike', () => {
    expect(catalogueKeys.en).toEqual(catalogueKeys.zh);
    expect(catalogueKeys.es).toEqual(catalogueKeys.zh);
  });
  it('pick the first supported language, zh by default', () => {
    expect(pickLanguage(undefined)).toBe('zh');
    expect(pickLanguage('fr-FR,es;q=0.8,en;q=0.5')).toBe('es');
    expect(pickLanguage('en-US')).toBe('en');
    expect(pickLanguage('de')).toBe('zh');
    expect(pickLanguage('zh-CN,zh;q=0.9')).toBe('zh');
  });
  it('fill parameters', () => {
    expect(translate('en', 'tooManyAttempts', { seconds: 30 })).toBe('Too many attempts; try again in 30 s');
  });
});
