import { expect, test } from '@playwright/test';
import { ADMIN_PASSWORD, at, baseUrl, cookie, fillLogin, openSignedIn, returnToTab, signIn, signOut } from './fixtures';

test.describe('sign-in', () => {
  test('the admin signs in and lands on the dashboard with a greeting and links', async ({ page, context }) => {
    await page.goto(at('/'));
    await expect(page).toHaveURL(/\/login\?redirect=%2F(dashboard)?$/);
    await expect(page).toHaveTitle(/天策云管理控制台/);
    await fillLogin(page, '  admin  ', ADMIN_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.locator('#dashboard-greeting')).toHaveText('你好，管理员');
    await expect(page.locator('#user-name')).toHaveText('管理员');
    await expect(page.getByRole('link', { name: '用户管理' })).toBeVisible();
    await expect(page).toHaveTitle('首页 - 天策云管理控制台');
    await expect.poll(() => cookie(context, 'Access-Token')).toBeTruthy();
    await expect.poll(() => cookie(context, 'Refresh-Token')).toBeTruthy();
    await expect.poll(async () => Number(await cookie(context, 'Expired')) - Date.now()).toBeGreaterThan(7000_000);
  });

  test('after sign-in the user goes back to the requested page with its query', async ({ page }) => {
    await page.goto(at('/system-admin/sys-log?page=2&q=%E7%99%BB%E5%BD%95'));
    await expect(page).toHaveURL(at('/login?redirect=%2Fsystem-admin%2Fsys-log%3Fpage%3D2%26q%3D%25E7%2599%25BB%25E5%25BD%2595'));
    await fillLogin(page, 'admin', ADMIN_PASSWORD);
    await expect(page).toHaveURL(at('/system-admin/sys-log?page=2&q=%E7%99%BB%E5%BD%95'));
    await expect(page).toHaveTitle('系统日志 - 天策云管理控制台');
    // Signed in, /login sends the user home.
    await page.goto(at('/login'));
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a wrong password shows the server message and keeps the user on the login page', async ({ page }) => {
    await page.goto(at('/login'));
    await fillLogin(page, 'demo-products', 'not-the-password');
    await expect(page.getByText('用户名或密码错误')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test('repeated failures are throttled with a clear message', async ({ page }) => {
    await page.goto(at('/login'));
    for (let i = 0; i < 5; i += 1) {
      expect((await fillLogin(page, 'demo-disaster', `guess-${i}`)).code).toBe(4101);
      await expect(page.getByText('用户名或密码错误').last()).toBeVisible();
    }
    expect((await fillLogin(page, 'demo-disaster', ADMIN_PASSWORD)).code).toBe(4290);
    await expect(page.getByText(/尝试次数过多，请在 \d+ 秒后重试/)).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test('the login form checks required fields and hints at Caps Lock', async ({ page }) => {
    await page.goto(at('/login'));
    await page.locator('#login-submit').click();
    await expect(page.getByText('请输入用户名')).toBeVisible();
    await expect(page.locator('#caps-lock-hint')).toHaveCount(0);
    // Headless Chromium does not toggle Caps Lock from a key press, so send the key event a real keyboard would.
    await page.locator('#password').evaluate((el) => {
      el.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'A', code: 'KeyA', bubbles: true, modifierCapsLock: true } as KeyboardEventInit),
      );
      el.dispatchEvent(new KeyboardEvent('keyup', { key: 'A', code: 'KeyA', bubbles: true, modifierCapsLock: true } as KeyboardEventInit));
    });
    await expect(page.locator('#caps-lock-hint')).toBeVisible();
  });
});

test.describe('access', () => {
  test('a user without the role is sent to 401, whose back button goes to the dashboard', async ({ page }) => {
    await signIn(page, 'demo-travel');
    await expect(page.getByRole('link', { name: '用户管理' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: '景区' })).toBeVisible();
    await page.goto(at('/system-admin/sys-user'));
    await expect(page).toHaveURL(at('/401?noGoBack=true'));
    await page.getByRole('button', { name: /返回/ }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('an unknown path shows 404', async ({ page }) => {
    await openSignedIn(page, '/no/such/page');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByText('404').first()).toBeVisible();
  });
});

test.describe('session', () => {
  test('sign out clears the session, returns to the login page and the old token stops working', async ({ page, context, request }) => {
    await signIn(page);
    const token = await cookie(context, 'Access-Token');
    await signOut(page);
    await expect(page).toHaveURL(/\/login/);
    await expect.poll(() => cookie(context, 'Access-Token')).toBeUndefined();
    await expect.poll(() => cookie(context, 'Refresh-Token')).toBeUndefined();
    const res = await request.get(`${baseUrl()}/api/user/info`, { headers: { authorization: `Bearer ${token}` } });
    expect((await res.json()).code).toBe(4002);
  });

  test('a session ended elsewhere asks the user to sign in again', async ({ page, context, request }) => {
    await signIn(page);
    const token = await cookie(context, 'Access-Token');
    const out = await request.post(`${baseUrl()}/api/login/logout`, { headers: { authorization: `Bearer ${token}` } });
    expect((await out.json()).code).toBe(0);
    await returnToTab(page);
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('确定登出')).toBeVisible();
    await expect(dialog.getByText('你已被登出，可以取消继续留在该页面，或者重新登录')).toBeVisible();
    await expect(dialog.getByRole('button', { name: '取消' })).toBeVisible();
    await dialog.getByRole('button', { name: '重新登录' }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect.poll(() => cookie(context, 'Access-Token')).toBeUndefined();
  });

  test('a token close to expiry is refreshed silently', async ({ page, context, request }) => {
    await signIn(page);
    const oldAccess = await cookie(context, 'Access-Token');
    const oldRefresh = await cookie(context, 'Refresh-Token');
    const refreshCalls: Array<{ url: string; body: string | null }> = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/login/refresh')) refreshCalls.push({ url: r.url(), body: r.postData() });
    });
    await context.addCookies([{ name: 'Expired', value: String(Date.now() + 60_000), url: baseUrl() }]);
    await returnToTab(page);
    await expect.poll(() => cookie(context, 'Refresh-Token')).not.toBe(oldRefresh);
    await expect.poll(() => cookie(context, 'Access-Token')).not.toBe(oldAccess);
    await expect.poll(async () => Number(await cookie(context, 'Expired')) - Date.now()).toBeGreaterThan(7000_000);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.locator('#dashboard-greeting')).toBeVisible();
    const newAccess = await cookie(context, 'Access-Token');
    expect(
      (await (await request.get(`${baseUrl()}/api/user/info`, { headers: { authorization: `Bearer ${newAccess}` } })).json()).code,
    ).toBe(0);
    // The refresh token went in the JSON body, not in the address (a reuse after the grace window is an API test).
    await expect.poll(() => refreshCalls.length).toBe(1);
    expect(refreshCalls[0]!.url).not.toContain('refreshToken');
    expect(JSON.parse(refreshCalls[0]!.body ?? 'null')).toEqual({ refreshToken: oldRefresh });
  });
});
