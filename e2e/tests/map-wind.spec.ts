import { expect, test } from '@playwright/test';
import { ADMIN_PASSWORD, at, chooseOption, imagePixels, storeSession } from './fixtures';

test('wind speed offers arrows and barbs: the map draws dark symbols over transparency instead of coloured cells', async ({ page }) => {
  await storeSession(page, 'demo-revise', ADMIN_PASSWORD);
  const gridAnswer = page.waitForResponse((r) => r.url().includes('/api/forecaster/getData') && r.ok());
  await page.goto(at('/data-revise/point-revise'));
  await gridAnswer;
  const map = page.getByTestId('console-map');
  await expect(map).toHaveAttribute('data-wms', 'loaded');

  // Temperature: the three product styles only.
  await page.getByRole('button', { name: '底图' }).click();
  const switcher = page.getByTestId('map-style-switcher');
  await expect(switcher.getByRole('radio', { name: '等值线' })).toBeVisible();
  await expect(switcher.getByRole('radio', { name: '风矢' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Wind speed, drawn in cells first.
  const nearest = page.waitForResponse((r) => /REQUEST=GetMap/i.test(r.url()) && /LAYERS=fine-grid.wsp/.test(r.url()));
  await chooseOption(page, page.locator('.revise-factor'), '风速 (m/s)');
  const cells = await imagePixels(page, (await nearest).url());
  expect(cells.opaque).toBeGreaterThan(cells.total * 0.2);
  await expect(map).toHaveAttribute('data-wms', 'loaded');

  await page.getByRole('button', { name: '底图' }).click();
  for (const label of ['格点', '平滑', '等值线', '风矢', '风羽']) await expect(switcher.getByRole('radio', { name: label })).toBeVisible();
  const arrows = page.waitForResponse((r) => /REQUEST=GetMap/i.test(r.url()) && /STYLES=arrows/.test(r.url()));
  await switcher.getByText('风矢').click();
  const arrowAnswer = await arrows;
  expect(arrowAnswer.headers()['content-type']).toBe('image/png');
  const drawn = await imagePixels(page, arrowAnswer.url());
  // Symbols: a little ink, the rest transparent — unlike the coloured cells of the same layer.
  expect(drawn.ink).toBeGreaterThan(100);
  expect(drawn.opaque).toBeLessThan(drawn.total * 0.25);
  expect(drawn.opaque).toBeLessThan(cells.opaque / 2);
  await expect(page.getByTestId('map-legend').locator('img')).toHaveAttribute('src', /STYLE=arrows/);

  const barbs = page.waitForResponse((r) => /REQUEST=GetMap/i.test(r.url()) && /STYLES=barbs/.test(r.url()));
  await switcher.getByText('风羽').click();
  const barbDrawn = await imagePixels(page, (await barbs).url());
  expect(barbDrawn.ink).toBeGreaterThan(100);

  // Back to temperature: the wind style is not offered, the layer is drawn in cells. Read from the legend the map
  // shows, not from a GetMap request: the browser may draw the temperature image it loaded first from its memory
  // cache, with no request at all (seen once in a full run).
  await page.keyboard.press('Escape');
  await chooseOption(page, page.locator('.revise-factor'), '气温 (°C)');
  const legend = page.getByTestId('map-legend').locator('img');
  await expect(legend).toHaveAttribute('src', /LAYER=fine-grid\.tmp/);
  await expect(legend).toHaveAttribute('src', /STYLE=nearest/);
  await expect(map).toHaveAttribute('data-wms', 'loaded');
  await page.getByRole('button', { name: '底图' }).click();
  await expect(switcher.getByRole('radio', { name: '等值线' })).toBeVisible();
  await expect(switcher.getByRole('radio', { name: '风矢' })).toHaveCount(0);
});
