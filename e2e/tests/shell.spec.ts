import { expect, test, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, at, baseUrl, chooseUserMenu, cookie, openSignedIn, openTab, pngFixture, signIn, tab } from './fixtures';

/** The top-level menu entries, whose visible text is their title (groups are closed on the dashboard). */
const topMenu = (page: Page) => page.locator('#sidebar .sidebar-menu > li');

/** Opens a page from the left menu and waits until its view is the one shown. */
async function openMenu(page: Page, group: string, item: string) {
  const sidebar = page.locator('#sidebar');
  const entry = sidebar.getByRole('menuitem', { name: item, exact: true });
  // Whether the group is open is read once the menu is at rest: a group still sliding open (or shut, as the route
  // changed) would be read wrongly, and a click on a moving entry can be lost.
  const motion = sidebar.locator('[class*="motion-collapse"]');
  await expect(motion).toHaveCount(0);
  if (!(await entry.isVisible())) {
    await sidebar.getByRole('menuitem', { name: group, exact: true }).click();
    await expect(motion).toHaveCount(0);
    await expect(entry).toBeVisible();
  }
  await entry.click();
  await expect(tab(page, item)).toHaveAttribute('aria-selected', 'true');
}

/**
 * The keyword search of the visible list page (user, role, customer and permission management each have one; kept-alive
 * pages that are hidden hold their own, which a role query does not see).
 */
const keyword = (page: Page) => page.getByRole('main').getByRole('searchbox', { name: '搜索', exact: true });

/** The keyword search's button, whose height is the control height of the chosen size. */
const searchButtonHeight = async (page: Page) =>
  (await page.getByRole('main').getByRole('button', { name: '搜索', exact: true }).boundingBox())?.height;

/** The tabs of the strip, whose text is their title (assert with toHaveText, which waits for the strip to settle). */
const tabTitles = (page: Page) => page.locator('#tags-view [role="tab"]');

/** Chooses an entry of a tab's context menu, and waits until the menu has closed. */
async function contextMenu(page: Page, tabTitle: string, action: string) {
  // Each tab has its own menu; only one is open (or closing) at a time, so this is the one just opened.
  const menu = page.locator('.tags-view-menu:not(.ant-dropdown-hidden)');
  await expect(menu).toHaveCount(0);
  await tab(page, tabTitle).click({ button: 'right' });
  const entry = menu.getByRole('menuitem', { name: action, exact: true });
  await expect(entry).toBeVisible();
  // A click on a menu still sliding open can miss its entry: wait for the motion to end.
  await expect(menu).not.toHaveClass(/-(appear|enter)/);
  await entry.click();
  await expect(menu).toHaveCount(0);
}

test.describe('menu and access', () => {
  test('the admin sees every group; groups with one visible page show it directly', async ({ page }) => {
    await signIn(page);
    await expect(page.locator('#sidebar')).toBeVisible();
    await expect(topMenu(page)).toHaveText(
      ['首页', '数据订正', '产品制作管理', '区划管理', '服务产品', '系统管理', '灾情记录', '旅游管理', '公众号管理'],
      { useInnerText: true },
    );
    await page.locator('#sidebar').getByRole('menuitem', { name: '系统管理', exact: true }).click();
    await page.locator('#sidebar').getByRole('menuitem', { name: '系统日志', exact: true }).click();
    await expect(page).toHaveURL(/\/system-admin\/sys-log$/);
    await expect(page.locator('#sidebar .ant-menu-item-selected')).toHaveText('系统日志');
    await expect(page.locator('.navbar-breadcrumb')).toHaveText(/首页\s*\/\s*系统管理\s*\/\s*系统日志/);
    await expect(page).toHaveTitle('系统日志 - 天策云管理控制台');
  });

  test('a user holding only travel.scenicspot.admin sees only the travel group and is refused other pages', async ({ page }) => {
    await signIn(page, 'demo-travel');
    await expect(topMenu(page)).toHaveText(['首页', '旅游管理'], { useInnerText: true });
    await page.locator('#sidebar').getByRole('menuitem', { name: '旅游管理', exact: true }).click();
    await expect(page.locator('#sidebar .ant-menu-sub .ant-menu-item')).toHaveText(['景区', '景观', '绿道', '线路', '评论']);
    await expect(page.locator('#sys-name')).toHaveText('陕西农业气象服务平台');
    await page.goto(at('/system-admin/sys-user'));
    await expect(page).toHaveURL(at('/401?noGoBack=true'));
  });
});

test.describe('tabs of visited views', () => {
  // The flow is cut in two tests so that each stays well inside its time limit on a loaded machine.
  test('open, switch with preserved input, refresh re-mounts the view', async ({ page }) => {
    await signIn(page);
    await expect(tab(page, '首页')).toHaveAttribute('aria-selected', 'true');
    await expect(tab(page, '首页').locator('.tags-view-close')).toHaveCount(0);

    await openMenu(page, '系统管理', '用户管理');
    await expect(page).toHaveURL(/\/system-admin\/sys-user$/);
    await keyword(page).fill('黄河壶口');
    await openMenu(page, '系统管理', '角色管理');
    await expect(page).toHaveURL(/\/system-admin\/sys-role$/);
    await expect(tabTitles(page)).toHaveText(['首页', '用户管理', '角色管理'], { useInnerText: true });
    await expect(tab(page, '角色管理')).toHaveAttribute('aria-selected', 'true');
    await expect(keyword(page)).toHaveValue('');

    // Switching back finds the input as it was left.
    await openTab(page, '用户管理');
    await expect(page).toHaveURL(/\/system-admin\/sys-user$/);
    await expect(keyword(page)).toHaveValue('黄河壶口');

    // Refresh re-mounts the view: same address, fresh state.
    await contextMenu(page, '用户管理', '刷新');
    await expect(page).toHaveURL(/\/system-admin\/sys-user$/);
    await expect(keyword(page)).toHaveValue('');
  });

  test('close by button goes to the most recently visited tab, middle click closes, a closed view reopens afresh', async ({ page }) => {
    await signIn(page);
    await openMenu(page, '系统管理', '用户管理');
    await keyword(page).fill('华山');
    await openMenu(page, '系统管理', '角色管理');

    // Close on the active tab goes to the most recently visited remaining one.
    await openMenu(page, '系统管理', '客户管理');
    await openTab(page, '角色管理');
    await openTab(page, '客户管理');
    await tab(page, '客户管理').locator('.tags-view-close').click();
    await expect(page).toHaveURL(/\/system-admin\/sys-role$/);
    await expect(tabTitles(page)).toHaveText(['首页', '用户管理', '角色管理'], { useInnerText: true });

    // Middle click closes too; next is the user view, still holding its input.
    await tab(page, '角色管理').click({ button: 'middle' });
    await expect(page).toHaveURL(/\/system-admin\/sys-user$/);
    await expect(keyword(page)).toHaveValue('华山');
    await expect(tabTitles(page)).toHaveText(['首页', '用户管理'], { useInnerText: true });

    // A closed view starts afresh when reopened.
    await openMenu(page, '系统管理', '权限管理');
    await keyword(page).fill('秦岭');
    await tab(page, '权限管理').locator('.tags-view-close').click();
    await openMenu(page, '系统管理', '权限管理');
    await expect(keyword(page)).toHaveValue('');
  });

  test('close others keeps the pinned dashboard and the chosen tab with its input; close all goes home', async ({ page }) => {
    await signIn(page);
    await openMenu(page, '系统管理', '用户管理');
    await keyword(page).fill('华山');
    await openMenu(page, '系统管理', '角色管理');
    await openMenu(page, '系统管理', '系统日志');
    await expect(tabTitles(page)).toHaveText(['首页', '用户管理', '角色管理', '系统日志'], { useInnerText: true });

    // Close Others keeps the pinned dashboard and the chosen tab, and opens it.
    await contextMenu(page, '用户管理', '关闭其他');
    await expect(tabTitles(page)).toHaveText(['首页', '用户管理'], { useInnerText: true });
    await expect(page).toHaveURL(/\/system-admin\/sys-user$/);
    await expect(keyword(page)).toHaveValue('华山');

    // Close All keeps the pinned dashboard and goes there.
    await openMenu(page, '系统管理', '系统日志');
    await contextMenu(page, '系统日志', '关闭所有');
    await expect(tabTitles(page)).toHaveText(['首页'], { useInnerText: true });
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.locator('#dashboard-greeting')).toBeVisible();
  });

  test('the same path with another query updates its tab, and refresh keeps the query', async ({ page }) => {
    await openSignedIn(page, '/system-admin/sys-permission?page=2');
    await expect(tab(page, '权限管理')).toHaveAttribute('aria-selected', 'true');
    await keyword(page).fill('环线');
    await contextMenu(page, '权限管理', '刷新');
    await expect(page).toHaveURL(at('/system-admin/sys-permission?page=2'));
    await expect(keyword(page)).toHaveValue('');

    await openMenu(page, '系统管理', '权限管理');
    await expect(page).toHaveURL(at('/system-admin/sys-permission'));
    await expect(tabTitles(page)).toHaveText(['首页', '权限管理'], { useInnerText: true });
    await openTab(page, '首页');
    await openTab(page, '权限管理');
    await expect(page).toHaveURL(at('/system-admin/sys-permission'));
  });

  test('the tab strip scrolls to bring the active tab into view', async ({ page }) => {
    await page.setViewportSize({ width: 1000, height: 700 });
    await signIn(page);
    // Twelve tabs (about 980 px) overflow the 819 px strip of this width; light pages, so that opening them is quick.
    const pages: Array<[string, string[]]> = [
      ['旅游管理', ['景区', '景观', '绿道', '线路', '评论']],
      ['公众号管理', ['账号管理', '菜单管理', '消息发送', '素材管理']],
      ['系统管理', ['权限管理', '系统日志']],
    ];
    for (const [group, items] of pages) for (const item of items) await openMenu(page, group, item);
    const strip = page.locator('.tags-view-strip');
    const inView = async (title: string) => {
      const s = (await strip.boundingBox())!;
      const t = (await tab(page, title).boundingBox())!;
      return t.x >= s.x - 1 && t.x + t.width <= s.x + s.width + 1;
    };
    await expect.poll(() => strip.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await expect.poll(() => inView('系统日志')).toBe(true);
    await expect.poll(() => inView('首页')).toBe(false);
    await openTab(page, '系统日志');
    await page.locator('#sidebar').getByRole('menuitem', { name: '首页', exact: true }).click();
    await expect.poll(() => inView('首页')).toBe(true);
  });
});

test.describe('toolbar', () => {
  test('the header search finds pages by title or path and opens them', async ({ page }) => {
    await signIn(page);
    await page.locator('#header-search').click();
    await page.keyboard.type('用户管理');
    await page.getByRole('option', { name: '系统管理 > 用户管理', exact: true }).click();
    await expect(page).toHaveURL(/\/system-admin\/sys-user$/);
    await expect(tab(page, '用户管理')).toHaveAttribute('aria-selected', 'true');

    await page.locator('#header-search').click();
    // Typed at once after the click, before the search index may have loaded: no key is lost.
    await page.keyboard.type('travel-greenWay');
    await expect(page.locator('#header-search-input')).toHaveValue('travel-greenWay');
    await expect(page.getByRole('option').first()).toHaveText('旅游管理 > 绿道');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/travel-manage\/travel-greenWay$/);
  });

  test('size switch resizes every control, refreshes the view and persists', async ({ page, context }) => {
    await signIn(page);
    await openMenu(page, '系统管理', '用户管理');
    await expect.poll(() => searchButtonHeight(page)).toBe(36);
    await keyword(page).fill('保留吗');
    await page.locator('#size-select').click();
    await page.getByRole('menuitem', { name: '迷你', exact: true }).click();
    await expect(page.getByText('切换尺寸成功')).toBeVisible();
    await expect.poll(() => searchButtonHeight(page)).toBe(28);
    await expect(keyword(page)).toHaveValue('');
    await expect(page).toHaveURL(/\/system-admin\/sys-user$/);
    await expect.poll(() => cookie(context, 'size')).toBe('mini');

    await page.reload();
    await expect.poll(() => searchButtonHeight(page)).toBe(28);
    await page.locator('#size-select').click();
    await page.getByRole('menuitem', { name: '默认', exact: true }).click();
    await expect.poll(() => searchButtonHeight(page)).toBe(40);
  });

  test('language switch relabels everything at once and persists', async ({ page, context }) => {
    await signIn(page);
    await openMenu(page, '系统管理', '系统日志');
    await page.locator('#language-select').click();
    await page.getByRole('menuitem', { name: 'English', exact: true }).click();
    await expect(page.getByText('Switch Language Success')).toBeVisible();
    await expect(page.locator('#sidebar').getByRole('menuitem', { name: 'Dashboard', exact: true })).toBeVisible();
    await expect(page.locator('#sidebar .ant-menu-item-selected')).toHaveText('System Log');
    await expect(tabTitles(page)).toHaveText(['Dashboard', 'System Log'], { useInnerText: true });
    await expect(page.locator('.navbar-breadcrumb')).toHaveText(/Dashboard\s*\/\s*System Admin\s*\/\s*System Log/);
    await expect(page).toHaveTitle(/^System Log - /);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect.poll(() => cookie(context, 'language')).toBe('en');

    // Size messages speak the new language too.
    await page.locator('#size-select').click();
    await page.getByRole('menuitem', { name: 'Small', exact: true }).click();
    await expect(page.getByText('Switch Size Success')).toBeVisible();

    await page.reload();
    await expect(page.locator('#sidebar').getByRole('menuitem', { name: 'Dashboard', exact: true })).toBeVisible();
    await page.locator('#header-search').click();
    await page.keyboard.type('Scenic');
    await expect(page.getByRole('option').first()).toHaveText('Tourism > Scenic Spots');

    await page.keyboard.press('Escape');
    await page.locator('#language-select').click();
    await page.getByRole('menuitem', { name: 'Español', exact: true }).click();
    await expect(page.locator('#sidebar').getByRole('menuitem', { name: 'Inicio', exact: true })).toBeVisible();
    await expect(tab(page, 'Inicio')).toBeVisible();
  });

  test('theme switch recolours the UI at runtime and persists', async ({ page }) => {
    await signIn(page);
    const activeTab = page.locator('.tags-view-item.active');
    const selectedMenu = page.locator('#sidebar .ant-menu-item-selected');
    await expect(activeTab).toHaveCSS('background-color', 'rgb(64, 158, 255)');
    await page.locator('#theme-picker').click();
    await page.getByRole('button', { name: '翠绿', exact: true }).click();
    await expect(page.getByText('换肤成功')).toBeVisible();
    await expect(activeTab).toHaveCSS('background-color', 'rgb(17, 169, 131)');
    await expect(selectedMenu).toHaveCSS('color', 'rgb(17, 169, 131)');

    await page.reload();
    await expect(activeTab).toHaveCSS('background-color', 'rgb(17, 169, 131)');
    await expect(selectedMenu).toHaveCSS('color', 'rgb(17, 169, 131)');
  });

  test('a page whose module fails to load shows its error panel and lands in the error log', async ({ page }) => {
    await signIn(page);
    await expect(page.locator('#error-log-button')).toHaveCount(0);
    // A real-world failure: the page's chunk cannot be fetched (deploy replaced it, network dropped).
    await page.route(/\/assets\/MediaPage-[^/]+\.js$/, (route) => route.abort());
    await openMenu(page, '公众号管理', '素材管理');
    await expect(page).toHaveURL(/\/weixin-admin\/weixin-media$/);
    await expect(page.getByText('该页面出错了')).toBeVisible();
    // Only the page failed: the console around it works.
    await expect(page.locator('#sidebar')).toBeVisible();
    await expect(tab(page, '素材管理')).toHaveAttribute('aria-selected', 'true');

    await expect(page.locator('#error-log-button')).toBeVisible();
    await page.locator('#error-log-button').click();
    const dialog = page.locator('.error-log-dialog');
    await expect(dialog).toBeVisible();
    await expect.poll(async () => Math.round((await dialog.boundingBox())!.width)).toBe(Math.round(1366 * 0.8));
    await expect(dialog.locator('.error-log-message')).toContainText(/dynamically imported module|Importing a module script failed/);
    await expect(dialog.locator('.error-log-url')).toContainText('/weixin-admin/weixin-media');
    await expect(dialog.locator('.error-log-pre').first()).toContainText('route: weixin-media');
    await dialog.locator('#error-log-clear').click();
    await expect(page.locator('#error-log-button')).toHaveCount(0);

    await page.unroute(/\/assets\/MediaPage-[^/]+\.js$/);
    await openTab(page, '首页');
    await expect(page.locator('#dashboard-greeting')).toBeVisible();
  });
});

test.describe('mobile width', () => {
  test.use({ viewport: { width: 800, height: 900 } });

  test('below 992 px the sidebar is a drawer that closes on navigation; tools but the language are hidden', async ({ page, context }) => {
    await signIn(page);
    await expect(page.locator('#sidebar')).toBeHidden();
    for (const tool of ['#header-search', '#fullscreen-button', '#size-select', '#theme-picker']) {
      await expect(page.locator(tool)).toHaveCount(0);
    }
    // The language stays: a phone's user changes it too.
    await expect(page.locator('#language-select')).toBeVisible();
    await expect(page.locator('#user-menu')).toBeVisible();
    await expect.poll(() => cookie(context, 'sidebarStatus')).toBe('0');

    await page.locator('#hamburger').click();
    await expect(page.locator('#sidebar')).toBeVisible();
    await expect(page.locator('.sidebar-drawer .ant-drawer-mask')).toBeVisible();
    await openMenu(page, '旅游管理', '景观');
    await expect(page).toHaveURL(/\/travel-manage\/travel-landscape$/);
    await expect(page.locator('#sidebar')).toBeHidden();

    // The backdrop closes it too.
    await page.locator('#hamburger').click();
    await expect(page.locator('#sidebar')).toBeVisible();
    await page.mouse.click(700, 500);
    await expect(page.locator('#sidebar')).toBeHidden();
  });
});

test.describe('user menu', () => {
  test('personal settings: required name, avatar chosen, cropped and uploaded, saved without reload', async ({ page }) => {
    await signIn(page, 'demo-make');
    await chooseUserMenu(page, '#user-menu-settings');
    const settings = page.locator('.settings-dialog');
    await expect(settings).toBeVisible();
    // Measured once the opening animation has settled.
    await expect.poll(async () => Math.round((await settings.boundingBox())!.width)).toBe(Math.round(1366 * 0.7));
    await expect(page.locator('#settings_name')).toHaveValue('产品制作员');
    await page.locator('#settings_name').fill('');
    await expect(settings.getByText('必填')).toBeVisible();
    await page.locator('#settings_name').fill('产品制作员甲');
    await page.locator('#settings_email').fill('maker@example.cn');
    await page.locator('#settings_introduction').fill('负责产品制作');

    await page.locator('#settings-change-avatar').click();
    const upload = page.locator('.image-upload-dialog');
    await expect(upload).toBeVisible();
    const fileInput = upload.locator('input[type="file"]');
    await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await expect(upload.locator('#image-upload-problem')).toHaveText('仅限图片格式');
    await fileInput.setInputFiles({ name: 'tiny.png', mimeType: 'image/png', buffer: pngFixture(120, 120) });
    await expect(upload.locator('#image-upload-problem')).toHaveText('图片最低像素为（宽*高）：300*300');

    // Escape closes the widget; the settings stay open.
    await page.keyboard.press('Escape');
    await expect(upload).toBeHidden();
    await expect(settings).toBeVisible();

    await page.locator('#settings-change-avatar').click();
    await upload.locator('input[type="file"]').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: pngFixture(640, 480) });
    const slider = upload.getByRole('slider', { name: '缩放' });
    await expect(slider).toHaveAttribute('aria-valuenow', '0');
    // Held, the zoom button keeps zooming (a step every 60 ms).
    const zoomIn = upload.getByRole('button', { name: '放大' });
    // Held until it has taken several steps (a single press takes one), however slowly the machine runs.
    await zoomIn.hover();
    await page.mouse.down();
    await expect.poll(async () => Number(await slider.getAttribute('aria-valuenow'))).toBeGreaterThan(6);
    await page.mouse.up();

    const answer = page.waitForResponse((r) => r.url().endsWith('/api/file/upload'));
    await upload.locator('#image-upload-submit').click();
    const uploaded = (await (await answer).json()) as { code: number; msg: string; data: { path: string; width: number; height: number } };
    expect(uploaded.code).toBe(0);
    expect(uploaded.data).toMatchObject({ width: 300, height: 300 });
    expect(uploaded.msg).toBe(uploaded.data.path);
    await expect(upload.locator('#image-upload-result')).toHaveText('上传成功');
    await upload.locator('#image-upload-close').click();
    await expect(page.locator('#settings-avatar img')).toHaveAttribute('src', uploaded.data.path);

    const saved = page.waitForResponse((r) => r.url().endsWith('/api/user/setting'));
    await page.locator('#settings-submit').click();
    const body = (await saved).request().postDataJSON() as Record<string, unknown>;
    expect(body).toEqual({
      name: '产品制作员甲',
      avatar: uploaded.data.path,
      email: 'maker@example.cn',
      mobile: '',
      introduction: '负责产品制作',
    });
    await expect(page.getByText('个人信息设置成功')).toBeVisible();
    await expect(settings).toBeHidden();
    await expect(page.locator('#user-name')).toHaveText('产品制作员甲');
    await expect(page.locator('#user-menu img')).toHaveAttribute('src', uploaded.data.path);
    await expect.poll(() => page.locator('#user-menu img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(300);

    await page.reload();
    await expect(page.locator('#user-name')).toHaveText('产品制作员甲');
  });

  test('password change: each validation message, a refused change, then success', async ({ page, request }) => {
    await signIn(page, 'demo-products');
    await chooseUserMenu(page, '#user-menu-password');
    const dialog = page.locator('.password-dialog');
    await expect(dialog).toBeVisible();
    await expect.poll(async () => Math.round((await dialog.boundingBox())!.width)).toBe(400);
    const current = page.locator('#change-password_password');
    const next = page.locator('#change-password_newPassword');
    const confirm = page.locator('#change-password_confirmPassword');
    const errorOf = (field: string) => dialog.locator(`#change-password_${field}_help`);

    await current.fill('abc');
    await expect(errorOf('password')).toHaveText('密码不能少于5位字符');
    await current.fill('');
    await expect(errorOf('password')).toHaveText('不能为空');
    await next.fill('New-Pass-1');
    await confirm.fill('New-Pass-2');
    await expect(errorOf('confirmPassword')).toHaveText('俩次输入的新密码不一致');
    // Changing the new password re-checks the confirmation.
    await next.fill('New-Pass-2');
    await expect(errorOf('confirmPassword')).toHaveCount(0);

    await current.fill('wrong-current-password');
    await page.locator('#password-submit').click();
    await expect(page.locator('.ant-notification').getByText('密码修改错误')).toBeVisible();
    await expect(dialog).toBeVisible();

    await current.fill(ADMIN_PASSWORD);
    await page.locator('#password-submit').click();
    await expect(page.locator('.ant-notification').getByText('密码修改成功')).toBeVisible();
    await expect(dialog).toBeHidden();

    // This session goes on; the new password signs in.
    await openMenu(page, '服务产品', '服务产品');
    await expect(page).toHaveURL(/\/service-products$/);
    const login = await request.post(`${baseUrl()}/api/login/login`, { data: { username: 'demo-products', password: 'New-Pass-2' } });
    expect((await login.json()).code).toBe(0);
  });
});
