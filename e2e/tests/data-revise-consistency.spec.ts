import { expect, test, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, at, chooseOption, cookie, storeSession } from './fixtures';

interface GridData {
  type: string;
  factor: string;
  baseTime: string;
  lead: number;
  version: number;
  nx: number;
  ny: number;
}

interface Violation {
  rule: string;
  factor: string;
  lead: number;
  grids: Array<{ factor: string; lead: number }>;
  cells: number;
  cellIndices: number[];
}

async function bearer(page: Page) {
  return { authorization: `Bearer ${await cookie(page.context(), 'Access-Token')}` };
}

/** Calls the API as the signed-in user of the page (the Access-Token cookie). */
async function api<T>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ code: number; msg: string; data: T }> {
  const headers = await bearer(page);
  const res = method === 'GET' ? await page.request.get(at(path), { headers }) : await page.request.post(at(path), { headers, data: body });
  return res.json();
}

/** The stored values of a grid, as the API answers them (little-endian Float32). */
async function values(page: Page, grid: GridData, factor: string, lead = grid.lead): Promise<Float32Array> {
  const q = `type=${grid.type}&factor=${factor}&lead=${lead}&baseTime=${encodeURIComponent(grid.baseTime)}`;
  const res = await page.request.get(at(`/api/forecaster/getGrid?${q}`), { headers: await bearer(page) });
  expect(res.ok()).toBe(true);
  const body = await res.body();
  return new Float32Array(body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength));
}

const map = (page: Page) => page.getByTestId('console-map');

async function mapPoint(page: Page, fx: number, fy: number): Promise<{ x: number; y: number }> {
  const box = (await map(page).boundingBox())!;
  return { x: box.x + box.width * fx, y: box.y + box.height * fy };
}

async function openSurfacePage(page: Page): Promise<GridData> {
  const gridAnswer = page.waitForResponse((r) => r.url().includes('/api/forecaster/getData') && r.ok());
  const consistency = page.waitForResponse((r) => r.url().includes('/api/revise/consistency?') && r.ok());
  await page.goto(at('/data-revise/surface-revise'));
  const grid = ((await (await gridAnswer).json()) as { data: GridData }).data;
  await consistency;
  await expect(map(page)).toHaveAttribute('data-wms', 'loaded');
  await expect(page.getByTestId('revise-grid-meta')).toContainText(`版本 ${grid.version}`);
  return grid;
}

/**
 * Shows the temperature at 6 h: within the first forecast day whichever run the demo has (the daily extremes are
 * stored at the day's end, 24 h or 12 h after a 00 or 12 UTC run), so that a change there meets tmax.
 */
async function chooseLead(page: Page, lead: number): Promise<GridData> {
  const gridAnswer = page.waitForResponse((r) => r.url().includes('/api/forecaster/getData') && r.url().includes(`lead=${lead}`) && r.ok());
  await chooseOption(page, page.locator('.revise-lead'), `${lead} 小时`);
  const grid = ((await (await gridAnswer).json()) as { data: GridData }).data;
  await expect(map(page)).toHaveAttribute('data-wms', 'loaded');
  await expect(page.getByTestId('revise-grid-meta')).toContainText(`版本 ${grid.version}`);
  return grid;
}

test.describe('forecast consistency', () => {
  test('a revision that puts the temperature above tmax is outlined, refused for issue without confirmation, and fixed', async ({
    page,
  }) => {
    await storeSession(page, 'demo-revise', ADMIN_PASSWORD);
    expect((await openSurfacePage(page)).factor).toBe('tmp');
    const grid = await chooseLead(page, 6);
    // The demo forecast is consistent (docs/grids.md#demo-data): no violation to start from.
    const before = await api<{ violations: Violation[] }>(
      page,
      'GET',
      `/api/revise/consistency?type=${grid.type}&baseTime=${encodeURIComponent(grid.baseTime)}&factor=tmp&lead=${grid.lead}`,
    );
    expect(before.data.violations).toEqual([]);
    const panel = page.getByTestId('consistency-panel');
    await expect(panel).toBeVisible();
    await expect(page.getByTestId('consistency-violations')).toHaveCount(0);

    // An area 15 °C warmer: above the day's maximum everywhere in it.
    await page.locator('#area-draw').click();
    const corners = [
      [0.6, 0.3],
      [0.72, 0.3],
      [0.72, 0.55],
      [0.6, 0.55],
    ] as const;
    for (const [fx, fy] of corners) {
      const p = await mapPoint(page, fx, fy);
      await page.mouse.click(p.x, p.y);
    }
    const first = await mapPoint(page, corners[0][0], corners[0][1]);
    await page.mouse.click(first.x, first.y);
    await expect(page.getByTestId('revise-areas')).toContainText('区域 1');
    await page.locator('#area-draw').click();
    await page.locator('#area-value').fill('15');
    await page.locator('#area-value').press('Tab');
    await expect(page.getByTestId('revise-preview')).toContainText('15.00 °C');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/revise/polygonRevise'));
    const reread = page.waitForResponse((r) => r.url().includes('/api/revise/consistency?') && r.ok());
    // The warning is a toast of a few seconds: watched for from before the click, so a slow machine cannot miss it.
    const warned = page.locator('.ant-message').getByText('存在一致性问题').waitFor();
    await page.locator('#revise-submit').click();
    const result = (await (await saved).json()) as { code: number; data: { violations: number; leads: Array<{ cellsChanged: number }> } };
    expect(result.code).toBe(0);
    expect(result.data.violations).toBeGreaterThan(0);
    await reread;

    // Shown: listed with its cells, outlined on the map, and said after the revision.
    const list = page.getByTestId('consistency-violations');
    await expect(list).toContainText('气温超出最高/最低气温');
    await expect(list).toContainText(`${result.data.violations} 个格点`);
    await expect(panel).toHaveAttribute('data-outlined', '1');
    await expect(page.getByTestId('consistency-outlined')).toContainText('地图上已勾出 1 处问题区域');
    await warned;
    const report = await api<{ violations: Violation[] }>(
      page,
      'GET',
      `/api/revise/consistency?type=${grid.type}&baseTime=${encodeURIComponent(grid.baseTime)}&factor=tmp&lead=${grid.lead}`,
    );
    const violation = report.data.violations.find((v) => v.rule === 'temperature' && v.factor === 'tmp')!;
    expect(violation.cells).toBe(result.data.violations);

    // Issuing now asks for confirmation, listing the violation; cancelled, nothing is issued.
    const issuedBefore = (await api<{ list: unknown[] }>(page, 'GET', '/api/filestate/findByUserFile?page=1&size=50')).data.list.length;
    await page.locator('#issue-forecast').click();
    await page.getByRole('dialog').getByRole('button', { name: '签发' }).click();
    const listed = page.getByTestId('issue-violations');
    await expect(listed).toContainText('气温超出最高/最低气温');
    await expect(listed).toContainText(`${violation.cells} 个格点`);
    await page.getByRole('dialog').filter({ has: listed }).getByRole('button', { name: '取消' }).click();
    await expect(listed).toHaveCount(0);
    // Back at the issue form: left without issuing.
    const form = page.getByRole('dialog').filter({ hasText: '签发预报' });
    await form.getByRole('button', { name: '取消' }).click();
    await expect(form).toHaveCount(0);
    expect((await api<{ list: unknown[] }>(page, 'GET', '/api/filestate/findByUserFile?page=1&size=50')).data.list.length).toBe(
      issuedBefore,
    );

    // One click fixes it; the outline goes.
    const fixed = page.waitForResponse((r) => r.url().endsWith('/api/revise/consistencyFix'));
    await list.getByRole('button', { name: '裁剪到最高/最低气温' }).click();
    const fix = (await (await fixed).json()) as { code: number; data: { records: Array<{ factor: string; recordId: number }> } };
    expect(fix.code).toBe(0);
    await expect(page.getByTestId('consistency-violations')).toHaveCount(0);
    await expect(panel).toHaveAttribute('data-outlined', '0');

    // What is stored: each cell that was above tmax now holds tmax exactly, and the fix is an undoable record.
    // The day's maximum is stored at the end of its day (the lead the violation names for tmax).
    const maxLead = violation.grids.find((g) => g.factor === 'tmax')!.lead;
    expect(maxLead - 24 < grid.lead && grid.lead <= maxLead).toBe(true);
    const [tmp, tmax] = [await values(page, grid, 'tmp'), await values(page, grid, 'tmax', maxLead)];
    for (const k of violation.cellIndices) expect(tmp[k]).toBe(tmax[k]);
    const after = await api<{ violations: Violation[] }>(
      page,
      'GET',
      `/api/revise/consistency?type=${grid.type}&baseTime=${encodeURIComponent(grid.baseTime)}&factor=tmp&lead=${grid.lead}`,
    );
    expect(after.data.violations.filter((v) => v.rule === 'temperature' && v.factor === 'tmp')).toEqual([]);
    const record = await api<{ kind: string }>(page, 'GET', `/api/record/detail?id=${fix.data.records[0]!.recordId}`);
    expect(record.data.kind).toBe('consistency');
  });
});
