import { describe, expect, it } from 'vitest';
import { catalogueKeys, installMessages, isMessageKey, pickLanguage, translate, type MessageTable } from './messages.js';

describe('server messages', () => {
  it('exist in zh, en and es alike', () => {
    const keys = catalogueKeys();
    expect(keys.en).toEqual(keys.zh);
    expect(keys.es).toEqual(keys.zh);
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

describe('installing a module table', () => {
  const table: MessageTable = {
    zh: { 'test.install.a': '甲 {n}', 'test.install.b': '乙' },
    en: { 'test.install.a': 'A {n}', 'test.install.b': 'B' },
    es: { 'test.install.a': 'A es {n}', 'test.install.b': 'B es' },
  };
  it('adds its keys to the lookup in each language, once', () => {
    expect(isMessageKey('test.install.a')).toBe(false);
    installMessages([table]);
    installMessages([table]);
    expect(isMessageKey('test.install.a')).toBe(true);
    const key = 'test.install.a' as Parameters<typeof translate>[1];
    expect([translate('zh', key, { n: 1 }), translate('en', key, { n: 2 }), translate('es', key, { n: 3 })]).toEqual([
      '甲 1',
      'A 2',
      'A es 3',
    ]);
  });
  it('refuses a table whose languages differ in their keys', () => {
    const lacking = {
      zh: { 'test.lacking.a': '甲', 'test.lacking.b': '乙' },
      en: { 'test.lacking.a': 'A' },
      es: { 'test.lacking.a': 'A', 'test.lacking.b': 'B' },
    };
    expect(() => installMessages([lacking as MessageTable])).toThrow('messages in en differ from zh: missing test.lacking.b');
    expect(isMessageKey('test.lacking.a')).toBe(false);
  });
  it('refuses a key core or another table already has', () => {
    const again = { zh: { notFound: '甲' }, en: { notFound: 'A' }, es: { notFound: 'A' } };
    expect(() => installMessages([again])).toThrow('message keys defined twice: notFound');
    expect(translate('en', 'notFound')).toBe('No such record');
  });
  it('answers a key no table installed with an error naming it', () => {
    expect(() => translate('en', 'test.never' as Parameters<typeof translate>[1])).toThrow('no message "test.never"');
  });
});
