import { expect, test, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, at, chooseLanguage, chooseOption, chooseRegion, LANGUAGES_AND_SIZES, openSignedIn } from './fixtures';

/**
 * Tourism content (docs/travel.md): a scenic spot created with the position picked on the map, shown as text, edited,
 * filtered and deleted; a visitor's comment posted through the public call, moderated in bulk (passed, refused with
 * a reason) and only then answered publicly.
 */

const uid = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
// The table's own rows, not those of the tables inside an opened record's details (its weather days).
const rows = (page: Page, table: string) => page.locator(`#${table} .ant-table-tbody tr.ant-table-row:not(.ant-table-expanded-row *)`);

test('a scenic spot: created with the map, text shown as text, edited, filtered by grade, deleted', async ({ page }) => {
  const id = uid();
  const name = `<img src=x onerror="window.__xss=1">景点${id}`;
  await openSignedIn(page, '/travel-manage/travel-scenic', 'demo-travel', ADMIN_PASSWORD);
  await expect(rows(page, 'spot-table').first()).toBeVisible();
  await expect.poll(async () => Number(await page.locator('#spot-page').getAttribute('data-map-records'))).toBeGreaterThanOrEqual(10);

  await page.locator('#spot-create').click();
  const dialog = page.getByRole('dialog', { name: '新增景区' });
  const map = (await page.getByTestId('console-map').boundingBox())!;
  const panel = (await page.getByTestId('map-panel').boundingBox())!;
  await page.mouse.click(
    Math.round(panel.x + panel.width + (map.x + map.width - panel.x - panel.width) / 2),
    Math.round(map.y + map.height / 2),
  );
  await expect(dialog.getByText(/已选位置：/)).toBeVisible();
  await dialog.locator('#spot-lon').fill('109.28');
  await dialog.locator('#spot-lat').fill('34.38');
  await dialog.locator('#spot-name').fill(name);
  await chooseOption(page, dialog.locator('#spot-grade'), '4A');
  await chooseRegion(page, '#spot-region', ['陕西省', '西安市', '临潼区']);
  await dialog.locator('#spot-price').fill('60');
  await dialog.locator('#spot-description').fill('<script>window.__xss=2</script>骊山脚下');
  await dialog.locator('#spot-published').click();
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/travel/spot/insert'));
  await dialog.locator('#spot-form-submit').click();
  const created = (await (await saved).json()) as { code: number; data: { id: number; published: boolean } };
  expect(created.code).toBe(0);
  expect(created.data.published).toBe(true);
  const mine = rows(page, 'spot-table').filter({ hasText: `景点${id}` });
  await expect(mine).toContainText(name);
  await expect(page.locator(`#spot-detail-${created.data.id}`)).toContainText('<script>window.__xss=2</script>骊山脚下');
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();

  await mine.getByRole('button', { name: /^编辑/ }).click();
  const edit = page.getByRole('dialog', { name: '编辑景区' });
  await edit.locator('#spot-price').fill('80');
  const updated = page.waitForResponse((r) => r.url().endsWith('/api/travel/spot/update'));
  await edit.locator('#spot-form-submit').click();
  expect(((await (await updated).json()) as { data: { ticketPrice: number; version: number } }).data).toMatchObject({
    ticketPrice: 80,
    version: 2,
  });
  await expect(mine).toContainText('80');

  await chooseOption(page, page.locator('#spot-filter-grade'), '4A');
  await expect
    .poll(async () => (await rows(page, 'spot-table').locator('td:nth-child(2)').allTextContents()).every((g) => g === '4A'))
    .toBe(true);
  await expect(mine).toBeVisible();

  await mine.getByRole('button', { name: /^删除/ }).click();
  const deleted = page.waitForResponse((r) => r.url().includes('/api/travel/spot/deleteById'));
  await page.locator('#confirm-delete').click();
  expect(((await (await deleted).json()) as { code: number }).code).toBe(0);
  await expect(mine).toHaveCount(0);
});

test("visitors' comments: posted publicly, moderated in bulk, answered publicly only when passed", async ({ page }) => {
  const id = uid();
  // The demo's published spot 华山, found as the console lists it.
  const login = await page.request.post(at('/api/login/login'), { data: { username: 'demo-travel', password: ADMIN_PASSWORD } });
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  const spots = await page.request.get(at('/api/travel/spot/page?keyword=华山'), { headers: { authorization: `Bearer ${token}` } });
  const huashan = ((await spots.json()) as { data: { list: Array<{ id: number }> } }).data.list[0]!;
  const publicComments = async () =>
    (
      (await (await page.request.get(at(`/api/public/travel/comments?targetType=spot&targetId=${huashan.id}&size=100`))).json()) as {
        data: { list: Array<{ text: string }> };
      }
    ).data.list.map((c) => c.text);

  const good = await page.request.post(at('/api/public/travel/comments'), {
    data: { targetType: 'spot', targetId: huashan.id, rating: 5, text: `<b>日出很美</b>${id}`, nickname: '<i>e2e</i>' },
  });
  expect(((await good.json()) as { data: { status: string } }).data.status).toBe('pending');
  await page.request.post(at('/api/public/travel/comments'), {
    data: { targetType: 'spot', targetId: huashan.id, rating: 1, text: `加微信买假票${id}`, nickname: 'spam' },
  });
  expect((await publicComments()).some((t) => t.includes(id))).toBe(false);

  // The dashboard counts the comments awaiting moderation and shows the newest; its link opens the moderation page.
  const pending = await page.request.get(at('/api/travel/comment/page?status=pending&page=1&size=1'), {
    headers: { authorization: `Bearer ${token}` },
  });
  const waiting = ((await pending.json()) as { data: { total: number } }).data.total;
  await openSignedIn(page, '/dashboard', 'demo-travel', ADMIN_PASSWORD);
  const card = page.locator('#dashboard-card-travel-comments');
  await expect(card).toContainText(`待审核的游客评论（${waiting}）`);
  await expect(card).toContainText(`加微信买假票${id}`);
  await card.getByRole('link', { name: '评论审核' }).click();
  const goodRow = rows(page, 'comment-table').filter({ hasText: `日出很美${id}` });
  const spamRow = rows(page, 'comment-table').filter({ hasText: `加微信买假票${id}` });
  await expect(goodRow).toBeVisible();
  await expect(spamRow).toContainText('假票');

  // Pass the good one.
  await goodRow.locator('input[type="checkbox"]').check();
  const passed = page.waitForResponse((r) => r.url().endsWith('/api/travel/comment/moderate'));
  await page.locator('#comment-pass').click();
  expect(((await (await passed).json()) as { data: { updated: number } }).data.updated).toBe(1);
  await expect(goodRow).toHaveCount(0);
  expect(await publicComments()).toContain(`日出很美${id}`);

  // Refuse the flagged one with a reason.
  await spamRow.locator('input[type="checkbox"]').check();
  await page.locator('#comment-reject').click();
  await expect(page.locator('#comment-reject-confirm')).toBeDisabled();
  await page.locator('#comment-reason').fill('广告');
  const rejected = page.waitForResponse((r) => r.url().endsWith('/api/travel/comment/moderate'));
  await page.locator('#comment-reject-confirm').click();
  expect(((await (await rejected).json()) as { code: number }).code).toBe(0);
  await expect(spamRow).toHaveCount(0);
  await chooseOption(page, page.locator('#comment-filter-status'), '未通过');
  await expect(rows(page, 'comment-table').filter({ hasText: `加微信买假票${id}` })).toContainText('广告');
  expect((await publicComments()).some((t) => t.includes('假票'))).toBe(false);
});

test('a seasonal landscape: created with the map, a kind, a spot, a season and weather needs; edited and deleted', async ({ page }) => {
  const id = uid();
  await openSignedIn(page, '/travel-manage/travel-landscape', 'demo-travel', ADMIN_PASSWORD);
  await expect(rows(page, 'landscape-table').first()).toBeVisible();
  await page.locator('#landscape-create').click();
  const dialog = page.getByRole('dialog', { name: '新增景观' });
  const map = (await page.getByTestId('console-map').boundingBox())!;
  const panel = (await page.getByTestId('map-panel').boundingBox())!;
  await page.mouse.click(
    Math.round(panel.x + panel.width + (map.x + map.width - panel.x - panel.width) / 2),
    Math.round(map.y + map.height / 2),
  );
  await expect(dialog.getByText(/已选位置：/)).toBeVisible();
  await dialog.locator('#landscape-name').fill(`太白雾凇${id}`);
  await chooseOption(page, dialog.locator('#landscape-kind'), '雾凇');
  await chooseOption(page, dialog.locator('#landscape-spot'), '太白山国家森林公园');
  await chooseRegion(page, '#landscape-region', ['陕西省', '宝鸡市', '眉县']);
  await dialog.locator('#landscape-lon').fill('107.77');
  await dialog.locator('#landscape-lat').fill('34.05');
  await dialog.locator('#landscape-from').fill('12-01');
  await dialog.locator('#landscape-to').fill('13-01');
  await dialog.locator('#landscape-tempMax').fill('-2');
  await dialog.locator('#landscape-form-submit').click();
  await expect(dialog.getByText('请按 MM-DD 填写（如 03-15）')).toBeVisible();
  await dialog.locator('#landscape-to').fill('02-15');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/travel/landscape/insert'));
  await dialog.locator('#landscape-form-submit').click();
  const created = (await (await saved).json()) as {
    code: number;
    data: { id: number; spotName: string; bestFrom: string; weather: { tempMax: number } };
  };
  expect(created.code).toBe(0);
  expect(created.data).toMatchObject({ spotName: '太白山国家森林公园', bestFrom: '12-01', weather: { tempMax: -2 } });
  const mine = rows(page, 'landscape-table').filter({ hasText: `太白雾凇${id}` });
  await expect(mine).toContainText('12-01 – 02-15');
  await expect(page.locator(`#landscape-detail-${created.data.id}`)).toContainText('-2');

  await mine.getByRole('button', { name: /^编辑/ }).click();
  const edit = page.getByRole('dialog', { name: '编辑景观' });
  await edit.locator('#landscape-to').fill('02-28');
  const updated = page.waitForResponse((r) => r.url().endsWith('/api/travel/landscape/update'));
  await edit.locator('#landscape-form-submit').click();
  expect(((await (await updated).json()) as { data: { bestTo: string; version: number } }).data).toMatchObject({
    bestTo: '02-28',
    version: 2,
  });
  await expect(mine).toContainText('12-01 – 02-28');

  await mine.getByRole('button', { name: /^删除/ }).click();
  const deleted = page.waitForResponse((r) => r.url().includes('/api/travel/landscape/deleteById'));
  await page.locator('#confirm-delete').click();
  expect(((await (await deleted).json()) as { code: number }).code).toBe(0);
  await expect(mine).toHaveCount(0);
});

/**
 * Each label of a form against its own field: the label's text (its lines, however many) ends above the field. A
 * label wrapped to more lines than its row leaves room for was seen drawn under the inputs of the landscape form's
 * four-column row in Spanish.
 */
async function labelsUnderFields(page: Page, form: string): Promise<string[]> {
  return page.locator(form).evaluate((root) => {
    const found: string[] = [];
    for (const item of Array.from(root.querySelectorAll<HTMLElement>('.ant-form-item'))) {
      const label = item.querySelector<HTMLElement>('.ant-form-item-label label');
      const control = item.querySelector<HTMLElement>('.ant-form-item-control-input');
      if (!label || !control || label.getClientRects().length === 0) continue;
      const range = document.createRange();
      range.selectNodeContents(label);
      const text = range.getBoundingClientRect();
      const field = control.getBoundingClientRect();
      if (text.bottom > field.top + 0.5) found.push(`${label.textContent}: text ends at ${text.bottom}, field starts at ${field.top}`);
    }
    return found;
  }, undefined);
}

test('the landscape form shows every label above its field in every language at 1280×720 and 1920×1080', async ({ page }) => {
  await openSignedIn(page, '/travel-manage/travel-landscape', 'demo-travel', ADMIN_PASSWORD);
  const dialog = page.locator('.ant-modal').filter({ has: page.locator('#landscape-tempMin') });
  for (const [lang, size] of LANGUAGES_AND_SIZES) {
    await page.setViewportSize(size);
    await chooseLanguage(page, lang);
    await page.locator('#landscape-create').click();
    await expect(dialog.locator('#landscape-precipitation')).toBeVisible();
    await expect(dialog).not.toHaveClass(/ant-zoom-(appear|enter)/);
    await expect
      .poll(() => labelsUnderFields(page, '.ant-modal:has(#landscape-tempMin) form'), { message: `${lang}, ${size.width}×${size.height}` })
      .toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
});
