import { expect, type BrowserContext, type Page } from '@playwright/test';

export const ADMIN_PASSWORD = 'E2e-Admin-Pass-1';

export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run through the Playwright config (global setup starts the server)');
  return url;
}

export const at = (path: string) => `${baseUrl()}${path}`;

/** Fills and submits the login form, and waits for the server's answer. */
export async function fillLogin(page: Page, username: string, password: string) {
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(password);
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/login/login'));
  await page.locator('#login-submit').click();
  return (await answer).json() as Promise<{ code: number; msg: string }>;
}

/** Signs in through the login page and waits for the dashboard. */
export async function signIn(page: Page, username = 'admin', password = ADMIN_PASSWORD) {
  await page.goto(at('/login'));
  await fillLogin(page, username, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.locator('#dashboard-greeting')).toBeVisible();
}

export async function cookie(context: BrowserContext, name: string): Promise<string | undefined> {
  return (await context.cookies()).find((c) => c.name === name)?.value;
}

/** What the browser does when the user comes back to the tab: queries refetch. */
export async function returnToTab(page: Page) {
  await page.evaluate(() => {
    window.dispatchEvent(new Event('focus'));
    document.dispatchEvent(new Event('visibilitychange'));
  });
}
