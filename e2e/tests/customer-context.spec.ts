import { expect, test } from '@playwright/test';
import { baseUrl, chooseOption, signIn } from './fixtures';

/**
 * The platform administrator works in the demo customer's context from the top bar: the context is shown, the
 * dashboard then shows the customer's forecasts (empty in the platform's own), and choosing the own customer ends it.
 */
const DEMO_CUSTOMER = '陕西省农业气象服务中心（示例）';

for (const [lang, size, acting, noGrids] of [
  ['zh', { width: 1280, height: 720 }, `正在代管：${DEMO_CUSTOMER}`, '还没有预报格点'],
  ['en', { width: 1920, height: 1080 }, `Working for ${DEMO_CUSTOMER}`, 'has no forecast grids yet'],
  ['es', { width: 1280, height: 720 }, `Trabajando para ${DEMO_CUSTOMER}`, 'aún no tiene rejillas'],
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

    const switched = page.waitForResponse((r) => r.url().endsWith('/api/user/customerContext'));
    await chooseOption(
      page,
      page.locator('#customer-context').locator('xpath=ancestor::div[contains(@class,"ant-select")][1]'),
      DEMO_CUSTOMER,
    );
    // The console reloads at once in the new context: the answer's status is all there is to read.
    expect((await switched).status()).toBe(200);
    await expect(page.locator('#customer-context-tag')).toHaveText(acting);
    await expect(runs.locator('.dashboard-run-leads').first()).toBeVisible();
    await expect(page.locator('#dashboard-temperature-map')).toBeVisible();

    // Back in the platform's own context.
    const back = page.waitForResponse((r) => r.url().endsWith('/api/user/customerContext'));
    await chooseOption(
      page,
      page.locator('#customer-context').locator('xpath=ancestor::div[contains(@class,"ant-select")][1]'),
      /天策云平台/,
    );
    expect((await back).status()).toBe(200);
    await expect(page.locator('#customer-context-tag')).toHaveCount(0);
    await expect(runs).toContainText(noGrids);
  });
}

test('a customer administrator has no customer chooser', async ({ page }) => {
  await signIn(page, 'demo-sysadmin');
  await expect(page.locator('#dashboard-card-jobs')).toBeVisible();
  await expect(page.locator('#customer-context')).toHaveCount(0);
});
