import { expect, test, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, at, chooseLanguage, chooseOption, cookie, LANGUAGES_AND_SIZES, openSignedIn, pngFixture } from './fixtures';

/**
 * The official-account manager (docs/weixin.md) against the simulator the demo server runs in process: the demo
 * account tested, a wrong AppID told with what to do, followers synced and searched; the menu edited (a name too long
 * refused before saving, reordered), saved, published and compared with what WeChat has.
 */

const rows = (page: Page, table: string) => page.locator(`#${table} .ant-table-tbody tr.ant-table-row`);

test('accounts: the demo account tested, a wrong AppID explained, followers synced and searched', async ({ page }) => {
  await openSignedIn(page, '/weixin-admin/weixin-account', 'demo-weixin', ADMIN_PASSWORD);
  const demo = rows(page, 'wx-account-table').filter({ hasText: '陕西农业气象' });
  await expect(demo).toBeVisible();
  await demo.getByRole('button', { name: '测试连接 陕西农业气象' }).click();
  await expect(page.locator('.ant-modal-confirm').filter({ hasText: '连接成功' })).toBeVisible();
  await page.locator('.ant-modal-confirm .ant-btn-primary').click();
  await expect(demo).toContainText('正常');

  // A new account whose AppID WeChat does not know: the test says so and what to do; the secret is never shown again.
  const appId = `wx${Date.now().toString(16).padStart(16, '0').slice(-16)}`;
  await page.locator('#wx-account-create').click();
  const form = page.getByRole('dialog', { name: '新增公众号' });
  await form.locator('#wx-name').fill('测试号');
  await form.locator('#wx-wxid').fill('gh_0123456789ab');
  await form.locator('#wx-appid').fill(appId);
  await form.locator('#wx-secret').fill('a-secret-of-sixteen-plus');
  await form.locator('#wx-token').fill('token123');
  await form.locator('#wx-avatar-upload').click();
  const upload = page.locator('.image-upload-dialog');
  await upload.locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: pngFixture(400, 400) });
  await upload.locator('#image-upload-submit').click();
  await expect(upload).toBeHidden();
  await expect(form.getByTestId('wx-avatar').locator('img')).toHaveAttribute('src', /\/api\/files\//);
  const created = page.waitForResponse((r) => r.url().endsWith('/api/wx/account/insert'));
  await form.locator('#wx-account-submit').click();
  const body = (await (await created).json()) as { code: number; data: { secret: string; avatar: string } };
  expect(body.code).toBe(0);
  expect(body.data.avatar).toMatch(/^\/api\/files\//);
  expect(body.data.secret).toBe('••••••••');
  const mine = rows(page, 'wx-account-table').filter({ hasText: appId });
  await mine.getByRole('button', { name: '测试连接 测试号' }).click();
  const failed = page.locator('.ant-modal-confirm').filter({ hasText: '40013' });
  await expect(failed).toContainText('AppID 无效');
  await page.locator('.ant-modal-confirm .ant-btn-primary').click();
  await expect(mine).toContainText('错误 40013');
  await mine.getByRole('button', { name: '删除 测试号' }).click();
  await page.locator('#confirm-delete').click();
  await expect(mine).toHaveCount(0);

  await page.getByRole('tab', { name: '粉丝' }).click();
  await page.locator('#wx-follower-sync').click();
  await expect(page.getByText(/已同步 36 位粉丝/)).toBeVisible();
  await page.locator('#wx-follower-search').fill('王');
  await page.locator('#wx-follower-search').press('Enter');
  await expect
    .poll(async () => (await rows(page, 'wx-follower-table').locator('td:first-child').allTextContents()).every((n) => n.includes('王')))
    .toBe(true);
  await expect(rows(page, 'wx-follower-table').first()).toBeVisible();
});

test('menu: a name too long is refused before saving; reordered, saved, published and the same as WeChat’s', async ({ page }) => {
  await openSignedIn(page, '/weixin-admin/weixin-menu', 'demo-weixin', ADMIN_PASSWORD);
  const pageBox = page.locator('#wx-menu-page');
  const tree = page.locator('#wx-menu-tree');
  await expect(tree.locator('[data-place="button.2"]')).toContainText('预警信息');
  await expect(page.getByTestId('wx-phone-button')).toHaveCount(3);

  await tree.locator('[data-place="button.2"]').click();
  await page.locator('#wx-button-name').fill('天气预警信息发布');
  await expect(page.locator('#wx-menu-issues')).toContainText('名称不能超过 16 字节');
  await expect(page.locator('#wx-menu-save')).toBeDisabled();
  await page.locator('#wx-button-name').fill('灾害预警');
  await expect(page.locator('#wx-menu-issues')).toHaveCount(0);

  // Drag the third button to the front.
  await tree.locator('[data-place="button.2"]').dragTo(tree.locator('[data-place="button.0"]'));
  await expect(tree.locator('[data-place="button.0"]')).toContainText('灾害预警');
  await expect(page.getByTestId('wx-phone-button').first()).toHaveText('灾害预警');
  await expect(pageBox).toHaveAttribute('data-dirty', 'true');
  await expect(page.locator('#wx-menu-publish')).toBeDisabled();

  const version = Number(await pageBox.getAttribute('data-version'));
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/wx/menu/save'));
  await page.locator('#wx-menu-save').click();
  expect(((await (await saved).json()) as { code: number }).code).toBe(0);
  await expect(pageBox).toHaveAttribute('data-version', String(version + 1));
  await expect(pageBox).toHaveAttribute('data-dirty', 'false');

  await page.locator('#wx-menu-fetch').click();
  await expect(page.locator('#wx-menu-diff')).toContainText('已修改');

  const published = page.waitForResponse((r) => r.url().endsWith('/api/wx/menu/publish'));
  await page.locator('#wx-menu-publish').click();
  await page.locator('#wx-menu-publish-confirm').click();
  expect(((await (await published).json()) as { code: number }).code).toBe(0);
  await expect(page.locator('#wx-menu-status')).toContainText('最近发布');
  await page.locator('#wx-menu-fetch').click();
  await expect(page.locator('#wx-menu-diff')).toContainText('草稿与微信当前菜单一致');
});

test('sending: composed to a tag, previewed to one follower, approved by another person, reported by WeChat', async ({ page }) => {
  const text = `霜冻预警测试 ${Date.now().toString(36)}`;
  await openSignedIn(page, '/weixin-admin/weixin-send', 'demo-weixin', ADMIN_PASSWORD);
  // The demo history holds a sent message.
  await expect(rows(page, 'wx-send-table').filter({ hasText: '农事提醒' })).toContainText('已发送');

  await page.locator('#wx-send-create').click();
  const form = page.getByRole('dialog', { name: '新建群发' });
  await form.locator('#wx-send-text').fill(text);
  await form.getByText('按标签').click();
  await chooseOption(page, form.locator('#wx-send-tag'), /种植大户/);
  const created = page.waitForResponse((r) => r.url().endsWith('/api/wx/send/create'));
  await form.locator('#wx-send-submit').click();
  const send = ((await (await created).json()) as { data: { id: number; state: string } }).data;
  expect(send.state).toBe('pending');
  const mine = rows(page, 'wx-send-table').filter({ hasText: text });
  await expect(mine).toContainText('待审核');
  // Its author may preview it; approving is the approver's code, not offered to the operator at all.
  await expect(mine.getByRole('button', { name: `审核通过并发送 #${send.id}` })).toHaveCount(0);
  await mine.getByRole('button', { name: `预览 #${send.id}` }).click();
  const preview = page.getByRole('dialog', { name: '预览给一位粉丝' });
  await preview.locator('#wx-preview-follower').click();
  await page.locator('.ant-select-item-option').first().click();
  const previewed = page.waitForResponse((r) => r.url().endsWith('/api/wx/send/preview'));
  await preview.locator('#wx-preview-submit').click();
  expect(((await (await previewed).json()) as { code: number }).code).toBe(0);

  // Another person approves: handed to WeChat, then WeChat's outcome is checked.
  await page.context().clearCookies();
  await openSignedIn(page, '/weixin-admin/weixin-send', 'demo-wx-approver', ADMIN_PASSWORD);
  const theirs = rows(page, 'wx-send-table').filter({ hasText: text });
  // The approver composes nothing and previews nothing (docs/security.md#separation-of-duties).
  await expect(theirs.getByRole('button', { name: `审核通过并发送 #${send.id}` })).toBeEnabled();
  await expect(page.locator('#wx-send-create')).toHaveCount(0);
  await expect(theirs.getByRole('button', { name: `预览 #${send.id}` })).toHaveCount(0);
  await theirs.getByRole('button', { name: `审核通过并发送 #${send.id}` }).click();
  const approved = page.waitForResponse((r) => r.url().endsWith('/api/wx/send/approve'));
  await page.locator('#wx-approve-confirm').click();
  expect(((await (await approved).json()) as { data: { state: string } }).data.state).toBe('submitted');
  await expect(theirs).toContainText('已提交微信');
  await theirs.getByRole('button', { name: `查询结果 #${send.id}` }).click();
  await expect(theirs).toContainText('已发送');
  await expect(theirs).toContainText('24 / 24');
});

test('media: a file not a picture refused, a picture uploaded, counted, previewed and deleted', async ({ page }) => {
  await openSignedIn(page, '/weixin-admin/weixin-media', 'demo-weixin', ADMIN_PASSWORD);
  await expect(page.locator('#wx-media-limits')).toContainText('jpg, png, gif, bmp');
  const count = async () => Number(/\((\d+)\)/.exec((await page.getByRole('tab', { name: /图片/ }).textContent()) ?? '')?.[1] ?? -1);
  await expect.poll(count).toBeGreaterThanOrEqual(0);
  const before = await count();
  const input = page.locator('#wx-media-page input[type=file]');

  const refused = page.waitForResponse((r) => r.url().endsWith('/api/wx/media/upload'));
  await input.setInputFiles({ name: 'not-a-picture.png', mimeType: 'image/png', buffer: Buffer.from('<svg onload="alert(1)"/>') });
  expect(((await (await refused).json()) as { code: number }).code).toBe(4100);
  await expect(page.getByText(/文件格式不符合该类素材的要求/)).toBeVisible();

  const name = `麦田${Date.now().toString(36)}.png`;
  const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/wx/media/upload'));
  await input.setInputFiles({ name, mimeType: 'image/png', buffer: pngFixture(320, 240) });
  expect(((await (await uploaded).json()) as { code: number }).code).toBe(0);
  const row = rows(page, 'wx-media-table').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect.poll(count).toBe(before + 1);

  await row.getByRole('button', { name: `预览 ${name}` }).click();
  const img = page.locator('#wx-media-preview');
  await expect.poll(async () => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBe(320);
  await page.keyboard.press('Escape');

  await row.getByRole('button', { name: `删除 ${name}` }).click();
  await page.locator('#confirm-delete').click();
  await expect(row).toHaveCount(0);
  await expect.poll(count).toBe(before);
});

test('dashboard: the official account’s followers and the sends waiting for approval', async ({ page }) => {
  await openSignedIn(page, '/dashboard', 'demo-wx-approver', ADMIN_PASSWORD);
  await expect(page.getByTestId('dashboard-wx-sends')).toContainText(/公众号群发：待审核 \d+/);
  await expect(page.getByTestId('dashboard-wx-sends')).toContainText('农事提醒');
  await page.context().clearCookies();
  await openSignedIn(page, '/dashboard', 'demo-weixin', ADMIN_PASSWORD);
  await expect(page.getByTestId('dashboard-wx-followers')).toContainText('陕西农业气象');
  await expect(page.getByTestId('dashboard-wx-followers')).toContainText(/\d+ 位粉丝/);
});

/**
 * The dashboard's sends card: the list under "waiting for approval: N" holds the N waiting sends and nothing else
 * (it once listed the latest sends, a sent one under "waiting: 0"); the latest sends, apart under their own heading,
 * show each state's tag clear of its date.
 */
test('dashboard: the sends card lists only the waiting sends under their count, tags clear of dates, in every language at 1280×720 and 1920×1080', async ({
  page,
  context,
}) => {
  await openSignedIn(page, '/dashboard', 'demo-wx-approver', ADMIN_PASSWORD);
  const headers = { Authorization: `Bearer ${await cookie(context, 'Access-Token')}` };
  // One send waiting at least, beside the demo's sent ones: composed by the operator, as the approver may not
  // (docs/security.md#separation-of-duties).
  const login = await page.request.post(at('/api/login/login'), { data: { username: 'demo-weixin', password: ADMIN_PASSWORD } });
  const operator = { Authorization: `Bearer ${((await login.json()) as { data: { access_token: string } }).data.access_token}` };
  const accounts = (await (await page.request.get(at('/api/wx/account/list'), { headers })).json()) as { data: Array<{ id: number }> };
  const text = `待审核测试 ${Date.now().toString(36)}`;
  const created = await page.request.post(at('/api/wx/send/create'), {
    headers: operator,
    data: { accountId: accounts.data[0]!.id, kind: 'text', text, target: 'all' },
  });
  const answer = (await created.json()) as { code: number; msg: string };
  expect(answer.code, answer.msg).toBe(0);
  const pending = (
    (await (await page.request.get(at('/api/wx/send/page?state=pending&page=1&size=5'), { headers })).json()) as {
      data: { total: number; list: Array<{ content: string }> };
    }
  ).data;
  await page.reload();

  const card = page.getByTestId('dashboard-wx-sends');
  const waiting = card.getByTestId('dashboard-wx-waiting').locator('.ant-list-item');
  const latest = card.getByTestId('dashboard-wx-latest').locator('.ant-list-item');
  for (const [lang, size] of LANGUAGES_AND_SIZES) {
    await page.setViewportSize(size);
    await chooseLanguage(page, lang);
    await expect(card.locator('.ant-card-head-title')).toContainText(String(pending.total));
    await expect(waiting).toHaveCount(pending.list.length);
    expect(await waiting.allTextContents()).toEqual(pending.list.map((s) => expect.stringContaining(s.content.split('\n')[0]!)));

    // The latest sends: each tag ends at least 4 px before its date.
    await expect(latest.first()).toBeVisible();
    const gaps = await latest.evaluateAll((items) =>
      items.map((item) => {
        const tag = item.querySelector('.ant-tag')!.getBoundingClientRect();
        const date = item.querySelector('time')!.getBoundingClientRect();
        return Math.round(date.left - tag.right);
      }),
    );
    expect(
      gaps.filter((gap) => gap < 4),
      `${lang}, ${size.width}×${size.height}`,
    ).toEqual([]);
  }
});
