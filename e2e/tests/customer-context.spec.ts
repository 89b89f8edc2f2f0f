import { expect, test, type Page } from '@playwright/test';
import { baseUrl, chooseLanguage, chooseOption, LANGUAGES_AND_SIZES, signIn } from './fixtures';

/**
 * The platform administrator works in the demo customer's context from the top bar: the context is shown, the
 * dashboard then shows the customer's forecasts (empty in the platform's own), and choosing the own customer ends it.
 */
const DEMO_CUSTOMER = '陕西省农业气象服务中心（示例）';

/**
 * Chooses a customer in the top bar's chooser and answers the status of the switch: the console reloads at once in
 * the new context, so the answer's status is all there is to read.
 */
async function chooseContext(page: Page, customer: string | RegExp): Promise<number> {
  const switched = page.waitForResponse((r) => r.url().endsWith('/api/user/customerContext'));
  await chooseOption(page, page.locator('#customer-context').locator('xpath=ancestor::div[contains(@class,"ant-select")][1]'), customer);
  return (await switched).status();
}

for (const [lang, size, acting, noGrids, own] of [
  ['zh', { width: 1280, height: 720 }, `正在代管：${DEMO_CUSTOMER}`, '还没有预报格点', '您正在平台本身的环境中'],
  [
    'en',
    { width: 1920, height: 1080 },
    `Working for ${DEMO_CUSTOMER}`,
    'has no forecast grids yet',
    'You are in the platform’s own context',
  ],
  [
    'es',
    { width: 1280, height: 720 },
    `Trabajando para ${DEMO_CUSTOMER}`,
    'aún no tiene rejillas',
    'Está en el contexto propio de la plataforma',
  ],
] as const) {
  test(`the platform administrator works for a customer from the top bar and back (${lang}, ${size.width} × ${size.height})`, async ({
    page,
    context,
  }) => {
    await page.setViewportSize(size);
    await context.addCookies([{ name: 'language', value: lang, url: baseUrl() }]);
    await signIn(page, 'admin');
    const runs = page.locator('#dashboard-card-forecast-runs');
    await expect(runs).toContainText(noGrids);
    await expect(page.locator('#customer-context-tag')).toHaveCount(0);
    // The empty cards are explained: the demo data is the demo customer's, chosen in the top bar.
    const note = page.locator('#dashboard-platform-context');
    await expect(note).toContainText(own);
    await expect(note).toContainText(DEMO_CUSTOMER);

    expect(await chooseContext(page, DEMO_CUSTOMER)).toBe(200);
    await expect(page.locator('#customer-context-tag')).toHaveText(acting);
    await expect(runs.locator('.dashboard-run-leads').first()).toBeVisible();
    await expect(page.locator('#dashboard-temperature-map')).toBeVisible();
    await expect(note).toHaveCount(0);

    // Back in the platform's own context.
    expect(await chooseContext(page, /天策云平台/)).toBe(200);
    await expect(page.locator('#customer-context-tag')).toHaveCount(0);
    await expect(runs).toContainText(noGrids);
  });
}

test('a customer administrator has no customer chooser', async ({ page }) => {
  await signIn(page, 'demo-sysadmin');
  await expect(page.locator('#dashboard-card-jobs')).toBeVisible();
  await expect(page.locator('#customer-context')).toHaveCount(0);
});

/**
 * The top bar while working for a customer, on a page with a three-level trail: the "working for" tag keeps clear of
 * the breadcrumb, whose every item shows whole, and the system name shows whole on a wide screen.
 */
async function topBarProblems(page: Page, wide: boolean): Promise<string[]> {
  return page.locator('.navbar').evaluate((bar, wideScreen) => {
    const found: string[] = [];
    const tag = bar.querySelector<HTMLElement>('#customer-context-tag');
    const crumb = bar.querySelector<HTMLElement>('.navbar-breadcrumb');
    if (!tag || !crumb) return ['no tag or no breadcrumb'];
    const t = tag.getBoundingClientRect();
    const c = crumb.getBoundingClientRect();
    // The text of each crumb, not its (clipped) box: what is drawn under the tag is hidden by it.
    for (const item of Array.from(crumb.querySelectorAll<HTMLElement>('li'))) {
      const range = document.createRange();
      range.selectNodeContents(item);
      const r = range.getBoundingClientRect();
      if (r.width === 0) continue;
      if (r.right > t.left && r.left < t.right)
        found.push(`"${item.textContent}" (${r.left}–${r.right}) under the tag (${t.left}–${t.right})`);
      if (r.right > c.right + 0.5) found.push(`"${item.textContent}" cut at the breadcrumb's edge (${r.right} > ${c.right})`);
    }
    if (t.left < c.right - 0.5 && t.right > c.left) found.push(`the tag (${t.left}–${t.right}) over the breadcrumb (${c.left}–${c.right})`);
    const name = bar.querySelector<HTMLElement>('#sys-name')!;
    if (wideScreen && name.scrollWidth > name.clientWidth) found.push(`system name cut: ${name.scrollWidth} > ${name.clientWidth}`);
    return found;
  }, wide);
}

test('working for a customer, the top bar shows the tag, the breadcrumb and the system name apart in every language at 1280×720 and 1920×1080', async ({
  page,
}) => {
  await signIn(page, 'admin');
  expect(await chooseContext(page, DEMO_CUSTOMER)).toBe(200);
  await expect(page.locator('#customer-context-tag')).toBeVisible();
  await page.goto(`${baseUrl()}/disaster/manage`);
  for (const [lang, size] of LANGUAGES_AND_SIZES) {
    await page.setViewportSize(size);
    await chooseLanguage(page, lang);
    await expect(page.locator('#customer-context-tag')).toBeVisible();
    await expect(page.locator('.navbar-breadcrumb [aria-current="page"]')).toBeVisible();
    await expect(page.locator('#sys-name')).toHaveText('陕西农业气象服务平台');
    await expect.poll(() => topBarProblems(page, size.width >= 1920), { message: `${lang}, ${size.width}×${size.height}` }).toEqual([]);
  }
});
