import os from 'node:os';
import { expect, test } from '@playwright/test';
import { ADMIN_PASSWORD, fillLogin } from './fixtures';

/**
 * The console opened from another machine over plain HTTP (`HOST=0.0.0.0`, http://<address>:<port>). Browsers treat
 * a non-loopback http page as an insecure context and honour `upgrade-insecure-requests` there (loopback is exempt),
 * so this is the only way to see what a colleague on the network sees. The test server listens on every address
 * (global-setup.ts); the page is opened through this machine's own non-loopback address.
 */

/** This machine's first non-internal IPv4 address; the test cannot say anything without one, so it fails. */
function networkAddress(): string {
  for (const addresses of Object.values(os.networkInterfaces())) {
    for (const a of addresses ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  }
  throw new Error(
    'This machine has no non-loopback IPv4 address (os.networkInterfaces()), so the console cannot be opened the way ' +
      'another machine opens it. Run the browser tests on a machine with a network interface.',
  );
}

function networkUrl(path: string): string {
  const port = process.env.E2E_PORT;
  if (!port) throw new Error('E2E_PORT is not set: run through the Playwright config (global setup starts the server)');
  return `http://${networkAddress()}:${port}${path}`;
}

test('opened over plain HTTP through a non-loopback address, the console renders, signs in and loads its pages', async ({ page }) => {
  // Every request: none may be upgraded to https (with upgrade-insecure-requests the browser asks
  // https://<address>:<port>/assets/… of a server that speaks HTTP only), and none may fail. A request the page
  // itself gives up (net::ERR_ABORTED, e.g. a fetch cancelled as a view unmounts) is not a failure to reach the server.
  const asked: string[] = [];
  const failed: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => asked.push(r.url()));
  page.on('requestfailed', (r) => {
    if (r.failure()?.errorText !== 'net::ERR_ABORTED') failed.push(`${r.method()} ${r.url()}: ${r.failure()?.errorText}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) failed.push(`${r.request().method()} ${r.url()}: HTTP ${r.status()}`);
  });
  page.on('pageerror', (e) => errors.push(e.message));

  const answer = await page.goto(networkUrl('/login'));
  expect(answer?.status()).toBe(200);
  // The page as the browser sees it: an insecure context on a non-loopback address, no upgrade of its resources.
  expect(answer?.headers()['content-security-policy']).not.toContain('upgrade-insecure-requests');
  expect(await page.evaluate(() => window.isSecureContext)).toBe(false);

  // The login page actually rendered (with upgrade-insecure-requests its scripts were asked over https and it stayed blank).
  await expect(page.locator('#username')).toBeVisible();
  await expect(page.locator('#password')).toBeVisible();
  await expect(page.locator('#login-submit')).toBeVisible();

  // Signing in and a console page (map, table of rows from the API) work without a secure context.
  const result = await fillLogin(page, 'admin', ADMIN_PASSWORD);
  expect(result.code).toBe(0);
  await expect(page).toHaveURL(networkUrl('/dashboard'));
  await expect(page.locator('#dashboard-greeting')).toBeVisible();
  await page.getByRole('link', { name: '用户管理' }).click();
  await expect(page).toHaveURL(networkUrl('/system-admin/sys-user'));
  await expect(page.locator('#user-table .ant-table-tbody tr.ant-table-row').first()).toBeVisible();
  await expect(page.getByTestId('console-map')).toBeVisible();

  expect(asked.filter((url) => /^https?:/.test(url) && !url.startsWith(networkUrl('/')))).toEqual([]);
  expect(failed).toEqual([]);
  expect(errors).toEqual([]);
});
