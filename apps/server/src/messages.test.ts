import { describe, expect, it } from 'vitest';
import { catalogueKeys, isMessageKey, translate } from './core/messages.js';
import { installModuleMessages, messageList } from './messages.js';

describe("the modules' messages", () => {
  it('each hold the same keys in zh, en and es, none empty', () => {
    for (const table of messageList) {
      const keys = Object.keys(table.zh);
      expect(keys.length).toBeGreaterThan(0);
      expect(Object.keys(table.en).sort()).toEqual([...keys].sort());
      expect(Object.keys(table.es).sort()).toEqual([...keys].sort());
      for (const lang of ['zh', 'en', 'es'] as const) for (const key of keys) expect(table[lang][key], `${lang} ${key}`).not.toBe('');
    }
  });
  it("are installed beside core's, every key once and in the three languages", () => {
    installModuleMessages();
    const keys = catalogueKeys();
    const moduleKeys = messageList.flatMap((table) => Object.keys(table.zh));
    expect(new Set(moduleKeys).size).toBe(moduleKeys.length);
    for (const key of moduleKeys) expect(keys.zh).toContain(key);
    expect([...keys.en].sort()).toEqual([...keys.zh].sort());
    expect([...keys.es].sort()).toEqual([...keys.zh].sort());
    expect(isMessageKey('risk.noRisk')).toBe(true);
    expect(translate('es', 'article.state.draft')).toBe('borrador');
  });
});
