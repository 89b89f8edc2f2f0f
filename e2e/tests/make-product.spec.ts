import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { ADMIN_PASSWORD, at, chooseOption, cookie, storeSession } from './fixtures';

/**
 * make-product: the demo forecast previewed as the form starts (the first day's precipitation), a province chosen as
 * the region (the preview follows), the product made as a job and its PDF and PNG downloaded and read back; the
 * template editor hints an unknown placeholder and previews the unsaved template.
 */
test('make a map product: preview, make, download the PDF and PNG', async ({ page }) => {
  await storeSession(page, 'demo-make', ADMIN_PASSWORD);
  await page.goto(at('/make-manage/make-product'));
  await expect(page.locator('#make-product')).toBeVisible();

  // The form starts from the element the map shows, as a product of the map's lead.
  const barFactor = page.getByTestId('map-product-bar').locator('.ant-select').nth(1);
  const formFactor = page.locator('#product-factor').locator('xpath=ancestor::div[contains(@class,"ant-select")][1]');
  await expect(barFactor).not.toHaveText('');
  await expect(formFactor).toHaveText((await barFactor.textContent())!);
  await expect(page.locator('#product-mode .ant-radio-button-wrapper-checked')).toHaveText('单一时效');
  // The first day of precipitation with the default template: previewed at once.
  await chooseOption(page, page.locator('#product-factor'), /^3小时降水/, { type: true });
  await page.locator('#product-mode').getByText('时段统计').click();
  const preview = page.getByTestId('product-preview');
  await expect(preview).toHaveAttribute('data-state', 'ready');
  const firstImage = preview.locator('img');
  await expect(firstImage).toBeVisible();
  expect(await firstImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(900);

  // A province as the region: the preview is asked again and shown.
  await page.locator('#product-region').getByText('边界区域').click();
  const previewed = page.waitForResponse((r) => r.url().endsWith('/api/product/preview') && r.status() === 200);
  await chooseOption(page, page.locator('#product-area'), '陕西', { type: true });
  const answer = await previewed;
  expect(answer.headers()['content-type']).toBe('image/png');
  await expect(preview).toHaveAttribute('data-state', 'ready');

  // Make it: the job's progress, then its files.
  const made = page.waitForResponse((r) => r.url().endsWith('/api/product/make'));
  await page.locator('#product-make').click();
  const body = (await (await made).json()) as { code: number; data: { productId: number } };
  expect(body.code).toBe(0);
  const files = page.getByTestId('product-files');
  await expect(files).toBeVisible();
  await expect(files.locator('.ant-list-item')).toHaveCount(1);
  await expect(files).toContainText('陕西');
  await expect(files).toContainText('24小时降水量');

  const pdfDownload = page.waitForEvent('download');
  await files.locator('button[data-format=pdf]').click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toMatch(/^陕西.*24小时降水量预报\.pdf$/);
  const pdfPath = await pdf.path();
  expect(fs.readFileSync(pdfPath).subarray(0, 5).toString()).toBe('%PDF-');
  const text = execFileSync('pdftotext', [pdfPath, '-'], { encoding: 'utf8' });
  expect(text).toContain('24小时降水量预报');
  expect(text).toContain('图');
  expect(text).toContain('发布单位');

  const pngDownload = page.waitForEvent('download');
  await files.locator('button[data-format=png]').click();
  const png = await pngDownload;
  expect(png.suggestedFilename()).toMatch(/\.png$/);
  expect(
    fs
      .readFileSync(await png.path())
      .subarray(1, 4)
      .toString(),
  ).toBe('PNG');

  // The template editor: an unknown placeholder is hinted and blocks saving; the unsaved template is previewed.
  await page.getByRole('tab', { name: '产品模板' }).click();
  const title = page.locator('#template-title');
  await expect(title).toHaveValue(/\{region\}/);
  await title.fill('{region}{weather}预报');
  await expect(page.locator('.ant-form-item-explain-error', { hasText: '未知的占位符 {weather}' })).toBeVisible();
  await expect(page.locator('#template-save')).toBeDisabled();
  const draft = '{region}{factor}预报（草稿）';
  const livePreview = page.waitForResponse(
    (r) =>
      r.url().endsWith('/api/product/preview') &&
      r.status() === 200 &&
      (r.request().postDataJSON() as { template?: { title?: string } }).template?.title === draft,
  );
  await title.fill(draft);
  expect((await livePreview).headers()['content-type']).toBe('image/png');
  await expect(page.locator('#template-save')).toBeEnabled();
});

test('a product schedule is saved with its trigger, listed, switched off and deleted', async ({ page }) => {
  await storeSession(page, 'demo-make', ADMIN_PASSWORD);
  await page.goto(at('/make-manage/make-product'));
  await page.getByRole('tab', { name: '自动制作' }).click();
  const panel = page.getByTestId('product-schedules');
  await panel.locator('#schedule-add').click();
  const name = `E2E 每日降水 ${Date.now()}`;
  await page.locator('#schedule-name').fill(name);
  await page.locator('#schedule-trigger').getByText('每天定时').click();
  await expect(page.locator('#schedule-time')).toHaveValue('08:00');

  const saved = page.waitForResponse((r) => r.url().endsWith('/api/product/schedule/save'));
  const toast = expect(page.locator('.ant-message')).toContainText('计划已保存');
  await page.locator('#schedule-save').click();
  const body = (await (await saved).json()) as { code: number; data: { id: number } };
  expect(body.code).toBe(0);
  expect(body.data).toMatchObject({ name, trigger: 'daily', time: '08:00', enabled: true, lastProductId: null });
  await toast;
  const row = panel.locator('#schedule-table tr.ant-table-row').filter({ hasText: name });
  await expect(row).toContainText('每天 08:00');
  await expect(row).toContainText('3小时降水');
  await expect(row).toContainText('尚未制作');

  // Switched off: the server holds it.
  const off = page.waitForResponse((r) => r.url().endsWith('/api/product/schedule/save'));
  await row.getByRole('switch').click();
  expect(((await (await off).json()) as { data: { enabled: boolean } }).data.enabled).toBe(false);
  await expect(row.getByRole('switch')).toHaveAttribute('aria-checked', 'false');
  const token = await cookie(page.context(), 'Access-Token');
  const listed = (await (
    await page.request.get(at('/api/product/schedule/list'), { headers: { authorization: `Bearer ${token}` } })
  ).json()) as {
    data: Array<{ id: number; enabled: boolean }>;
  };
  expect(listed.data.find((s) => s.id === body.data.id)?.enabled).toBe(false);

  // Deleted after a confirmation.
  await row.getByRole('button', { name: '删除' }).click();
  const deleted = page.waitForResponse((r) => r.url().endsWith('/api/product/schedule/delete'));
  // Clicked once the confirmation has finished zooming in: a click during antd's motion was lost once in a full run.
  const confirm = page.locator('.ant-popconfirm').filter({ has: page.locator('.ant-btn-primary') });
  await expect(confirm).toBeVisible();
  await expect(confirm).not.toHaveClass(/ant-zoom-big-(appear|enter)/);
  await confirm.locator('.ant-btn-primary').click();
  expect(((await (await deleted).json()) as { code: number }).code).toBe(0);
  await expect(row).toHaveCount(0);
});
