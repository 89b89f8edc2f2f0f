import { expect, test } from '@playwright/test';
import { ADMIN_PASSWORD, at, imagePixels, storeSession } from './fixtures';

test('the layer switcher offers the map styles: isolines redraw the product layer and its legend, and the choice is kept', async ({
  page,
}) => {
  await storeSession(page, 'demo-zoning', ADMIN_PASSWORD);
  const first = page.waitForResponse((r) => /REQUEST=GetMap/i.test(r.url()));
  await page.goto(at('/zoning-manage/make-zoning'));
  const map = page.getByTestId('console-map');
  const firstUrl = new URL((await first).url());
  // The map asks by the OGC time axis: the run and its valid time, in the default style.
  expect(firstUrl.searchParams.get('STYLES')).toBe('nearest');
  expect(firstUrl.searchParams.get('DIM_REFERENCE_TIME')).toBeTruthy();
  expect(Date.parse(firstUrl.searchParams.get('TIME')!) - Date.parse(firstUrl.searchParams.get('DIM_REFERENCE_TIME')!)).toBe(
    Number(firstUrl.searchParams.get('DIM_LEAD')) * 3_600_000,
  );
  await expect(map).toHaveAttribute('data-wms', 'loaded');

  await page.getByRole('button', { name: '底图' }).click();
  const switcher = page.getByTestId('map-style-switcher');
  await expect(switcher).toContainText('产品显示方式');
  for (const label of ['格点', '平滑', '等值线']) await expect(switcher.getByRole('radio', { name: label })).toBeVisible();
  await expect(switcher.getByRole('radio', { name: '格点' })).toBeChecked();

  const contours = page.waitForResponse((r) => /REQUEST=GetMap/i.test(r.url()) && /STYLES=contours/.test(r.url()));
  await switcher.getByText('等值线').click();
  const answer = await contours;
  expect(answer.headers()['content-type']).toBe('image/png');
  await expect(map).toHaveAttribute('data-wms', 'loaded');
  // Isolines: dark lines over a mostly transparent image.
  const drawn = await imagePixels(page, answer.url());
  expect(drawn.line).toBeGreaterThan(50);
  expect(drawn.opaque).toBeLessThan(drawn.total * 0.5);
  await expect(page.getByTestId('map-legend').locator('img')).toHaveAttribute('src', /STYLE=contours/);

  const smooth = page.waitForResponse((r) => /REQUEST=GetMap/i.test(r.url()) && /STYLES=smooth/.test(r.url()));
  await switcher.getByText('平滑').click();
  const smoothDrawn = await imagePixels(page, (await smooth).url());
  expect(smoothDrawn.opaque).toBeGreaterThan(smoothDrawn.total * 0.05);

  // The choice is kept with the other map choices.
  await page.getByText('等值线').click();
  await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('agromet-map') ?? '{}').style)).toBe('contours');
  const again = page.waitForResponse((r) => /REQUEST=GetMap/i.test(r.url()));
  await page.reload();
  expect(new URL((await again).url()).searchParams.get('STYLES')).toBe('contours');
});
