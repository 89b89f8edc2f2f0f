import { expect, test, type Page } from '@playwright/test';
import { at, baseUrl, cookie, imagePixels, signIn } from './fixtures';

/**
 * The dashboard shows the cards the user's codes allow: a forecaster sees today's runs per forecast type (leads present
 * of those expected, issued or not, a small temperature map) and their own jobs; a user without grid codes sees no
 * forecast card. Each card is its feature's (docs/console.md#dashboard-cards).
 */
async function api<T>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ code: number; msg: string; data: T }> {
  const bearer = await cookie(page.context(), 'Access-Token');
  const res = await page.request.fetch(at(path), {
    method,
    headers: { authorization: `Bearer ${bearer}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    data: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json() as Promise<{ code: number; msg: string; data: T }>;
}

test('a forecaster sees the newest run of each forecast type, its issue, a temperature map and their jobs', async ({ page }) => {
  await signIn(page, 'demo-revise');
  const runs = page.locator('#dashboard-card-forecast-runs');
  await expect(runs.getByText('今日预报')).toBeVisible();
  const catalog = await api<
    Array<{ code: string; name: string; stepHours: number; maxLeadHours: number; baseTimes: string[]; leads: number[] }>
  >(page, 'GET', '/api/grid/catalog');
  const fine = catalog.data.find((t) => t.code === 'fine-grid')!;
  const expected = Math.floor(fine.maxLeadHours / fine.stepHours) + 1;
  const present = fine.leads.filter((l) => l % fine.stepHours === 0 && l <= fine.maxLeadHours).length;
  await expect(runs.locator('.dashboard-run-leads[data-type="fine-grid"]')).toContainText(`${present}/${expected}`);
  await expect(runs.getByRole('row', { name: new RegExp(fine.name) })).toBeVisible();

  // The map is the newest temperature, drawn (not an empty picture).
  const map = runs.locator('#dashboard-temperature-map');
  await expect(map).toBeVisible();
  await expect.poll(async () => (await imagePixels(page, (await map.getAttribute('src'))!)).opaque).toBeGreaterThan(1000);

  // Issuing the newest run starts a job: it shows under "my jobs", and the run is marked issued.
  const row = runs.getByRole('row', { name: new RegExp(fine.name) });
  const wasIssued = await row.getByText('已签发').count();
  const issued = await api<{ jobId: string }>(page, 'POST', '/api/revise/submit', {
    type: 'fine-grid',
    baseTime: fine.baseTimes[0],
    remark: 'dashboard e2e',
    confirmViolations: true,
  });
  expect(issued.code, issued.msg).toBe(0);
  await page.reload();
  const jobs = page.locator('#dashboard-card-jobs');
  await expect(jobs.locator('.dashboard-job').filter({ hasText: '签发预报' }).first()).toBeVisible();
  await expect(jobs.locator('.dashboard-job[data-status="done"]').filter({ hasText: '签发预报' }).first()).toBeVisible();
  await expect(
    page
      .locator('#dashboard-card-forecast-runs')
      .getByRole('row', { name: new RegExp(fine.name) })
      .getByText('已签发'),
  ).toBeVisible();
  expect(wasIssued).toBeGreaterThanOrEqual(0);
});

test('a user without grid codes sees no forecast card, and their empty job list says what starts a job', async ({ page }) => {
  await signIn(page, 'demo-sysadmin');
  await expect(page.locator('#dashboard-card-jobs')).toContainText('近 7 天没有任务');
  await expect(page.locator('#dashboard-card-forecast-runs')).toHaveCount(0);
});

test("an administrator sees today's sign-ins and failures as the log counts them, a week's chart and the latest operations", async ({
  page,
}) => {
  // A failed sign-in, then a good one: both are in the platform administrator's counts of today.
  const failed = await page.request.post(at('/api/login/login'), { data: { username: 'demo-sysadmin', password: 'not-the-password' } });
  expect(((await failed.json()) as { code: number }).code).toBe(4101);
  await signIn(page, 'admin');
  const from = new Date(new Date().setHours(0, 0, 0, 0)).toISOString();
  const count = async (result: 'ok' | 'failed') =>
    (await api<{ total: number }>(page, 'GET', `/api/log/page?action=login&result=${result}&from=${encodeURIComponent(from)}&size=1`)).data
      .total;
  const card = page.locator('#dashboard-card-sign-ins');
  await expect(card.getByText('登录与操作')).toBeVisible();
  await expect(card.locator('.dashboard-sign-ins-today .ant-statistic-content-value')).toHaveText(String(await count('ok')));
  await expect(card.locator('.dashboard-failed-today .ant-statistic-content-value')).toHaveText(String(await count('failed')));
  expect(await count('failed')).toBeGreaterThan(0);
  await expect(card.locator('[data-testid="dashboard-sign-ins-chart"][data-chart="ready"]')).toBeVisible();
  await expect(card.locator('.dashboard-operation').first()).toBeVisible();
});

for (const [lang, size, title] of [
  ['zh', { width: 1280, height: 720 }, '今日预报'],
  ['en', { width: 1920, height: 1080 }, "Today's forecasts"],
  ['es', { width: 1280, height: 720 }, 'Pronósticos de hoy'],
] as const) {
  test(`the cards fit the screen (${lang}, ${size.width} × ${size.height})`, async ({ page, context }) => {
    await page.setViewportSize(size);
    await context.addCookies([{ name: 'language', value: lang, url: baseUrl() }]);
    await signIn(page, 'demo-revise');
    const runs = page.locator('#dashboard-card-forecast-runs');
    await expect(runs.getByText(title)).toBeVisible();
    await expect(runs.locator('.dashboard-run-leads').first()).toBeVisible();
    // Nothing wider than the content area: no horizontal scroll on the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    if (process.env.DASHBOARD_SHOTS)
      await page.screenshot({ path: `${process.env.DASHBOARD_SHOTS}/dashboard-${lang}-${size.width}.png`, fullPage: true });
  });
}

test('features contribute their cards: zoning products, sandstorms and bulletins awaiting review, as their calls count them', async ({
  page,
}) => {
  await signIn(page, 'admin');
  const zoning = await api<{ total: number; list: Array<{ name: string }> }>(page, 'GET', '/api/quhua/allByCrop?page=1&size=5');
  const zoningCard = page.locator('#dashboard-card-zoning-products');
  await expect(zoningCard).toContainText(`共 ${zoning.data.total} 个`);
  if (zoning.data.list[0]) await expect(zoningCard.getByText(zoning.data.list[0].name)).toBeVisible();

  // The platform's own customer has no sandstorm records: the card says there are none yet, not "none this year".
  const stats = await api<{ totals: { count: number } }>(page, 'GET', '/api/sandstorm/statistics');
  const sandstorm = page.locator('#dashboard-card-sandstorm-year');
  if (stats.data.totals.count === 0) await expect(sandstorm).toContainText('还没有沙尘灾情记录');

  const waiting = await api<{ total: number }>(page, 'GET', '/api/article/page?state=submitted&page=1&size=5');
  await expect(page.locator('#dashboard-card-articles-review')).toContainText(`待审核的服务产品（${waiting.data.total}）`);
});
