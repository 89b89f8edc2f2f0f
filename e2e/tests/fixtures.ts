import zlib from 'node:zlib';
import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';

export const ADMIN_PASSWORD = 'E2e-Admin-Pass-1';

export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run through the Playwright config (global setup starts the server)');
  return url;
}

export const at = (path: string) => `${baseUrl()}${path}`;

/** Fills and submits the login form, and waits for the server's answer. */
export async function fillLogin(page: Page, username: string, password: string) {
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(password);
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/login/login'));
  await page.locator('#login-submit').click();
  return (await answer).json() as Promise<{ code: number; msg: string }>;
}

/**
 * Signs in through the API and stores the session as the login page does (session cookies `Access-Token`,
 * `Refresh-Token` and `Expired`), without opening any page. The login page itself is tested in auth.spec.ts and
 * network.spec.ts; every other test saves a whole load of the console that way, which counts on a loaded machine.
 */
export async function storeSession(page: Page, username = 'admin', password = ADMIN_PASSWORD) {
  const res = await page.request.post(at('/api/login/login'), { data: { username, password } });
  const body = (await res.json()) as { code: number; msg: string; data: { access_token: string; refresh_token: string; expired: number } };
  expect(body.code, `sign-in of ${username}: ${body.msg}`).toBe(0);
  const url = baseUrl();
  await page.context().addCookies([
    { name: 'Access-Token', value: body.data.access_token, url, sameSite: 'Lax' },
    { name: 'Refresh-Token', value: body.data.refresh_token, url, sameSite: 'Lax' },
    { name: 'Expired', value: String(Date.now() + body.data.expired * 1000), url, sameSite: 'Lax' },
  ]);
}

/** Signs in (see storeSession) and opens the dashboard. */
export async function signIn(page: Page, username = 'admin', password = ADMIN_PASSWORD) {
  await storeSession(page, username, password);
  await page.goto(at('/dashboard'));
  await expect(page.locator('#dashboard-greeting')).toBeVisible();
}

/** Signs in (see storeSession) and opens a page of the console directly, with a single load. */
export async function openSignedIn(page: Page, path: string, username = 'admin', password = ADMIN_PASSWORD) {
  await storeSession(page, username, password);
  await page.goto(at(path));
}

/**
 * Opens a page of the console from inside it, as its menu and tabs do (the router follows the address), without
 * loading the console again; waits until the address is the page's.
 */
export async function openInConsole(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL((url) => url.pathname === path);
}

/** The languages of the console, by the name each carries in the top bar's language menu. */
export const LANGUAGE_NAMES = { zh: '中文', en: 'English', es: 'Español' } as const;
export type ConsoleLanguage = keyof typeof LANGUAGE_NAMES;
const HTML_LANGS: Record<ConsoleLanguage, string> = { zh: 'zh-CN', en: 'en', es: 'es' };

/**
 * Switches the signed-in console to a language from the top bar, as a user does, without loading it again; waits
 * until the page has taken it. A test that checks a page in every language and size switches language and resizes
 * in one page instead of loading the console anew for each, which on CI's two busy cores costs 10-20 s a load.
 */
export async function chooseLanguage(page: Page, lang: ConsoleLanguage) {
  const html = page.locator('html');
  if ((await html.getAttribute('lang')) === HTML_LANGS[lang]) return;
  await page.locator('#language-select').click();
  await page.getByRole('menuitem', { name: LANGUAGE_NAMES[lang], exact: true }).click();
  await expect(html).toHaveAttribute('lang', HTML_LANGS[lang]);
}

/** Every language of the console at the two desktop sizes its pages are checked at. */
export const LANGUAGES_AND_SIZES: ReadonlyArray<readonly [ConsoleLanguage, { width: number; height: number }]> = (
  ['zh', 'en', 'es'] as const
).flatMap((lang) => [[lang, { width: 1280, height: 720 }] as const, [lang, { width: 1920, height: 1080 }] as const]);

export async function cookie(context: BrowserContext, name: string): Promise<string | undefined> {
  return (await context.cookies()).find((c) => c.name === name)?.value;
}

/** What the browser does when the user comes back to the tab: queries refetch. */
export async function returnToTab(page: Page) {
  await page.evaluate(() => {
    window.dispatchEvent(new Event('focus'));
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

/** Opens the user menu in the top bar and chooses an entry by its id (e.g. `#logout-button`). */
export async function chooseUserMenu(page: Page, itemId: string) {
  await page.locator('#user-menu').click();
  await page.locator(itemId).click();
}

/** Signs out through the user menu. */
export async function signOut(page: Page) {
  await chooseUserMenu(page, '#logout-button');
}

/**
 * Chooses a path in a region cascader, one level after the other (each level loads when its parent opens). A county
 * (a leaf) closes the cascader by itself; a path that stops above the leaves is closed with Escape. Escape is sent only
 * then, while the list is sure to be open: with no list open it would close the dialog that holds the cascader.
 */
export async function chooseRegion(page: Page, trigger: string, path: string[]) {
  await page.locator(trigger).click();
  const menus = page.locator('.ant-cascader-dropdown:visible');
  let expandable = false;
  for (const name of path) {
    const item = menus.locator('.ant-cascader-menu-item').filter({ hasText: new RegExp(`^${name}$`) });
    // Read before the click: a leaf's click closes the list it sits in.
    expandable = /\bant-cascader-menu-item-expand\b/.test((await item.getAttribute('class')) ?? '');
    await item.click();
  }
  if (expandable) await page.keyboard.press('Escape');
  await expect(menus).toHaveCount(0);
}

/**
 * Picks an option of an antd Select (single or multiple) by its whole label or a pattern. The option is looked
 * for in this select's own dropdown (the list its combobox names in aria-controls while open): a dropdown that
 * another select is still closing also shows a match for a moment, and a click aimed at it waits for ever once
 * it is hidden. With `type`, the label is typed first, which narrows a searchable select's list.
 */
export async function chooseOption(page: Page, select: Locator, label: string | RegExp, { type = false } = {}) {
  await select.click();
  const combobox = (await select.evaluate((el) => el.getAttribute('role') === 'combobox')) ? select : select.getByRole('combobox');
  await expect(combobox).toHaveAttribute('aria-controls', /./);
  const listId = (await combobox.getAttribute('aria-controls'))!;
  if (type) await page.keyboard.type(typeof label === 'string' ? label : label.source.replace(/^\^|\$$/g, ''));
  const text = typeof label === 'string' ? new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : label;
  const dropdown = page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${listId}"]`) });
  const option = dropdown.locator('.ant-select-item-option').filter({ hasText: text }).first();
  if (!type) await scrollToOption(dropdown, option);
  await option.click();
}

/**
 * antd's lists are virtual: only the options in view (and a few more) exist in the page, and opening a select
 * scrolls to the chosen one. Options that other tests added, or a list that grew, push a wanted option out of that
 * window, so the list is walked from the top a window at a time until the option is rendered or the end is
 * reached.
 */
async function scrollToOption(dropdown: Locator, option: Locator) {
  const holder = dropdown.locator('.ant-select-dropdown-list-holder');
  await expect(dropdown.locator('.ant-select-item').first()).toBeVisible();
  if ((await option.count()) > 0 || (await holder.count()) === 0) return;
  // Scrolls to the top or a window further on; the list renders its new window on the scroll event, before the
  // page's next frames, which are awaited. Tells whether the list moved.
  const scroll = (to: 'top' | 'next') =>
    holder.evaluate(async (el, where) => {
      const start = el.scrollTop;
      el.scrollTop = where === 'top' ? 0 : start + el.clientHeight * 0.8;
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return el.scrollTop !== start;
    }, to);
  await scroll('top');
  for (let step = 0; step < 200 && (await option.count()) === 0; step += 1) {
    if (!(await scroll('next'))) return; // the end of the list: the click reports what is missing
  }
}

/**
 * Counts of the pixels of an image the browser loads (same origin): all, opaque (any alpha), contour line (opaque
 * #333333, as the contours style draws its lines) and ink (dark and nearly opaque, as wind symbols are drawn).
 */
export async function imagePixels(page: Page, url: string): Promise<{ total: number; opaque: number; line: number; ink: number }> {
  return page.evaluate(async (src) => {
    const img = new Image();
    img.src = src;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    let opaque = 0;
    let line = 0;
    let ink = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3]! > 0) opaque += 1;
      if (data[i + 3] === 255 && data[i] === 51 && data[i + 1] === 51 && data[i + 2] === 51) line += 1;
      if (data[i + 3]! > 200 && data[i]! < 80 && data[i + 1]! < 80 && data[i + 2]! < 80) ink += 1;
    }
    return { total: canvas.width * canvas.height, opaque, line, ink };
  }, url);
}

/** The tab of a visited view, by its title. */
export function tab(page: Page, title: string): Locator {
  return page.getByRole('tab', { name: title, exact: true });
}

/** Clicks a tab's title (not its close button) and waits until its view is the one shown. */
export async function openTab(page: Page, title: string) {
  await tab(page, title).locator('.tags-view-title').click();
  await expect(tab(page, title)).toHaveAttribute('aria-selected', 'true');
}

/**
 * A PNG of the given size, made here so no binary fixture is committed: a colour gradient
 * whose left quarter is fully transparent (to check the white background of jpg output).
 */
export function pngFixture(width: number, height: number): Buffer {
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 4 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const o = row + 1 + x * 4;
      raw[o] = Math.round((255 * x) / width);
      raw[o + 1] = Math.round((255 * y) / height);
      raw[o + 2] = 160;
      raw[o + 3] = x < width / 4 ? 0 : 255;
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
