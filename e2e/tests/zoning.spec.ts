import fs from 'node:fs';
import zlib from 'node:zlib';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, at, cookie, storeSession, chooseOption } from './fixtures';

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

interface FactorRule {
  factor: string;
  breaks: number[];
  classes: number[];
}

interface Product {
  id: number;
  name: string;
  status: string;
  progress: number;
  layer: string;
  creator: string;
  bbox: [number, number, number, number];
  classNames: string[];
  stats: { classAreasKm2: number[]; totalKm2: number } | null;
}

interface CellInfo {
  class: number | null;
  limitingFactor: number | null;
  vetoFactor: number | null;
  factors: Array<{ value: number | null; class: number | null }>;
}

/**
 * Clicks the map beside the page panel at a few spots until one falls on a classed cell of the region, and returns the
 * server's explanation of it (null if none did).
 */
async function clickClassedCell(page: Page): Promise<CellInfo | null> {
  const mapBox = (await page.getByTestId('console-map').boundingBox())!;
  const panelBox = (await page.getByTestId('map-panel').boundingBox())!;
  const free = { x: panelBox.x + panelBox.width, width: mapBox.x + mapBox.width - (panelBox.x + panelBox.width) };
  for (const [fx, fy] of [
    [0.5, 0.5],
    [0.45, 0.6],
    [0.55, 0.4],
    [0.5, 0.7],
    [0.4, 0.45],
  ] as const) {
    const asked = page.waitForResponse((r) => r.url().endsWith('/api/quhua/querydata'));
    await page.mouse.click(free.x + free.width * fx, mapBox.y + mapBox.height * fy);
    const body = (await (await asked).json()) as Envelope<CellInfo>;
    if (body.code === 0 && body.data.class !== null) return body.data;
  }
  return null;
}

/** Calls the API as the signed-in user of the page (the Access-Token cookie). */
async function api<T>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Envelope<T>> {
  const headers = { authorization: `Bearer ${await cookie(page.context(), 'Access-Token')}` };
  const res = method === 'GET' ? await page.request.get(at(path), { headers }) : await page.request.post(at(path), { headers, data: body });
  return res.json() as Promise<Envelope<T>>;
}

/** The members of a zip archive (stored or deflated), read from its central directory. */
function unzip(buffer: Buffer): Map<string, Buffer> {
  const members = new Map<string, Buffer>();
  let end = buffer.length - 22;
  while (end >= 0 && buffer.readUInt32LE(end) !== 0x06054b50) end--;
  expect(end, 'end of central directory').toBeGreaterThanOrEqual(0);
  const count = buffer.readUInt16LE(end + 10);
  let p = buffer.readUInt32LE(end + 16);
  for (let k = 0; k < count; k++) {
    expect(buffer.readUInt32LE(p)).toBe(0x02014b50);
    const method = buffer.readUInt16LE(p + 10);
    const compressed = buffer.readUInt32LE(p + 20);
    const size = buffer.readUInt32LE(p + 24);
    const nameLength = buffer.readUInt16LE(p + 28);
    const extra = buffer.readUInt16LE(p + 30);
    const comment = buffer.readUInt16LE(p + 32);
    const local = buffer.readUInt32LE(p + 42);
    const name = buffer.toString('utf8', p + 46, p + 46 + nameLength);
    const dataStart = local + 30 + buffer.readUInt16LE(local + 26) + buffer.readUInt16LE(local + 28);
    const data = buffer.subarray(dataStart, dataStart + compressed);
    members.set(name, method === 0 ? Buffer.from(data) : zlib.inflateRawSync(data));
    expect(members.get(name)!.length, name).toBe(size);
    p += 46 + nameLength + extra + comment;
  }
  return members;
}

/** The class of a value by a factor's thresholds (intervals closed above, compared at single precision). */
function classOf(value: number, rule: FactorRule): number {
  const v = Math.fround(value);
  let i = 0;
  while (i < rule.breaks.length && v > Math.fround(rule.breaks[i]!)) i++;
  return rule.classes[i]!;
}

// The tea table's annual mean temperature and spring frost frequency (lower is better), as a specialist enters them.
const TMEAN: FactorRule = { factor: 'tmean', breaks: [12.4, 14.4, 15.5], classes: [3, 2, 1, 0] };
const FROST: FactorRule = { factor: 'springFrost', breaks: [20, 27, 43], classes: [0, 1, 2, 3] };

/** Opens index-manage (its examples listed) and the editor of a new criterion. */
async function openEditor(page: Page): Promise<Locator> {
  await storeSession(page, 'demo-zoning', ADMIN_PASSWORD);
  await page.goto(at('/zoning-manage/index-manage'));
  await expect(page.locator('#criterion-table')).toContainText('示例');
  await page.locator('#criterion-create').click();
  const editor = page.getByTestId('criterion-editor');
  await expect(editor).toBeVisible();
  return editor;
}

/** Adds a base factor to the criterion being edited; answers its part of the editor. */
async function addFactor(page: Page, editor: Locator, label: RegExp, code: string): Promise<Locator> {
  await chooseOption(page, page.locator('#criterion-add-factor'), label, { type: true });
  await page.locator('#criterion-add-factor-button').click();
  const factor = editor.locator(`[data-testid=zoning-factor][data-factor=${code}]`);
  await expect(factor).toBeVisible();
  return factor;
}

test.describe('agro-climatic zoning', () => {
  test('the criterion editor: intervals closed above, a falling threshold pointed out, a preview counting the grid as its values say', async ({
    page,
  }) => {
    const editor = await openEditor(page);
    await expect(page.locator('#criterion-table')).toHaveCount(0);

    // Annual mean temperature: thresholds typed one by one; a threshold below the previous one is pointed out beside it.
    const tmean = await addFactor(page, editor, /^年平均气温/, 'tmean');
    const breaks = tmean.locator('.zn-break input');
    await expect(breaks).toHaveCount(3);
    await breaks.nth(0).fill('12.4');
    await breaks.nth(1).fill('12');
    await expect(tmean.locator('.ant-form-item-explain-error')).toContainText('阈值须依次增大（前一个为 12.4）');
    await breaks.nth(1).fill('14.4');
    await breaks.nth(2).fill('15.5');
    await expect(tmean.locator('.ant-form-item-explain-error')).toHaveCount(0);
    // The class of each interval reads as the published table: ≤ 12.4 unsuitable … > 15.5 most suitable.
    await expect(tmean.locator('td.zn-interval').first()).toHaveText('≤ 12.4');
    const summary = editor.getByTestId('zoning-threshold-summary').locator('tbody tr.ant-table-row').first();
    await expect(summary).toContainText('> 15.5');
    await expect(summary).toContainText('(14.4, 15.5]');

    // The preview classes the factor's grid in the browser; every cell counted by its class, as the grid's values say.
    const gridAnswer = page.waitForResponse((r) => r.url().includes('/api/baseWeatherFactor/grid?code=tmean') && r.ok());
    await tmean.locator('.zn-preview-toggle').click();
    const preview = editor.getByTestId('criterion-preview');
    await expect(preview).toHaveAttribute('data-state', 'shown');
    const bytes = await (await gridAnswer).body();
    const values = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    const expected = [0, 0, 0, 0];
    for (const v of values) if (!Number.isNaN(v)) expected[classOf(v, TMEAN)]! += 1;
    expect(expected.reduce((a, b) => a + b, 0)).toBeGreaterThan(1000);
    for (let k = 0; k < 4; k++) {
      await expect(preview.locator(`[data-count][data-class="${k}"]`)).toHaveAttribute('data-count', String(expected[k]));
    }
    // The forecast layer's legend gives way to the preview.
    await expect(page.getByTestId('map-legend')).toBeHidden();
  });

  test('a criterion with a factor where lower is better is saved as entered', async ({ page }) => {
    const editor = await openEditor(page);
    const name = `E2E 茶树指标 ${Date.now()}`;
    await page.locator('#criterion-name').fill(name);
    await chooseOption(page, page.locator('#criterion-crop'), '茶树', { type: true });
    const tmean = await addFactor(page, editor, /^年平均气温/, 'tmean');
    for (const [k, v] of TMEAN.breaks.entries()) await tmean.locator('.zn-break input').nth(k).fill(String(v));

    // Spring frost frequency: lower is better, so the classes run the other way.
    const frost = await addFactor(page, editor, /^春霜冻/, 'springFrost');
    for (const [k, v] of FROST.breaks.entries()) await frost.locator('.zn-break input').nth(k).fill(String(v));
    const classSelects = frost.locator('.zn-interval-class');
    for (const [k, cls] of FROST.classes.entries())
      await chooseOption(page, classSelects.nth(k), ['最适宜', '适宜', '次适宜', '不适宜'][cls]!, { type: true });
    await expect(frost.locator('td.zn-interval').last()).toHaveText('> 43');

    const saved = page.waitForResponse((r) => r.url().endsWith('/api/qhCriterion/add'));
    await page.locator('#criterion-save').click();
    const answer = (await (await saved).json()) as Envelope<{ id: number }>;
    expect(answer.code).toBe(0);
    await expect(page.locator('.ant-message')).toContainText('区划指标已保存');
    await expect(page.locator('#criterion-table')).toContainText(name);

    // What the server holds is what was entered.
    const stored = await api<{ name: string; method: string; cropName: string; factors: FactorRule[] }>(
      page,
      'GET',
      `/api/qhCriterion/queryIndex?criteriaId=${answer.data.id}`,
    );
    expect(stored.data).toMatchObject({ name, method: 'limiting', cropName: '茶树', factors: [TMEAN, FROST] });
  });

  test('a factor marked as a veto: its limit entered and saved, shown in the table, and a vetoed cell explained', async ({ page }) => {
    const editor = await openEditor(page);
    const name = `E2E 否决条件 ${Date.now()}`;
    await page.locator('#criterion-name').fill(name);
    await chooseOption(page, page.locator('#criterion-crop'), '猕猴桃', { type: true });
    const tmean = await addFactor(page, editor, /^年平均气温/, 'tmean');
    for (const [k, v] of TMEAN.breaks.entries()) await tmean.locator('.zn-break input').nth(k).fill(String(v));

    // Marked as a veto, the factor proposes the edge of its unsuitable end: unsuitable at or below 12.4.
    await expect(tmean.locator('.zn-veto-lower')).toHaveCount(0);
    await tmean.locator('.zn-veto-toggle').click();
    const lower = tmean.locator('.zn-veto-lower input');
    const upper = tmean.locator('.zn-veto-upper input');
    await expect(lower).toHaveValue('12.4');
    await expect(upper).toHaveValue('');
    // An upper limit below the lower one is pointed out beside it.
    await upper.fill('10');
    await expect(tmean.locator('.ant-form-item-explain-error')).toContainText('下限须小于上限');
    await upper.fill('');
    await upper.blur();
    await expect(tmean.locator('.ant-form-item-explain-error')).toHaveCount(0);
    // A limit above every cell of the demo: the whole region is vetoed.
    await lower.fill('30');
    await lower.blur();
    const summary = editor.getByTestId('zoning-threshold-summary').locator('tbody tr.ant-table-row').first();
    await expect(summary.locator('.zn-summary-veto')).toHaveText('≤ 30');

    const saved = page.waitForResponse((r) => r.url().endsWith('/api/qhCriterion/add'));
    await page.locator('#criterion-save').click();
    const answer = (await (await saved).json()) as Envelope<{ id: number }>;
    expect(answer.code).toBe(0);
    const stored = await api<{ factors: Array<FactorRule & { veto?: unknown }> }>(
      page,
      'GET',
      `/api/qhCriterion/queryIndex?criteriaId=${answer.data.id}`,
    );
    expect(stored.data.factors).toEqual([{ ...TMEAN, veto: { lower: 30 } }]);

    // Run it; on the map a click on any cell of the region names the veto that made it unsuitable.
    const productName = `E2E 否决区划 ${Date.now()}`;
    const run = await api<{ productId: number }>(page, 'POST', '/api/quhua/execute', { criteriaId: answer.data.id, name: productName });
    expect(run.code).toBe(0);
    await expect
      .poll(async () => (await api<Product>(page, 'GET', `/api/quhua/product?productId=${run.data.productId}`)).data.status)
      .toBe('done');
    await page.goto(at('/zoning-manage/zoning-list'));
    await chooseOption(page, page.locator('#zoning-list-crop'), '猕猴桃', { type: true });
    await page.locator('#zoning-list-table tbody tr.ant-table-row').filter({ hasText: productName }).locator('.zn-open').click();
    await expect(page.getByTestId('zoning-product')).toHaveAttribute('data-layer-status', 'loaded');
    const cell = await clickClassedCell(page);
    expect(cell, 'a classed cell inside the region').not.toBeNull();
    expect(cell).toMatchObject({ class: 3, vetoFactor: 0, limitingFactor: 0 });
    const popup = page.getByTestId('zoning-cell-popup');
    await expect(popup.getByTestId('zoning-cell-class')).toContainText('不适宜');
    await expect(popup.getByTestId('zoning-cell-veto')).toHaveText('年平均气温（≤ 30 °C）');
    await expect(popup.locator('.zn-cell-vetoed')).toHaveCount(1);
  });

  test('a zoning runs with a progress bar, shows on the map, explains a cell, downloads as a zip, and is listed', async ({ page }) => {
    await storeSession(page, 'demo-zoning', ADMIN_PASSWORD);
    const crops = await api<Array<{ id: number; name: string }>>(page, 'GET', '/api/crop/all');
    const tea = crops.data.find((c) => c.name === '茶树')!;
    const criterionName = `E2E 限制因子 ${Date.now()}`;
    const created = await api<{ id: number }>(page, 'POST', '/api/qhCriterion/add', {
      name: criterionName,
      cropId: tea.id,
      method: 'limiting',
      factors: [TMEAN, FROST],
    });
    expect(created.code).toBe(0);

    await page.goto(at('/zoning-manage/make-zoning'));
    await chooseOption(page, page.locator('#zoning-crop'), '茶树', { type: true });
    await chooseOption(page, page.locator('#zoning-criterion'), new RegExp(`^${criterionName} · `), { type: true });
    const productName = `E2E 茶树区划 ${Date.now()}`;
    await page.locator('#zoning-name').fill(productName);

    // Every state of the progress bar the page shows, from the click on.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { progressSeen: string[] }).progressSeen = seen;
      new MutationObserver(() => {
        const bar = document.querySelector('[data-testid=zoning-progress]');
        const value = bar?.getAttribute('data-progress');
        if (value !== null && value !== undefined && seen[seen.length - 1] !== value) seen.push(value);
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-progress'] });
    });
    const executed = page.waitForResponse((r) => r.url().endsWith('/api/quhua/execute'));
    const getMap = page.waitForResponse((r) => /REQUEST=GetMap/i.test(r.url()) && /LAYERS=zoning\./.test(r.url()));
    await page.locator('#zoning-execute').click();
    const run = (await (await executed).json()) as Envelope<{ productId: number; jobId: string }>;
    expect(run.code).toBe(0);

    const view = page.getByTestId('zoning-product');
    await expect(view).toHaveAttribute('data-status', 'done');
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen.map(Number));
    expect(seen.length).toBeGreaterThan(0);
    expect(seen[0]).toBe(0);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    await expect(page.getByTestId('zoning-progress')).toHaveCount(0);

    // On the map through the WMS, with its legend; the forecast layer's legend gives way.
    const product = (await api<Product>(page, 'GET', `/api/quhua/product?productId=${run.data.productId}`)).data;
    expect(product).toMatchObject({ name: productName, status: 'done', progress: 100, creator: expect.any(String) });
    const image = await getMap;
    expect(image.ok()).toBe(true);
    expect(image.headers()['content-type']).toBe('image/png');
    expect(new URL(image.url()).searchParams.get('LAYERS')).toBe(product.layer);
    await expect(view).toHaveAttribute('data-layer-status', 'loaded');
    await expect(page.getByTestId('zoning-legend')).toContainText('最适宜');
    await expect(page.getByTestId('map-legend')).toBeHidden();

    // Statistics: the classes' areas as the server computed them, as a table and a chart.
    const stats = product.stats!;
    const rows = page.getByTestId('zoning-stats-table').locator('tbody tr.ant-table-row');
    await expect(rows).toHaveCount(4);
    for (let k = 0; k < 4; k++) {
      const km2 = stats.classAreasKm2[k]!;
      await expect(rows.nth(k)).toContainText(km2 >= 100 ? Math.round(km2).toLocaleString('en-US') : km2.toFixed(1));
    }
    await expect(page.getByTestId('zoning-stats-chart').locator('rect')).toHaveCount(4);

    // A click on a cell inside the region explains its class: each factor's value and class, and the limiting factor.
    const popup = page.getByTestId('zoning-cell-popup');
    const cell = await clickClassedCell(page);
    expect(cell, 'a classed cell inside the region').not.toBeNull();
    await expect(popup).toHaveAttribute('data-state', 'info');
    // The server's answer holds together: each factor's class is its value's class by the thresholds, the cell's class
    // is the worst of them, and the limiting factor is the first of the worst.
    const rules = [TMEAN, FROST];
    const classes = cell!.factors.map((f, k) => classOf(f.value!, rules[k]!));
    expect(cell!.factors.map((f) => f.class)).toEqual(classes);
    expect(cell!.class).toBe(Math.max(...classes));
    expect(cell!.limitingFactor).toBe(classes.indexOf(Math.max(...classes)));
    await expect(popup.getByTestId('zoning-cell-class')).toContainText(['最适宜', '适宜', '次适宜', '不适宜'][cell!.class!]!);
    await expect(popup.getByTestId('zoning-cell-limiting')).toContainText(['年平均气温', '春霜冻'][cell!.limitingFactor!]!);
    await expect(popup.getByTestId('zoning-cell-factors').locator('tbody tr')).toHaveCount(2);
    await expect(popup.locator('.zn-cell-limiting')).toHaveCount(1);

    // The download: one zip with the class GeoTIFF, the map as PNG and PDF, the statistics CSV and the JSON description.
    const download = page.waitForEvent('download');
    await view.locator('.zn-download').click();
    const file = await (await download).path();
    const members = unzip(fs.readFileSync(file!));
    const names = [...members.keys()].sort();
    expect(names).toHaveLength(5);
    const tif = names.find((n) => n.endsWith('.tif'))!;
    const stem = tif.slice(0, -4);
    expect(names).toEqual([`${stem}-stats.csv`, `${stem}.json`, `${stem}.pdf`, `${stem}.png`, `${stem}.tif`].sort());
    expect(['II*\u0000', 'MM\u0000*']).toContain(members.get(tif)!.toString('latin1', 0, 4));
    expect(members.get(`${stem}.png`)!.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(members.get(`${stem}.pdf`)!.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const description = JSON.parse(members.get(`${stem}.json`)!.toString('utf8')) as Record<string, unknown>;
    expect(JSON.stringify(description)).toContain(criterionName);
    expect(members.get(`${stem}-stats.csv`)!.toString('utf8')).toContain('最适宜');

    // The form starts from the customer's crop, not one crop for all: opened again, from the crop last run here; in a
    // browser that remembers none, from the crop of the customer's newest zoning product (this one).
    const cropShown = page.locator('.ant-form-item-control').filter({ has: page.locator('#zoning-crop') });
    await page.reload();
    await expect(cropShown).toHaveText('茶树');
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await expect(cropShown).toHaveText('茶树');

    // The product list: by crop, with status, author and time; open on the map; delete.
    await page.goto(at('/zoning-manage/zoning-list'));
    await chooseOption(page, page.locator('#zoning-list-crop'), '茶树', { type: true });
    const row = page.locator('#zoning-list-table tbody tr.ant-table-row').filter({ hasText: productName });
    await expect(row).toContainText('已完成');
    await expect(row).toContainText(product.creator);
    await row.locator('.zn-open').click();
    await expect(page.getByTestId('zoning-product')).toHaveAttribute('data-layer-status', 'loaded');
    await expect(page.getByTestId('zoning-stats-table').locator('tbody tr.ant-table-row')).toHaveCount(4);
    await row.locator('.zn-delete').click();
    const deleted = page.waitForResponse((r) => r.url().endsWith('/api/quhua/delete'));
    await page.locator('#confirm-delete').click();
    expect(((await (await deleted).json()) as Envelope<null>).code).toBe(0);
    await expect(row).toHaveCount(0);
    await expect(page.getByTestId('zoning-product')).toHaveCount(0);
    expect((await api<Product>(page, 'GET', `/api/quhua/product?productId=${product.id}`)).code).toBe(4004);
  });
});
