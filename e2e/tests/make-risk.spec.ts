import { expect, test, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, at, chooseOption, cookie, storeSession } from './fixtures';

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

interface RiskProduct {
  id: number;
  status: string;
  layer: string;
  summaries: string[];
  stats: { areasKm2: number[]; byArea: Array<{ name: string; worst: number; areasKm2: number[] }> } | null;
}

interface Hazard {
  id: number;
  kind: string;
  version: number;
  conditions: Array<{ thresholds: Array<number | null>; offset?: number }>;
  stages: Array<{ crop: string; stage: string; vulnerability: number }>;
}

/** Calls the API as the signed-in user of the page (the Access-Token cookie). */
async function api<T>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Envelope<T>> {
  const headers = { authorization: `Bearer ${await cookie(page.context(), 'Access-Token')}` };
  const res = method === 'GET' ? await page.request.get(at(path), { headers }) : await page.request.post(at(path), { headers, data: body });
  return res.json() as Promise<Envelope<T>>;
}

test.describe('make-risk', () => {
  test('a risk product is made through the page: progress, its layer on the map with the legend, the table, the chart and the summary', async ({
    page,
  }) => {
    await storeSession(page, 'demo-make', ADMIN_PASSWORD);
    await page.goto(at('/make-manage/make-risk'));
    await expect(page.locator('#make-risk-title')).toHaveText('制作风险');
    const form = page.getByTestId('risk-run-form');
    // The first hazard (frost) and the newest run are chosen to start with; the leads evaluated are listed.
    await expect(form.locator('#risk-hazard').locator('xpath=ancestor::div[contains(@class,"ant-select")][1]')).toContainText('霜冻');
    await expect(page.getByTestId('risk-leads')).toContainText('h');
    await chooseOption(page, form.locator('#risk-lang').locator('xpath=ancestor::div[contains(@class,"ant-select")][1]'), 'English');
    await page.locator('#risk-name').fill('E2E frost risk');

    const getMap = page.waitForResponse((r) => /REQUEST=GetMap/i.test(r.url()) && /LAYERS=risk\.p\d+/.test(r.url()));
    await page.locator('#risk-execute').click();
    const view = page.getByTestId('risk-product');
    await expect(view).toHaveAttribute('data-status', 'done');
    const map = await getMap;
    expect(map.status()).toBe(200);
    expect(map.headers()['content-type']).toContain('image/png');
    await expect(view).toHaveAttribute('data-layer-status', 'loaded');

    const id = Number(await view.getAttribute('data-product'));
    const product = (await api<RiskProduct>(page, 'GET', `/api/risk/product?productId=${id}`)).data;
    expect(product.layer).toBe(`risk.p${id}`);
    // The legend: the four warning levels, I first.
    await expect(page.getByTestId('risk-legend')).toHaveText(/I 级（红色）.*II 级（橙色）.*III 级（黄色）.*IV 级（蓝色）/);
    // The summaries as the product wrote them, in the product's language (English here).
    await expect(page.getByTestId('risk-summaries').locator('.ant-list-item')).toHaveText(product.summaries);
    expect(product.summaries[0]).toMatch(/frost/);
    // The table: one row per area, the total last; its km² as the product counted them.
    const rows = page.getByTestId('risk-table').locator('tbody tr.ant-table-row');
    await expect(rows.last()).toContainText('合计');
    const total = product.stats!.areasKm2;
    const atRisk = Math.round(total[1]! + total[2]! + total[3]! + total[4]!);
    await expect(rows.last().locator('td').last()).toHaveText(String(atRisk).replace(/\B(?=(\d{3})+(?!\d))/g, ' '));
    // The chart (ECharts on a canvas) when some area has a risk.
    if (product.stats!.byArea.some((a) => a.worst > 0)) await expect(page.getByTestId('risk-chart').locator('canvas')).toBeVisible();

    // The list has it; showing it again from the list draws the same layer.
    await page.getByRole('tab', { name: '风险产品' }).click();
    await expect(page.getByTestId('risk-products')).toContainText('E2E frost risk');
  });

  test('a risk product over one boundary area: the area is listed by name and the product is limited to it', async ({ page }) => {
    await storeSession(page, 'demo-make', ADMIN_PASSWORD);
    await page.goto(at('/make-manage/make-risk'));
    const form = page.getByTestId('risk-run-form');
    await expect(page.getByTestId('risk-leads')).toContainText('h');
    await form.getByText('边界区域').click();
    const select = (id: string) => form.locator(`#${id}`).locator('xpath=ancestor::div[contains(@class,"ant-select")][1]');
    await chooseOption(page, select('risk-boundary'), '省界');
    await chooseOption(page, select('risk-area'), '陕西', { type: true });
    await page.locator('#risk-name').fill('E2E 陕西霜冻');
    await page.locator('#risk-execute').click();
    const view = page.getByTestId('risk-product');
    await expect(view).toHaveAttribute('data-status', 'done');
    const id = Number(await view.getAttribute('data-product'));
    const product = (await api<RiskProduct & { region: { kind: string; name: string } }>(page, 'GET', `/api/risk/product?productId=${id}`))
      .data;
    expect(product.region).toEqual({ kind: 'area', name: '陕西' });
    // Only cells of Shaanxi count: no other province has an area.
    expect(product.stats!.byArea.map((a) => a.name)).toEqual(['陕西']);
    await expect(view).toContainText('陕西');
  });

  test('the hazard editor points out thresholds out of order, saves nothing then, and saves a corrected definition', async ({ page }) => {
    await storeSession(page, 'demo-make', ADMIN_PASSWORD);
    await page.goto(at('/make-manage/make-risk'));
    await page.getByRole('tab', { name: '灾害定义' }).click();
    const editor = page.getByTestId('risk-hazard-editor');
    await expect(editor.locator('#risk-hazard-name')).toHaveValue('霜冻');
    const frost = (await api<Hazard[]>(page, 'GET', '/api/risk/hazard/all')).data.find((h) => h.kind === 'frost')!;
    // Level II above level III: the engine's check names the cell, and the save sends nothing.
    const orange = editor.getByRole('spinbutton', { name: 'II 级（橙色） 1' });
    await orange.fill('-1');
    await expect(editor.getByTestId('problem-0-2')).toHaveText('须随等级升高而减小');
    let sent = false;
    page.on('request', (r) => {
      if (r.url().includes('/api/risk/hazard/update')) sent = true;
    });
    await page.locator('#risk-hazard-save').click();
    await expect(editor.getByTestId('problem-0-2')).toBeVisible();
    expect(sent).toBe(false);
    // Corrected: saved, with a new version.
    await orange.fill('-5');
    await expect(editor.getByTestId('problem-0-2')).toHaveCount(0);
    const saved = page.waitForResponse((r) => r.url().includes('/api/risk/hazard/update'));
    await page.locator('#risk-hazard-save').click();
    expect((await (await saved).json()).code).toBe(0);
    const after = (await api<Hazard[]>(page, 'GET', '/api/risk/hazard/all')).data.find((h) => h.id === frost.id)!;
    expect(after.conditions[0]!.thresholds).toEqual([0, -2, -5, -6]);
    expect(after.version).toBe(frost.version + 1);
    // The surface offset and the stages harmed are kept by an edit of the thresholds.
    expect(after.conditions[0]!.offset).toBe(-2);
    expect(after.stages).toEqual(frost.stages);
    // The stages the frost harms, with their vulnerability: tea's bud break among them; the offset shown.
    await expect(editor.getByTestId('offset-0')).toHaveAttribute('aria-valuenow', '-2');
    await expect(editor.getByTestId('risk-stages').locator('tr[data-stage="tea:budBreak"]')).toBeVisible();
    // Put the default back for the other tests.
    await orange.fill('-4');
    const back = page.waitForResponse((r) => r.url().includes('/api/risk/hazard/update'));
    await page.locator('#risk-hazard-save').click();
    expect((await (await back).json()).code).toBe(0);
  });

  test('the demo product assesses tea through its calendar: winter injury while tea is dormant, with its method sentence', async ({
    page,
  }) => {
    await storeSession(page, 'demo-make', ADMIN_PASSWORD);
    const list = (
      await api<{ list: Array<RiskProduct & { kind: string; crop: { key: string } | null; method: string; createTime: string }> }>(
        page,
        'GET',
        '/api/risk/page?page=1&size=100',
      )
    ).data.list;
    const demo = list.find((p) => p.crop?.key === 'tea' && /（示例）|\(example\)|\(ejemplo\)/.test((p as { name?: string }).name ?? ''));
    expect(demo).toBeDefined();
    // The demo's run is dated relative to today: from November to February tea is dormant, and the demo is its winter injury.
    const month = new Date().getUTCMonth() + 1;
    if (month >= 11 || month <= 2) expect(demo!.kind).toBe('winterInjury');
    await page.goto(at('/make-manage/make-risk'));
    await page.getByRole('tab', { name: '风险产品' }).click();
    const name = (demo as { name?: string }).name ?? '';
    await page
      .getByTestId('risk-products')
      .getByRole('button', { name: `在地图上显示 ${name}` })
      .first()
      .click();
    await expect(page.getByRole('tabpanel', { name: '风险产品' }).getByTestId('risk-method')).toContainText('H × V × E');
  });
});
