import { expect, test, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, chooseOption, chooseRegion, openSignedIn, pngFixture } from './fixtures';

/**
 * Greenways, routes and travel weather (docs/travel.md): a greenway's course drawn on the map point by point with its
 * length growing, a photo uploaded, edited, filtered and deleted; a route's stops added, dragged into another order and
 * saved with its distance; the coming days' weather at a spot and whether they suit a landscape.
 */

const uid = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
const rows = (page: Page, table: string) => page.locator(`#${table} .ant-table-tbody tr.ant-table-row`);

/** A point of the map beside the page panel, `dx`/`dy` pixels from the middle of the free part. */
async function mapPoint(page: Page, dx: number, dy: number) {
  const map = (await page.getByTestId('console-map').boundingBox())!;
  const panel = (await page.getByTestId('map-panel').boundingBox())!;
  const x = panel.x + panel.width + (map.x + map.width - panel.x - panel.width) / 2;
  return { x: Math.round(x + dx), y: Math.round(map.y + map.height / 2 + dy) };
}

test('a greenway: course drawn on the map with its length, a photo, edited, filtered, deleted', async ({ page }) => {
  const id = uid();
  const name = `<b>绿道</b>${id}`;
  await openSignedIn(page, '/travel-manage/travel-greenWay', 'demo-travel', ADMIN_PASSWORD);
  await expect(rows(page, 'greenway-table').first()).toBeVisible();
  await expect.poll(async () => Number(await page.locator('#greenway-page').getAttribute('data-map-records'))).toBeGreaterThanOrEqual(3);

  await page.locator('#greenway-create').click();
  const dialog = page.getByRole('dialog', { name: '新增绿道' });
  const line = dialog.locator('#greenway-line');
  await expect(line).toHaveAttribute('data-picking', 'on');
  for (const [dx, dy] of [
    [-80, 20],
    [0, -30],
    [70, 10],
  ]) {
    const p = await mapPoint(page, dx!, dy!);
    const before = Number(await line.getAttribute('data-points'));
    await page.mouse.click(p.x, p.y);
    await expect(line).toHaveAttribute('data-points', String(before + 1));
  }
  await expect(line).toContainText(/3 个点，长 [\d.]+ km/);
  await dialog.getByRole('button', { name: '撤销上一个点' }).click();
  await expect(line).toHaveAttribute('data-points', '2');
  const p = await mapPoint(page, 120, 40);
  await page.mouse.click(p.x, p.y);
  await expect(line).toHaveAttribute('data-points', '3');
  const shownKm = Number(/长 ([\d.]+) km/.exec((await line.textContent())!)![1]);
  expect(shownKm).toBeGreaterThan(0);

  await dialog.locator('#greenway-name').fill(name);
  await chooseRegion(page, '#greenway-region', ['陕西省', '西安市', '碑林区']);
  await chooseOption(page, dialog.locator('#greenway-difficulty'), '中等');
  await chooseOption(page, dialog.locator('#greenway-surface'), '砂石');
  await dialog.locator('#greenway-start').fill('南门');
  await dialog.locator('#greenway-end').fill('东门');

  // A photo through the image upload widget: chosen, cropped, uploaded, shown.
  await dialog.locator('#spot-photo-add').click();
  const upload = page.locator('.image-upload-dialog');
  await upload.locator('input[type=file]').setInputFiles({ name: 'view.png', mimeType: 'image/png', buffer: pngFixture(800, 600) });
  await upload.locator('#image-upload-submit').click();
  await expect(dialog.locator('#spot-photos')).toHaveAttribute('data-count', '1');
  await expect(upload).toBeHidden();
  const photo = dialog.locator('#spot-photos img').first();
  await expect.poll(async () => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(640);

  const saved = page.waitForResponse((r) => r.url().endsWith('/api/travel/greenway/insert'));
  await dialog.locator('#greenway-form-submit').click();
  const created = (await (await saved).json()) as {
    code: number;
    data: { id: number; lengthKm: number; line: number[][]; photos: string[]; difficulty: string };
  };
  expect(created.code).toBe(0);
  expect(created.data.line).toHaveLength(3);
  expect(created.data.photos).toHaveLength(1);
  // The length the form showed is the one the server computed from the same vertices.
  expect(created.data.lengthKm).toBeCloseTo(shownKm, 2);
  const mine = rows(page, 'greenway-table').filter({ hasText: id });
  await expect(mine).toContainText(name);
  await expect(mine).toContainText(created.data.lengthKm.toFixed(2));
  await expect(page.locator(`#greenway-detail-${created.data.id}`)).toContainText('南门');

  await mine.getByRole('button', { name: /^编辑/ }).click();
  const edit = page.getByRole('dialog', { name: '编辑绿道' });
  await expect(edit.locator('#greenway-line')).toHaveAttribute('data-points', '3');
  await chooseOption(page, edit.locator('#greenway-difficulty'), '困难');
  const updated = page.waitForResponse((r) => r.url().endsWith('/api/travel/greenway/update'));
  await edit.locator('#greenway-form-submit').click();
  expect(((await (await updated).json()) as { data: { difficulty: string; version: number } }).data).toMatchObject({
    difficulty: 'hard',
    version: 2,
  });

  await chooseOption(page, page.locator('#greenway-filter-difficulty'), '困难');
  await expect(mine).toBeVisible();
  await expect
    .poll(async () => (await rows(page, 'greenway-table').locator('td:nth-child(2)').allTextContents()).every((d) => d === '困难'))
    .toBe(true);

  await mine.getByRole('button', { name: /^删除/ }).click();
  const deleted = page.waitForResponse((r) => r.url().includes('/api/travel/greenway/deleteById'));
  await page.locator('#confirm-delete').click();
  expect(((await (await deleted).json()) as { code: number }).code).toBe(0);
  await expect(mine).toHaveCount(0);
});

test('a route: stops added, dragged into order, saved with the distance the page showed', async ({ page }) => {
  const id = uid();
  await openSignedIn(page, '/travel-manage/travel-routes', 'demo-travel', ADMIN_PASSWORD);
  await expect(rows(page, 'route-table').filter({ hasText: '关中古迹两日游' })).toBeVisible();

  await page.locator('#route-create').click();
  const dialog = page.getByRole('dialog', { name: '新增线路' });
  await dialog.locator('#route-name').fill(`测试线路${id}`);
  await dialog.locator('#route-days').fill('2');
  const stops = dialog.locator('#route-stops');
  for (const [n, label] of ['景区 · 华山', '景区 · 大雁塔·大唐芙蓉园', '景观 · 华山云海'].entries()) {
    await chooseOption(page, dialog.locator('#route-add-stop'), label);
    await expect(stops).toHaveAttribute('data-count', String(n + 1));
  }
  const order = () => stops.locator('li.tr-stop').evaluateAll((items) => items.map((li) => li.getAttribute('data-stop')));
  expect(await order()).toEqual(['华山', '大雁塔·大唐芙蓉园', '华山云海']);
  const before = Number(await stops.getAttribute('data-total'));

  // Drag the second stop onto the first: 大雁塔 first, then 华山 and its sea of clouds (a shorter way round).
  await stops.locator('li.tr-stop').nth(1).dragTo(stops.locator('li.tr-stop').nth(0));
  await expect.poll(order).toEqual(['大雁塔·大唐芙蓉园', '华山', '华山云海']);
  const after = Number(await stops.getAttribute('data-total'));
  expect(after).not.toBe(before);
  await expect(dialog.locator('#route-total')).toHaveText(`总里程 ${after.toFixed(2)} km`);
  // The arrow buttons do the same from the keyboard.
  await dialog.getByRole('button', { name: '下移 华山', exact: true }).click();
  await expect.poll(order).toEqual(['大雁塔·大唐芙蓉园', '华山云海', '华山']);
  await dialog.getByRole('button', { name: '上移 华山', exact: true }).click();
  await expect.poll(order).toEqual(['大雁塔·大唐芙蓉园', '华山', '华山云海']);

  const saved = page.waitForResponse((r) => r.url().endsWith('/api/travel/route/insert'));
  await dialog.locator('#route-form-submit').click();
  const created = (await (await saved).json()) as { code: number; data: { id: number; totalKm: number; stops: Array<{ name: string }> } };
  expect(created.code).toBe(0);
  expect(created.data.stops.map((s) => s.name)).toEqual(['大雁塔·大唐芙蓉园', '华山', '华山云海']);
  expect(created.data.totalKm).toBeCloseTo(after, 2);
  const mine = rows(page, 'route-table').filter({ hasText: `测试线路${id}` });
  await expect(mine).toContainText('3 站');
  await expect(mine).toContainText(after.toFixed(2));
  await expect(page.locator(`#route-detail-${created.data.id} li`)).toHaveText([/大雁塔/, /华山\+?/, /华山云海/]);

  await mine.getByRole('button', { name: /^删除/ }).click();
  const deleted = page.waitForResponse((r) => r.url().includes('/api/travel/route/deleteById'));
  await page.locator('#confirm-delete').click();
  expect(((await (await deleted).json()) as { code: number }).code).toBe(0);
  await expect(mine).toHaveCount(0);
});

test('travel weather: the coming days at a spot, and whether they suit a landscape', async ({ page }) => {
  await openSignedIn(page, '/travel-manage/travel-scenic', 'demo-travel', ADMIN_PASSWORD);
  await rows(page, 'spot-table').filter({ hasText: /^华山/ }).first().click();
  const spotWeather = page.locator('section.tr-weather[data-testid^="weather-spot-"]');
  await expect(spotWeather).toHaveAttribute('data-status', 'ok');
  await expect(spotWeather.locator('[data-chart="ready"]')).toBeVisible();
  await expect(spotWeather.locator('.ant-table-tbody tr.ant-table-row')).not.toHaveCount(0);
  expect(await spotWeather.locator('.ant-table-tbody tr.ant-table-row').count()).toBeGreaterThanOrEqual(3);
  await expect(spotWeather).toContainText(/起报/);

  await page.goto(page.url().replace('travel-scenic', 'travel-landscape'));
  await rows(page, 'landscape-table').filter({ hasText: '华山云海' }).click();
  const landWeather = page.locator('section.tr-weather[data-testid^="weather-landscape-"]');
  await expect(landWeather).toHaveAttribute('data-status', 'ok');
  // Each day with values says whether it suits the sea of clouds (a good day, or what fails).
  await expect(landWeather.locator('.ant-tag').first()).toBeVisible();
  await expect(landWeather.locator('.ant-tag').first()).toHaveText(/适宜观赏|气温偏低|气温偏高|风力偏大|降水条件不符|非观赏期/);
});
