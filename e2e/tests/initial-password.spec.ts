import { expect, test, type Page } from '@playwright/test';
import { at, baseUrl, fillLogin, storeSession, cookie } from './fixtures';

/**
 * A user whose password an administrator chose replaces it at the first sign-in: the console shows only the password
 * dialog, which neither Escape nor a click beside it closes, until the password is changed or the user signs out.
 */
const uid = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
const INITIAL = 'Initial-Pass-2026';

async function newUser(page: Page): Promise<string> {
  await storeSession(page, 'admin');
  const bearer = await cookie(page.context(), 'Access-Token');
  const headers = { authorization: `Bearer ${bearer}` };
  const me = (await (await page.request.get(at('/api/user/info'), { headers })).json()) as { data: { customerId: number } };
  const roles = (await (await page.request.get(at(`/api/role/options?customerId=${me.data.customerId}`), { headers })).json()) as {
    data: Array<{ id: number }>;
  };
  const username = `first-${uid()}`;
  const made = (await (
    await page.request.post(at('/api/user/add'), {
      headers,
      data: {
        username,
        password: INITIAL,
        name: `首次${username.slice(-4)}`,
        customerId: me.data.customerId,
        roleIds: [roles.data[0]!.id],
      },
    })
  ).json()) as { code: number; msg: string };
  expect(made.code, made.msg).toBe(0);
  await page.context().clearCookies();
  return username;
}

const TEXTS = {
  zh: { title: '请设置您自己的密码', hint: '由管理员设置', signOut: '退出登录' },
  en: { title: 'Choose your own password', hint: 'set by an administrator', signOut: 'Log out' },
  es: { title: 'Elija su propia contraseña', hint: 'la estableció un administrador', signOut: 'Cerrar sesión' },
} as const;

for (const [lang, size] of [
  ['zh', { width: 1280, height: 720 }],
  ['en', { width: 1920, height: 1080 }],
  ['es', { width: 1280, height: 720 }],
] as const) {
  test(`an administrator-set password is replaced at the first sign-in (${lang}, ${size.width} × ${size.height})`, async ({ page }) => {
    await page.setViewportSize(size);
    const username = await newUser(page);
    await page.context().addCookies([{ name: 'language', value: lang, url: baseUrl() }]);
    await page.goto(at('/login'));
    expect((await fillLogin(page, username, INITIAL)).code).toBe(0);

    const dialog = page.locator('.password-dialog');
    await expect(dialog.getByText(TEXTS[lang].title)).toBeVisible();
    await expect(dialog.locator('.password-forced-hint')).toContainText(TEXTS[lang].hint);
    await expect(page.locator('#dashboard-greeting')).toHaveCount(0);
    // Not dismissed by Escape or a click beside it.
    await page.keyboard.press('Escape');
    await page.mouse.click(5, size.height - 5);
    await expect(dialog.getByText(TEXTS[lang].title)).toBeVisible();
    await expect(page.locator('#password-sign-out')).toHaveText(TEXTS[lang].signOut);

    if (lang === 'es') {
      // Signing out is the other way out; the mark stays for the next sign-in.
      await page.locator('#password-sign-out').click();
      await expect(page.locator('#login-submit')).toBeVisible();
      return;
    }
    const own = 'Own-Choice-2026';
    await dialog.locator('#change-password_password').fill(INITIAL);
    await dialog.locator('#change-password_newPassword').fill(own);
    await dialog.locator('#change-password_confirmPassword').fill(own);
    await page.locator('#password-submit').click();
    await expect(page.locator('#dashboard-greeting')).toBeVisible();
    await expect(dialog).toBeHidden();
    // The user's own password now signs in, without the dialog.
    const res = await page.request.post(at('/api/login/login'), { data: { username, password: own } });
    const token = ((await res.json()) as { data: { access_token: string } }).data.access_token;
    const info = await page.request.get(at('/api/user/info'), { headers: { authorization: `Bearer ${token}` } });
    expect(((await info.json()) as { data: { mustChangePassword: boolean } }).data.mustChangePassword).toBe(false);
  });
}
