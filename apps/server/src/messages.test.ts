import { create, type Font } from 'fontkit';
import { describe, expect, it } from 'vitest';
import { fontBytes, productFonts } from './core/cartography/fonts.js';
import { MAP_WORDS } from './core/cartography/words.js';
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

  it('are all written in the map font: no character lacks a glyph (a map would show an empty box)', () => {
    const fonts = (['regular', 'bold'] as const).map((w) => create(fontBytes(productFonts()[w])) as Font);
    const missing = new Set<string>();
    const texts = [JSON.stringify(MAP_WORDS), ...messageList.flatMap((t) => [t.zh, t.en, t.es].flatMap((m) => Object.values(m)))];
    for (const text of texts)
      for (const c of text) if (c.trim() && fonts.some((f) => !f.hasGlyphForCodePoint(c.codePointAt(0)!))) missing.add(c);
    expect([...missing]).toEqual([]);
  });
});
