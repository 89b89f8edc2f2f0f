import { expect, test, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, at, chooseOption, cookie, storeSession } from './fixtures';

interface Meteogram {
  baseTime: string;
  cell: { i: number; j: number; lon: number; lat: number };
  station: { id: number; name: string } | null;
  leads: number[];
  elements: Array<{ code: string; name: string; unit: string; values: Array<number | null> }>;
}

const map = (page: Page) => page.getByTestId('console-map');

async function mapPoint(page: Page, fx: number, fy: number): Promise<{ x: number; y: number }> {
  const box = (await map(page).boundingBox())!;
  return { x: box.x + box.width * fx, y: box.y + box.height * fy };
}

async function openPointPage(page: Page) {
  await storeSession(page, 'demo-revise', ADMIN_PASSWORD);
  const gridAnswer = page.waitForResponse((r) => r.url().includes('/api/forecaster/getData') && r.ok());
  await page.goto(at('/data-revise/point-revise'));
  await gridAnswer;
  await expect(map(page)).toHaveAttribute('data-wms', 'loaded');
}

/** Every value the drawer's table shows for an element, lead by lead ('' where missing). */
async function tableColumn(page: Page, code: string): Promise<string[]> {
  return page.getByTestId('meteogram-table').locator(`tbody td[data-element="${code}"]`).allInnerTexts();
}

test.describe('meteogram', () => {
  test('a click on the revision map in meteogram mode opens the point’s time series: chart and values equal the API’s', async ({
    page,
  }) => {
    await openPointPage(page);
    await page.locator('#meteogram-mode').click();
    const answered = page.waitForResponse((r) => r.url().includes('/api/grid/meteogram?') && r.ok());
    const p = await mapPoint(page, 0.64, 0.4);
    await page.mouse.click(p.x, p.y);
    const response = await answered;
    const body = (await response.json()) as { code: number; data: Meteogram };
    expect(body.code).toBe(0);
    const m = body.data;
    // The click did not add a revision point.
    await expect(page.getByTestId('revise-points').locator('tr.ant-table-row')).toHaveCount(0);

    const drawer = page.getByTestId('meteogram');
    await expect(drawer).toBeVisible();
    await expect(drawer).toContainText('时间序列');
    await expect(page.getByTestId('meteogram-chart')).toHaveAttribute('data-chart', 'ready');
    // The chart is drawn (a canvas with ink).
    const inked = await page
      .getByTestId('meteogram-chart')
      .locator('canvas')
      .first()
      .evaluate((c: HTMLCanvasElement) => {
        const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
        let n = 0;
        for (let k = 3; k < d.length; k += 4) if (d[k]! > 0) n++;
        return n;
      });
    expect(inked).toBeGreaterThan(2000);

    // The table shows the very values the API answered, lead by lead, for every element.
    expect(m.leads).toHaveLength(25);
    for (const code of ['tmp', 'pre3h', 'wsp', 'wdir', 'tmax', 'pre24h']) {
      const element = m.elements.find((e) => e.code === code)!;
      expect(await tableColumn(page, code)).toEqual(element.values.map((v) => (v === null ? '' : String(v))));
    }
    // And the API's values are the stored grids' at that cell (the WMS answers the same at the same time).
    const token = await cookie(page.context(), 'Access-Token');
    const tmp = m.elements.find((e) => e.code === 'tmp')!;
    const q = new URLSearchParams({
      SERVICE: 'WMS',
      VERSION: '1.3.0',
      REQUEST: 'GetFeatureInfo',
      LAYERS: 'fine-grid.tmp',
      QUERY_LAYERS: 'fine-grid.tmp',
      STYLES: '',
      CRS: 'CRS:84',
      BBOX: `${m.cell.lon - 0.025},${m.cell.lat - 0.025},${m.cell.lon + 0.025},${m.cell.lat + 0.025}`,
      WIDTH: '1',
      HEIGHT: '1',
      I: '0',
      J: '0',
      DIM_REFERENCE_TIME: m.baseTime,
      DIM_LEAD: '6',
      token: token!,
    });
    const info = (await (await page.request.get(at(`/api/wms?${q.toString()}`))).json()) as { value: number };
    expect(info.value).toBe(tmp.values[m.leads.indexOf(6)]);

    // The CSV has the same numbers.
    const download = page.waitForEvent('download');
    await page.locator('#meteogram-csv').click();
    const csv = Buffer.concat(await (await (await download).createReadStream()).toArray()).toString('utf8');
    const lines = csv
      .replace(/^\ufeff/, '')
      .trim()
      .split('\n');
    expect(lines).toHaveLength(26);
    const col = lines[0]!.split(',').indexOf('气温 (°C)');
    expect(lines.slice(1).map((l) => l.split(',')[col])).toEqual(tmp.values.map((v) => (v === null ? '' : String(v))));
  });

  test('a station picked in meteogram mode opens the station’s series; a revision point has its own button', async ({ page }) => {
    await openPointPage(page);
    await page.locator('#meteogram-mode').click();
    const answered = page.waitForResponse((r) => r.url().includes('/api/grid/meteogram?') && r.url().includes('station=') && r.ok());
    await chooseOption(page, page.locator('.revise-station-pick'), /华山/);
    const m = ((await (await answered).json()) as { data: Meteogram }).data;
    expect(m.station!.name).toBe('华山');
    await expect(page.getByTestId('meteogram')).toContainText('站点 华山（57045）');
    await expect(page.getByTestId('meteogram-chart')).toHaveAttribute('data-chart', 'ready');
    const tmp = m.elements.find((e) => e.code === 'tmp')!;
    expect(await tableColumn(page, 'tmp')).toEqual(tmp.values.map((v) => (v === null ? '' : String(v))));
    await page.locator('.meteogram-drawer').getByRole('button', { name: '关闭' }).click();
    await expect(page.getByTestId('meteogram')).toBeHidden();

    // Mode off: a click adds a revision point again, and its row opens the meteogram of that point.
    await page.locator('#meteogram-mode').click();
    const p = await mapPoint(page, 0.62, 0.45);
    await page.mouse.click(p.x, p.y);
    await expect(page.getByTestId('revise-points').locator('tr.ant-table-row')).toHaveCount(1);
    const again = page.waitForResponse((r) => r.url().includes('/api/grid/meteogram?') && r.ok());
    await page.locator('.revise-point-meteogram').click();
    expect(((await (await again).json()) as { code: number }).code).toBe(0);
    await expect(page.getByTestId('meteogram-table')).toBeVisible();
  });

  test('the area revision page has the same meteogram mode: a click opens the series instead of drawing, a station too', async ({
    page,
  }) => {
    await storeSession(page, 'demo-revise', ADMIN_PASSWORD);
    const gridAnswer = page.waitForResponse((r) => r.url().includes('/api/forecaster/getData') && r.ok());
    await page.goto(at('/data-revise/surface-revise'));
    await gridAnswer;
    await expect(map(page)).toHaveAttribute('data-wms', 'loaded');
    // Drawing on, then meteogram mode: the mode stops the drawing.
    await page.locator('#area-draw').click();
    await page.locator('#meteogram-mode').click();
    await expect(page.locator('#area-draw')).not.toHaveClass(/ant-btn-primary/);
    const answered = page.waitForResponse((r) => r.url().includes('/api/grid/meteogram?') && r.ok());
    const p = await mapPoint(page, 0.6, 0.42);
    await page.mouse.click(p.x, p.y);
    const m = ((await (await answered).json()) as { data: Meteogram }).data;
    await expect(page.getByTestId('meteogram-chart')).toHaveAttribute('data-chart', 'ready');
    for (const code of ['tmp', 'pre3h', 'tmin24h']) {
      const element = m.elements.find((e) => e.code === code)!;
      expect(await tableColumn(page, code)).toEqual(element.values.map((v) => (v === null ? '' : String(v))));
    }
    // No area was drawn by the click, and no value popup opened.
    await expect(page.getByTestId('revise-areas').locator('.ant-list-item')).toHaveCount(0);
    await expect(page.locator('.map-value-popup-meteogram')).toHaveCount(0);
    await page.locator('.meteogram-drawer').getByRole('button', { name: '关闭' }).click();
    await expect(page.getByTestId('meteogram')).toBeHidden();

    const byStation = page.waitForResponse((r) => r.url().includes('/api/grid/meteogram?') && r.url().includes('station=') && r.ok());
    await chooseOption(page, page.locator('.meteogram-station-pick'), /华山/);
    expect(((await (await byStation).json()) as { data: Meteogram }).data.station!.name).toBe('华山');
    await expect(page.getByTestId('meteogram')).toContainText('站点 华山（57045）');
    await page.locator('.meteogram-drawer').getByRole('button', { name: '关闭' }).click();

    // Drawing again leaves the mode.
    await page.locator('#area-draw').click();
    await expect(page.locator('#meteogram-mode')).not.toBeChecked();
    await expect(page.locator('.meteogram-station-pick')).toHaveCount(0);
  });
});
