import { expect, test, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, at, baseUrl, fillLogin } from './fixtures';

/**
 * The login page is light (issue 20, item 13; the byte budget itself is `npm run size`): it loads neither the
 * component library and the console's providers nor the words of the languages it does not show. Those come when
 * they are needed: a language when chosen, the console after signing in, and both still work.
 */

/** Names of the scripts the page fetched from the console's own assets. */
function scriptsOf(page: Page): string[] {
  const names: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/assets/') && path.endsWith('.js')) names.push(path.slice('/assets/'.length));
  });
  return names;
}

const CONSOLE_CHUNK = /^ConsoleLayout-/;
const OWN_WORDS = { en: /^en-[\w-]+\.js$/, es: /^es-[\w-]+\.js$/ } as const;
// antd's English words are its defaults, inside antd itself; its Spanish ones are a chunk of their own.
const ANTD_SPANISH = /^es_ES-/;

const HEADING = { zh: '账号登录', en: 'Sign in to your account', es: 'Acceda a su cuenta' } as const;
const PER_PAGE = { zh: /条\/页/, en: /\/ page/, es: /\/ página/ } as const;

test.describe('a light login page', () => {
  test('in Chinese it fetches no component library and no other language; English comes when chosen', async ({ page }) => {
    const scripts = scriptsOf(page);
    await page.goto(at('/login'));
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(HEADING.zh);
    await expect(page.locator('#username')).toBeFocused();
    expect(scripts.filter((s) => CONSOLE_CHUNK.test(s))).toEqual([]);
    expect(scripts.filter((s) => OWN_WORDS.en.test(s) || OWN_WORDS.es.test(s))).toEqual([]);

    const english = page.waitForResponse((r) => OWN_WORDS.en.test(new URL(r.url()).pathname.split('/').pop()!));
    await page.locator('#language-en').click();
    await english;
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(HEADING.en);
    await expect(page.locator('#language-en')).toHaveAttribute('aria-pressed', 'true');
    // The toast comes from antd, fetched for it: the page still had none.
    await expect(page.getByText('Switch Language Success')).toBeVisible();
    expect(scripts.filter((s) => CONSOLE_CHUNK.test(s))).toEqual([]);
  });

  for (const [lang, size] of [
    ['es', { width: 1280, height: 720 }],
    ['en', { width: 1920, height: 1080 }],
    ['zh', { width: 1920, height: 1080 }],
  ] as const) {
    test(`a saved ${lang} opens in ${lang} from the first paint, and the console after sign-in has antd's ${lang} words (${size.width} × ${size.height})`, async ({
      page,
      context,
    }) => {
      await page.setViewportSize(size);
      await context.addCookies([{ name: 'language', value: lang, url: baseUrl() }]);
      const scripts = scriptsOf(page);
      // The first text the page shows is already in the saved language: it renders after the words are in.
      await page.goto(at('/login?redirect=%2Fsystem-admin%2Fsys-user'));
      const firstHeading = await page.getByRole('heading', { level: 2 }).textContent();
      expect(firstHeading).toBe(HEADING[lang]);
      if (lang !== 'zh') expect(scripts.some((s) => OWN_WORDS[lang].test(s))).toBe(true);
      expect(scripts.filter((s) => CONSOLE_CHUNK.test(s))).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`login-${lang}-${size.width}.png`) });

      expect((await fillLogin(page, 'admin', ADMIN_PASSWORD)).code).toBe(0);
      await expect(page).toHaveURL(/\/system-admin\/sys-user$/);
      await expect(page.locator('#user-table .ant-table-row').first()).toBeVisible();
      // antd's own words (the page size changer) follow the language too.
      await expect(page.locator('.ant-pagination-options').first()).toContainText(PER_PAGE[lang]);
      expect(scripts.some((s) => CONSOLE_CHUNK.test(s))).toBe(true);
      expect(scripts.some((s) => ANTD_SPANISH.test(s))).toBe(lang === 'es');
    });
  }

  test('the form names an empty field and shows a refusal in the page, in Spanish', async ({ page, context }) => {
    await context.addCookies([{ name: 'language', value: 'es', url: baseUrl() }]);
    await page.goto(at('/login'));
    await page.locator('#login-submit').click();
    await expect(page.locator('#username-issue')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('login-empty-es.png') });
    await expect(page.locator('#username')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#username')).toBeFocused();
    expect((await fillLogin(page, 'demo-products', 'not-the-password')).code).toBe(4101);
    await expect(page.locator('#login-error')).toBeVisible();
    await expect(page.locator('#username-issue')).toHaveCount(0);
    await expect(page).toHaveURL(/\/login/);
    await page.screenshot({ path: test.info().outputPath('login-refused-es.png') });
  });
});
