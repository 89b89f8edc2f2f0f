import { expect, test } from '@playwright/test';
import { baseUrl, openSignedIn } from './fixtures';

// The base factors page shows, per factor gridded from stations, the leave-one-out error of the regression alone and
// with interpolated residuals, which of the two the gridding used (the smaller, marked), and the logit scale of the
// bounded factors (docs/zoning.md#residuals-only-where-they-help), in zh, en and es at 1280 × 720.

for (const [lang, tab, header, regression, residuals] of [
  ['zh', '基础气候因子', '留一法 RMSE', '仅回归', '回归+残差'],
  ['en', 'Base climate factors', 'LOO-CV RMSE', 'Regression', '+ residuals'],
  ['es', 'Factores climáticos base', 'RMSE (LOO)', 'Regresión', '+ residuos'],
] as const) {
  test(`the factor table shows both leave-one-out errors and the method used (${lang}, 1280 × 720)`, async ({ page, context }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await context.addCookies([{ name: 'language', value: lang, url: baseUrl() }]);
    const listed = page.waitForResponse((r) => r.url().includes('/api/baseWeatherFactor/allFactorAndAltitude'));
    await openSignedIn(page, '/zoning-manage/index-manage', 'demo-zoning');
    await page.getByRole('tab', { name: tab }).click();
    const factors = (await (await listed).json()).data as Array<{
      code: string;
      fit: { looRmseRegression: number; looRmseResiduals: number; residuals: boolean; scale: string } | null;
    }>;
    const table = page.locator('#factor-table');
    await expect(table.locator('thead')).toContainText(header);
    // Spring frost frequency: a share on the logit scale, where the residuals do not help.
    const frost = factors.find((f) => f.code === 'springFrost')!.fit!;
    expect(frost.scale).toBe('logit');
    expect(frost.residuals).toBe(frost.looRmseResiduals < frost.looRmseRegression);
    const row = table.locator('tr[data-row-key="springFrost"]');
    await expect(row.locator('sup')).toHaveText('logit');
    // Every gridded factor: both errors, the method's in bold, as the server chose.
    for (const f of factors.filter((x) => x.fit)) {
      const cells = table.locator(`tr[data-row-key="${f.code}"] .zn-loo`);
      await expect(cells).toHaveCount(2);
      await expect(cells.nth(0)).toContainText(regression);
      await expect(cells.nth(1)).toContainText(residuals);
      await expect(table.getByTestId(`factor-method-${f.code}`)).toContainText(f.fit!.residuals ? residuals : regression);
    }
    // The error column is in view without scrolling the table.
    const column = await table.locator(`tr[data-row-key="springFrost"] .zn-loo-chosen`).boundingBox();
    expect(column!.x + column!.width).toBeLessThanOrEqual((await table.boundingBox())!.x + (await table.boundingBox())!.width + 1);
    // Nothing wider than the window: the table scrolls inside itself, not the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: test.info().outputPath(`zoning-factors-${lang}.png`) });
    if (process.env.ZONING_SHOTS) await page.screenshot({ path: `${process.env.ZONING_SHOTS}/zoning-factors-${lang}.png` });
  });
}
