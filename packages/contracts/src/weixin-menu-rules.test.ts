import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MENU_LIMITS, menuForWechat, menuIssues, utf8Bytes, type MenuButton } from './weixin-menu-rules.js';

// Generators of valid buttons within WeChat's limits, and of single breaks of one limit.
const name = (maxBytes: number) =>
  fc.string({ minLength: 1, maxLength: maxBytes }).filter((s) => s.trim() !== '' && utf8Bytes(s) <= maxBytes);
const url = fc.webUrl({ validSchemes: ['https', 'http'] }).filter((u) => utf8Bytes(u) <= MENU_LIMITS.url && !/\s/.test(u));
const leaf = (maxName: number): fc.Arbitrary<MenuButton> =>
  fc.oneof(
    fc.record({
      type: fc.constant('click' as const),
      name: name(maxName),
      key: fc.string({ minLength: 1, maxLength: 128 }).filter((k) => utf8Bytes(k) <= 128),
    }),
    fc.record({ type: fc.constant('view' as const), name: name(maxName), url }),
    fc.record({
      type: fc.constant('miniprogram' as const),
      name: name(maxName),
      url,
      appid: fc.constant('wx1234567890abcdef'),
      pagepath: fc.constant('pages/index'),
    }),
  );
const top = fc.oneof(
  leaf(MENU_LIMITS.topName),
  fc.record({ name: name(MENU_LIMITS.topName), sub_button: fc.array(leaf(MENU_LIMITS.subName), { minLength: 1, maxLength: 5 }) }),
);
const validMenu = fc.record({ button: fc.array(top, { minLength: 1, maxLength: 3 }) });

describe('menu rules', () => {
  it('counts UTF-8 bytes as the encoder does', () => {
    const encoder = new (globalThis as unknown as { TextEncoder: new () => { encode(s: string): Uint8Array } }).TextEncoder();
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        expect(utf8Bytes(s)).toBe(encoder.encode(s).length);
      }),
    );
  });

  it('accepts every menu within the limits, and keeps it through the WeChat form', () => {
    fc.assert(
      fc.property(validMenu, (menu) => {
        expect(menuIssues(menu)).toEqual([]);
        expect(menuIssues(menuForWechat(menu))).toEqual([]);
      }),
    );
  });

  it('refuses a menu broken in exactly one place, naming that place', () => {
    const breaks: Array<[string, (m: { button: MenuButton[] }) => void, string]> = [
      [
        'four top buttons',
        (m) =>
          m.button.push(
            { type: 'click', name: 'x', key: 'k' },
            { type: 'click', name: 'y', key: 'k' },
            { type: 'click', name: 'z', key: 'k' },
          ),
        'menu.tooManyTop',
      ],
      ['a 17-byte top name', (m) => (m.button[0]!.name = '天气预报服务a'), 'menu.nameTooLong'],
      ['a view without url', (m) => (m.button[0] = { type: 'view', name: '官网' }), 'menu.urlMissing'],
      ['a javascript: url', (m) => (m.button[0] = { type: 'view', name: '官网', url: 'javascript:alert(1)' }), 'menu.urlScheme'],
      [
        'six sub-buttons',
        (m) =>
          (m.button[0] = {
            name: '服务',
            sub_button: Array.from({ length: 6 }, (_, k) => ({ type: 'click' as const, name: `b${k}`, key: 'k' })),
          }),
        'menu.tooManySub',
      ],
      [
        'a url of 1025 bytes',
        (m) => (m.button[0] = { type: 'view', name: '官网', url: `https://a.cn/${'x'.repeat(1012)}` }),
        'menu.urlTooLong',
      ],
      [
        'a mini-program without pagepath',
        (m) => (m.button[0] = { type: 'miniprogram', name: '小程序', url: 'https://a.cn', appid: 'wx1' }),
        'menu.pagepathMissing',
      ],
      ['no type', (m) => (m.button[0] = { name: '空' }), 'menu.typeMissing'],
    ];
    for (const [what, breakIt, problem] of breaks) {
      const menu = { button: [{ type: 'click' as const, name: '今日天气', key: 'TODAY' } as MenuButton] };
      breakIt(menu);
      const issues = menuIssues(menu);
      expect([what, issues.map((i) => i.problem)]).toEqual([what, [problem]]);
    }
    expect(menuIssues({ button: [] })[0]!.problem).toBe('menu.noButtons');
    // 16 bytes: five Chinese characters and one Latin letter fit; six Chinese characters (18 bytes) do not.
    expect(menuIssues({ button: [{ type: 'click', name: '天气预报服a', key: 'k' }] })).toEqual([]);
  });
});
