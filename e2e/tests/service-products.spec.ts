import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, chooseOption, openSignedIn, pngFixture, storeSession } from './fixtures';

/**
 * Service products (docs/articles.md): a weekly bulletin written from its kind's template with an uploaded picture,
 * submitted by its author, approved and published by another user, and downloaded as a PDF whose text and image are
 * read back with pdftotext and pdfimages.
 */

const uid = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
const ok = async (page: Page, url: string, click: () => Promise<void>) => {
  const answer = page.waitForResponse((r) => r.url().includes(url) && r.request().method() === 'POST');
  await click();
  const body = (await (await answer).json()) as { code: number; msg: string; data: unknown };
  expect(body.code, body.msg).toBe(0);
  return body.data;
};

test('a bulletin from a template with a picture: submitted, approved by another user, published, printed', async ({ page }) => {
  const title = `冬小麦越冬期农业气象服务 ${uid()}`;
  await openSignedIn(page, '/service-products', 'demo-products', ADMIN_PASSWORD);
  await expect(page.locator('#article-table .ant-table-row').first()).toBeVisible();

  await page.locator('#article-create').click();
  const dialog = page.getByRole('dialog', { name: '新建服务产品' });
  await chooseOption(page, dialog.locator('#article-create-kind'), '农业气象周报');
  await expect(dialog.getByText(/将编为 \d{4} 年第 \d+ 期/)).toBeVisible();
  await expect(dialog.locator('.article-template-preview')).toContainText('一、天气实况');
  await dialog.locator('#article-create-title').fill(title);
  const created = (await ok(page, '/api/article/add', () => dialog.locator('#article-create-ok').click())) as { id: number };

  // The editor (tiptap, loaded on demand) opens on the new draft with the template filled in.
  const editor = page.locator('#article-editor .tiptap');
  await expect(editor).toContainText('一、天气实况');
  await expect(editor).not.toContainText('{unit}');
  await editor.locator('p').last().click();
  await page.keyboard.type('关中旱地麦田适时冬灌。');
  const uploaded = page.waitForResponse((r) => r.url().includes('/api/file/upload'));
  await page.locator('#article-image-file').setInputFiles({ name: '降水预报图.png', mimeType: 'image/png', buffer: pngFixture(96, 64) });
  expect(((await (await uploaded).json()) as { code: number }).code).toBe(0);
  await expect(editor.locator('img[src^="/api/files/"]')).toHaveCount(1);
  await page.locator('#article-tool-table').click();
  await expect(editor.locator('table')).toHaveCount(1);
  await expect(editor.locator('img[src^="/api/files/"]')).toHaveCount(1);
  const saved = (await ok(page, '/api/article/update', () => page.locator('#article-editor-save').click())) as { body: string };
  expect(saved.body).toMatch(/<img src="\/api\/files\/[^"]+" alt="降水预报图" \/>/);
  expect(saved.body).toContain('<table>');

  const row = page.locator('#article-table .ant-table-row').filter({ hasText: title });
  await expect(row.locator('.article-state')).toHaveAttribute('data-state', 'draft');
  // The author cannot approve their own document: the page does not offer it.
  await ok(page, '/api/article/submit', () => page.locator(`#article-submit-${created.id}`).click());
  await expect(row.locator('.article-state')).toHaveAttribute('data-state', 'submitted');
  await expect(page.locator(`#article-approve-${created.id}`)).toHaveCount(0);

  await storeSession(page, 'demo-reviewer', ADMIN_PASSWORD);
  await page.reload();
  await ok(page, '/api/article/approve', () => page.locator(`#article-approve-${created.id}`).click());
  await expect(row.locator('.article-state')).toHaveAttribute('data-state', 'approved');
  await page.locator(`#article-publish-${created.id}`).click();
  await ok(page, '/api/article/publish', () => page.locator(`#article-publish-ok-${created.id}`).click());
  await expect(row.locator('.article-state')).toHaveAttribute('data-state', 'published');
  await expect(page.locator(`#article-edit-${created.id}`)).toHaveCount(0);

  // The preview shows the masthead and the history of the steps.
  await page.locator(`#article-view-${created.id}`).click();
  await expect(page.locator('#article-preview')).toContainText(title);
  await expect(page.locator('#article-preview')).toContainText('签发：服务产品审核员');
  await expect(page.locator('#article-history')).toContainText('发布');
  await page.keyboard.press('Escape');

  const download = page.waitForEvent('download');
  await page.locator(`#article-pdf-${created.id}`).click();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-e2e-'));
  const file = path.join(dir, 'bulletin.pdf');
  await (await download).saveAs(file);
  const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
  for (const s of ['农业气象周报', title.slice(0, 12), '一、天气实况', '关中旱地麦田适时冬灌', '签发：服务产品审核员'])
    expect(text).toContain(s);
  expect(text).toMatch(/\d{4} 年第 \d+ 期/);
  expect(execFileSync('pdfimages', ['-list', file]).toString()).toMatch(/\s96\s+64\s/);
  fs.rmSync(dir, { recursive: true, force: true });
});
