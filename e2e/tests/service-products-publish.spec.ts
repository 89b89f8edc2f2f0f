import { expect, test, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, at, chooseOption, chooseUserMenu, openSignedIn, storeSession } from './fixtures';

/**
 * Service products, publishing and the page's settings (docs/articles.md#platforms): a user chooses publishing
 * platforms in personal settings, a document with an attached file is published and shows a state per platform
 * (the website's public page readable without signing in, the official account pending); a kind is added with a
 * template written in the editor, edited and deleted.
 */

const uid = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
const ok = async (page: Page, url: string, click: () => Promise<void>) => {
  const answer = page.waitForResponse((r) => r.url().includes(url) && r.request().method() === 'POST');
  await click();
  const body = (await (await answer).json()) as { code: number; msg: string; data: unknown };
  expect(body.code, body.msg).toBe(0);
  return body.data;
};

test('platforms chosen in personal settings, a document with an attachment published to each of them', async ({ page }) => {
  const title = `寒潮降温服务快报 ${uid()}`;

  // The reviewer, who will publish, chooses both of the customer's platforms.
  await openSignedIn(page, '/service-products', 'demo-reviewer', ADMIN_PASSWORD);
  await chooseUserMenu(page, '#user-menu-settings');
  const settings = page.locator('.settings-dialog');
  const select = settings.locator('.ant-form-item', { hasText: '发布平台' }).locator('.ant-select');
  // The demo gives the reviewer the website; start from none so the choice below is the whole of it.
  await expect(select.locator('.ant-select-selection-item')).toHaveText(['门户网站']);
  await select.hover();
  await select.locator('.ant-select-clear').click();
  await expect(select.locator('.ant-select-selection-item')).toHaveCount(0);
  await chooseOption(page, select, '微信公众号');
  await page.keyboard.press('Escape');
  await chooseOption(page, select, '门户网站');
  await page.keyboard.press('Escape');
  await expect(select.locator('.ant-select-selection-item')).toHaveCount(2);
  const info = (await ok(page, '/api/user/setting', () => settings.locator('#settings-submit').click())) as {
    setting: { articlePlatform: string[] };
  };
  expect(info.setting.articlePlatform).toHaveLength(2);

  // The author writes a blank document and attaches a CSV.
  await storeSession(page, 'demo-products', ADMIN_PASSWORD);
  await page.reload();
  await page.locator('#article-create').click();
  const dialog = page.getByRole('dialog', { name: '新建服务产品' });
  await chooseOption(page, dialog.locator('#article-create-kind'), '决策服务快报');
  await dialog.locator('#article-create-title').fill(title);
  await dialog.locator('#article-create-mode').getByText('空白文档').click();
  const created = (await ok(page, '/api/article/add', () => dialog.locator('#article-create-ok').click())) as { id: number };
  const editor = page.locator('#article-editor .tiptap');
  await editor.click();
  await page.keyboard.type('预计未来三天全省有一次寒潮天气过程。');
  const attached = page.waitForResponse((r) => r.url().includes('/api/article/attachment/upload'));
  await page.locator('#article-attachment-file').setInputFiles({
    name: '降温幅度表.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('站点,降温\n西安,10\n', 'utf8'),
  });
  expect(((await (await attached).json()) as { code: number }).code).toBe(0);
  await expect(page.locator('#article-attachments .article-attachment-name')).toHaveText(['降温幅度表.csv']);
  // A file whose bytes are not what its name says is refused, and not listed.
  const refused = page.waitForResponse((r) => r.url().includes('/api/article/attachment/upload'));
  await page
    .locator('#article-attachment-file')
    .setInputFiles({ name: 'report.pdf', mimeType: 'application/pdf', buffer: Buffer.from('MZ not a pdf') });
  expect(((await (await refused).json()) as { code: number }).code).not.toBe(0);
  await expect(page.locator('#article-attachments .article-attachment-name')).toHaveCount(1);
  await ok(page, '/api/article/update', () => page.locator('#article-editor-save').click());
  await ok(page, '/api/article/submit', () => page.locator(`#article-submit-${created.id}`).click());

  // The reviewer approves and publishes; the confirmation names the platforms.
  await storeSession(page, 'demo-reviewer', ADMIN_PASSWORD);
  await page.reload();
  // The reviewer holds only the approving code (docs/security.md#separation-of-duties): nothing to write with.
  await expect(page.locator(`#article-approve-${created.id}`)).toBeVisible();
  await expect(page.locator('#article-create')).toHaveCount(0);
  await expect(page.locator('#article-settings')).toHaveCount(0);
  await expect(page.locator(`#article-duplicate-${created.id}`)).toHaveCount(0);
  await ok(page, '/api/article/approve', () => page.locator(`#article-approve-${created.id}`).click());
  await page.locator(`#article-publish-${created.id}`).click();
  await expect(page.locator('#article-publish-platforms')).toContainText('微信公众号');
  await expect(page.locator('#article-publish-platforms')).toContainText('门户网站');
  const published = (await ok(page, '/api/article/publish', () => page.locator(`#article-publish-ok-${created.id}`).click())) as {
    publications: Array<{ platformType: string; state: string; url: string }>;
  };
  expect(published.publications.map((p) => [p.platformType, p.state])).toEqual([
    ['officialAccount', 'pending'],
    ['website', 'published'],
  ]);

  await page.locator(`#article-view-${created.id}`).click();
  const rows = page.locator('#article-publications .ant-table-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: '微信公众号' }).locator('.article-publication-state')).toHaveText('待发送');
  await expect(rows.filter({ hasText: '微信公众号' })).toContainText('公众号群发尚未接入服务产品');
  await expect(rows.filter({ hasText: '门户网站' }).locator('.article-publication-state')).toHaveText('已发布');
  const link = rows.filter({ hasText: '门户网站' }).locator('a.article-publication-url');
  await expect(link).toHaveAttribute('href', `/api/public/articles/${created.id}`);
  await expect(page.locator('#article-attachments .article-attachment-name')).toHaveText(['降温幅度表.csv']);
  // No attaching or removing once published.
  await expect(page.locator('#article-attach')).toHaveCount(0);

  const download = page.waitForEvent('download');
  await page.locator('#article-attachments [id^="article-attachment-download-"]').click();
  expect((await download).suggestedFilename()).toBe('降温幅度表.csv');

  // The public page, without a token.
  const pub = await page.request.get(at(`/api/public/articles/${created.id}`));
  expect(pub.status()).toBe(200);
  const html = await pub.text();
  expect(html).toContain(title);
  expect(html).toContain('预计未来三天全省有一次寒潮天气过程。');
  expect(html).toContain('附件：降温幅度表.csv');
});

test('a kind added with its template in the editor, renamed, and deleted', async ({ page }) => {
  const name = `春播专报${uid().slice(-4)}`;
  await openSignedIn(page, '/service-products', 'demo-products', ADMIN_PASSWORD);
  await page.locator('#article-settings').click();
  await page.locator('#article-kind-add').click();
  await page.locator('#article-kind-name').fill(name);
  await page.locator('#article-kind-series').fill('春播气象服务');
  const template = page.locator('#article-kind-template .tiptap');
  await template.click();
  await page.keyboard.type('一、墒情 ');
  await page.locator('#article-placeholder-date').click();
  const saved = (await ok(page, '/api/article/kind/save', () => page.locator('#article-kind-save').click())) as {
    id: number;
    template: string;
  };
  expect(saved.template).toContain('一、墒情 {date}');
  const row = page.locator('#article-kinds .ant-table-row').filter({ hasText: name });
  await expect(row).toContainText('春播气象服务');

  await page.locator(`#article-kind-edit-${saved.id}`).click();
  await expect(template).toContainText('一、墒情 {date}');
  await page.locator('#article-kind-name').fill(`${name}改`);
  await template.click();
  await page.keyboard.press('End');
  await page.locator('#article-placeholder-issueNumber').click();
  const edited = (await ok(page, '/api/article/kind/save', () => page.locator('#article-kind-save').click())) as {
    name: string;
    template: string;
    version: number;
  };
  expect(edited).toMatchObject({ name: `${name}改`, version: 2 });
  expect(edited.template).toContain('{issueNumber}');
  await expect(page.locator('#article-kinds .ant-table-row').filter({ hasText: `${name}改` })).toHaveCount(1);

  // A kind in use (the weekly bulletin of the demo) is refused; the new one goes.
  const weekly = page.locator('#article-kinds .ant-table-row').filter({ hasText: '农业气象周报' });
  await weekly.locator('[id^="article-kind-delete-"]').click();
  const refusal = page.waitForResponse((r) => r.url().includes('/api/article/kind/delete'));
  await page.locator('[id^="article-kind-delete-ok-"]').last().click();
  expect(((await (await refusal).json()) as { code: number }).code).toBe(4009);
  await expect(weekly).toHaveCount(1);
  await page.locator(`#article-kind-delete-${saved.id}`).click();
  await ok(page, '/api/article/kind/delete', () => page.locator(`#article-kind-delete-ok-${saved.id}`).click());
  await expect(page.locator('#article-kinds .ant-table-row').filter({ hasText: name })).toHaveCount(0);
});
