import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import fs from 'node:fs';
import {
  ADMIN_PASSWORD,
  at,
  chooseLanguage,
  chooseOption,
  chooseRegion,
  chooseUserMenu,
  cookie,
  LANGUAGES_AND_SIZES,
  openSignedIn,
} from './fixtures';

/**
 * Sandstorm disaster records (/disaster/manage, docs/disaster.md): create with the position picked on the map and the
 * region from the cascader, the GB/T 20480 grade hinted and derived, text that looks like HTML shown as text, edit,
 * filters, statistics charts, Excel export, all-or-nothing import, delete.
 */

const uid = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
const rows = (page: Page) => page.locator('#sandstorm-table .ant-table-tbody tr.ant-table-row');
const row = (page: Page, text: string | RegExp) => rows(page).filter({ hasText: text });
const total = async (page: Page) => Number(await page.locator('#sandstorm-page').getAttribute('data-total'));

async function openPage(page: Page) {
  await openSignedIn(page, '/disaster/manage', 'demo-disaster', ADMIN_PASSWORD);
  await expect(page.getByRole('heading', { name: '灾情记录' })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
}

/** A point of the map right of the page panel (and of the form, which sits over the panel). */
async function freeMapPoint(page: Page): Promise<{ x: number; y: number }> {
  const map = (await page.getByTestId('console-map').boundingBox())!;
  const panel = (await page.getByTestId('map-panel').boundingBox())!;
  const left = panel.x + panel.width;
  return { x: Math.round(left + (map.x + map.width - left) * 0.5), y: Math.round(map.y + map.height * 0.5) };
}

test('create with the map and the region cascader, text shown as text, edit and delete', async ({ page }) => {
  const id = uid();
  const name = `<img src=x onerror="window.__xss=1">测试点${id}`;
  await openPage(page);
  await expect.poll(async () => Number(await page.locator('#sandstorm-page').getAttribute('data-map-records'))).toBeGreaterThanOrEqual(35);

  await page.locator('#sandstorm-create').click();
  const dialog = page.getByRole('dialog', { name: '新增沙尘灾情' });
  await expect(dialog.locator('#sandstorm-pick')).toBeChecked();
  // The map stays clickable under the open form: a click fills longitude and latitude.
  const spot = await freeMapPoint(page);
  await page.mouse.click(spot.x, spot.y);
  await expect(dialog.getByText(/已选位置：/)).toBeVisible();
  // The boundary layers say where the point lies: the region taken from them, or that no layer holds it.
  await expect(dialog.locator('#sandstorm-region-from-map')).toHaveText(
    /^(按地图上的点取自边界图层“省界（内置）”：.+|所选的点不在任何已加载的边界内，请手动选择地区)$/,
  );
  await expect(dialog.locator('#sandstorm-lon')).not.toHaveValue('');
  expect(Number(await dialog.locator('#sandstorm-lat').inputValue())).toBeGreaterThan(3);
  // A point of Yulin for the region chosen below (the server checks the point lies in the province).
  await dialog.locator('#sandstorm-lon').fill('109.7');
  await dialog.locator('#sandstorm-lat').fill('38.3');
  await dialog.locator('#sandstorm-location').fill(name);
  await chooseRegion(page, '#sandstorm-region', ['陕西省', '榆林市', '榆阳区']);
  // Escape in the open region list closes the list only: the form stays open with what was typed and chosen.
  await dialog.locator('#sandstorm-region').click();
  await expect(page.locator('.ant-cascader-dropdown:visible')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-cascader-dropdown:visible')).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('#sandstorm-location')).toHaveValue(name);
  await expect(dialog.locator('.ant-cascader')).toContainText('榆阳区');
  // A time typed the Chinese way is taken on leaving the field (no OK button to press).
  await dialog.locator('#sandstorm-time').fill('2025/4/10 20:00');
  await dialog.locator('#sandstorm-minVisibility').click();
  await expect(dialog.locator('#sandstorm-time')).toHaveValue('2025-04-10 20:00');
  await dialog.locator('#sandstorm-minVisibility').fill('800');
  await dialog.locator('#sandstorm-maxWindSpeed').fill('15');
  await expect(dialog.locator('#sandstorm-level-hint')).toContainText('按 GB/T 20480 判定为：沙尘暴');
  await dialog.locator('#sandstorm-duration').fill('3');
  await dialog.locator('#sandstorm-description').fill('<script>window.__xss=2</script>棚膜撕裂');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/sandstorm/insert'));
  await dialog.locator('#sandstorm-form-submit').click();
  const created = (await (await saved).json()) as { code: number; data: { id: number; level: string; levelDerived: boolean } };
  expect(created.code).toBe(0);
  expect(created.data).toMatchObject({ level: 'sandstorm', levelDerived: true });
  await expect(dialog).toBeHidden();

  // Selected, expanded, and every text shown literally: nothing ran.
  const mine = row(page, `测试点${id}`);
  await expect(mine).toBeVisible();
  await expect(mine).toContainText(name);
  await expect(mine).toContainText('2025-04-10 20:00');
  await expect(page.locator(`#sandstorm-detail-${created.data.id}`)).toContainText('<script>window.__xss=2</script>棚膜撕裂');
  await expect(page.locator('#sandstorm-page')).toHaveAttribute('data-selected', String(created.data.id));
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();

  // Edit: a lower visibility with the level left automatic becomes a severe sandstorm; a contradicting level is hinted.
  // The row's icon buttons say what they do on hover, and to a screen reader with the record's name.
  await mine.getByRole('button', { name: /^编辑/ }).hover();
  await expect(page.getByRole('tooltip')).toHaveText('编辑');
  await mine.getByRole('button', { name: /^编辑/ }).click();
  const edit = page.getByRole('dialog', { name: '编辑沙尘灾情' });
  await edit.locator('#sandstorm-minVisibility').fill('300');
  await expect(edit.locator('#sandstorm-level-hint')).toContainText('强沙尘暴');
  const updated = page.waitForResponse((r) => r.url().endsWith('/api/sandstorm/update'));
  await edit.locator('#sandstorm-form-submit').click();
  expect(((await (await updated).json()) as { data: { level: string; version: number } }).data).toMatchObject({
    level: 'severe-sandstorm',
    version: 2,
  });
  await expect(mine.locator('.ant-tag')).toHaveText('强沙尘暴*');

  // Delete after confirming.
  await mine.getByRole('button', { name: /^删除/ }).click();
  const deleted = page.waitForResponse((r) => r.url().includes('/api/sandstorm/deleteById'));
  await page.locator('#confirm-delete').click();
  expect(((await (await deleted).json()) as { code: number }).code).toBe(0);
  await expect(mine).toHaveCount(0);
});

test('an English and then a Spanish user choose the required region in their language; Escape closes only the picker', async ({ page }) => {
  const place = `Mu Us ${uid()}`;
  await openPage(page);
  await chooseLanguage(page, 'en');
  await page.locator('#sandstorm-create').click();
  const form = page.getByRole('dialog').filter({ has: page.locator('#sandstorm-time') });
  await form.locator('#sandstorm-location').fill(place);
  await form.locator('#sandstorm-lon').fill('109.7');
  await form.locator('#sandstorm-lat').fill('38.3');
  await form.locator('#sandstorm-time').fill('4/10/2025 20:00');
  await form.locator('#sandstorm-minVisibility').fill('800');
  await form.locator('#sandstorm-maxWindSpeed').fill('15');
  await form.locator('#sandstorm-duration').fill('3');
  // The picker's provinces, prefectures and counties are in English, and its required value is taken.
  await chooseRegion(page, '#sandstorm-region', ['Shaanxi', 'Yulin', 'Yuyang District']);
  await expect(form.locator('.ant-cascader')).toContainText('Yuyang District');
  // Escape in the open picker closes the picker alone: the form stays with what was typed and chosen.
  await form.locator('#sandstorm-region').click();
  await expect(page.locator('.ant-cascader-dropdown:visible')).toContainText('Inner Mongolia');
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-cascader-dropdown:visible')).toHaveCount(0);
  await expect(form).toBeVisible();
  await expect(form.locator('#sandstorm-location')).toHaveValue(place);
  await expect(form.locator('.ant-cascader')).toContainText('Yuyang District');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/sandstorm/insert'));
  await form.locator('#sandstorm-form-submit').click();
  const created = (await (await saved).json()) as { code: number; data: { id: number; regionCode: string; regionName: string } };
  expect(created.code).toBe(0);
  expect(created.data).toMatchObject({ regionCode: '610802', regionName: 'Yuyang District, Yulin, Shaanxi' });
  await expect(form).toBeHidden();
  const detail = page.locator(`#sandstorm-detail-${created.data.id}`);
  await expect(detail).toContainText('Yuyang District, Yulin, Shaanxi (610802)');

  // In Spanish the list names the region in Spanish, and the edit form's picker offers Spanish names to choose from.
  await chooseLanguage(page, 'es');
  await expect(detail).toContainText('Distrito de Yuyang, Yulin, Shaanxi (610802)');
  await row(page, place)
    .getByRole('button', { name: /^Editar / })
    .click();
  const edit = page.getByRole('dialog').filter({ has: page.locator('#sandstorm-time') });
  await expect(edit.locator('.ant-cascader')).toContainText('Distrito de Yuyang');
  // A point of Shenmu for the region chosen next.
  await edit.locator('#sandstorm-lon').fill('110.49');
  await edit.locator('#sandstorm-lat').fill('38.84');
  await chooseRegion(page, '#sandstorm-region', ['Shaanxi', 'Yulin', 'Ciudad de Shenmu']);
  await expect(edit.locator('.ant-cascader')).toContainText('Ciudad de Shenmu');
  await edit.locator('#sandstorm-region').click();
  await expect(page.locator('.ant-cascader-dropdown:visible')).toContainText('Mongolia Interior');
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-cascader-dropdown:visible')).toHaveCount(0);
  await expect(edit.locator('#sandstorm-location')).toHaveValue(place);
  const updated = page.waitForResponse((r) => r.url().endsWith('/api/sandstorm/update'));
  await edit.locator('#sandstorm-form-submit').click();
  const answer = (await (await updated).json()) as { code: number; msg: string; data: { regionCode: string; regionName: string } };
  expect(answer.code, answer.msg).toBe(0);
  expect(answer.data).toMatchObject({ regionCode: '610881', regionName: 'Ciudad de Shenmu, Yulin, Shaanxi' });
  await expect(detail).toContainText('Ciudad de Shenmu, Yulin, Shaanxi (610881)');

  const removed = await page.request.get(at(`/api/sandstorm/deleteById?id=${created.data.id}`), {
    headers: { authorization: `Bearer ${await cookie(page.context(), 'Access-Token')}` },
  });
  expect(((await removed.json()) as { code: number }).code).toBe(0);
});

test('filters by grade and region, statistics as charts, Excel export and all-or-nothing import', async ({ page }) => {
  const id = uid();
  await openPage(page);
  const all = await total(page);
  expect(all).toBeGreaterThanOrEqual(35);

  // Grade filter: only severe sandstorms, as many as the API counts.
  let answer = page.waitForResponse(
    (r) => r.url().includes('/api/sandstorm/findByCode') && r.url().includes('level=severe-sandstorm') && r.url().includes('size=10'),
  );
  await chooseOption(page, page.locator('#sandstorm-filter-level'), '强沙尘暴');
  const severe = ((await (await answer).json()) as { data: { total: number } }).data.total;
  await expect.poll(() => total(page)).toBe(severe);
  for (const tag of await rows(page).locator('.ant-tag').allTextContents()) expect(tag).toMatch(/^强沙尘暴\*?$/);
  const levelSelect = page.locator('.ant-select').filter({ has: page.locator('#sandstorm-filter-level') });
  await levelSelect.hover();
  await levelSelect.locator('.ant-select-clear').click();
  await expect.poll(() => total(page)).toBe(all);

  // Region filter: a prefecture takes every county below it.
  answer = page.waitForResponse(
    (r) => r.url().includes('/api/sandstorm/findByCode') && r.url().includes('code=610600') && r.url().includes('size=10'),
  );
  await chooseRegion(page, '#sandstorm-filter-region', ['陕西省', '延安市']);
  const yanan = ((await (await answer).json()) as { data: { total: number; list: Array<{ regionCode: string }> } }).data;
  expect(yanan.total).toBeGreaterThan(0);
  expect(yanan.list.every((r) => r.regionCode.startsWith('6106'))).toBe(true);
  await expect.poll(() => total(page)).toBe(yanan.total);
  await expect.poll(async () => Number(await page.locator('#sandstorm-page').getAttribute('data-map-records'))).toBe(yanan.total);

  // Statistics of the filtered records: totals and four charts.
  const stats = page.waitForResponse((r) => r.url().includes('/api/sandstorm/statistics'));
  await page.locator('#sandstorm-tabs-tab-statistics').click();
  const counted = ((await (await stats).json()) as { data: { totals: { count: number; injured: number } } }).data;
  await expect(page.locator('#sandstorm-stats')).toHaveAttribute('data-count', String(counted.totals.count));
  expect(counted.totals.count).toBe(yanan.total);
  for (const chart of ['chart-level', 'chart-year', 'chart-month', 'chart-region'])
    await expect(page.getByTestId(chart)).toHaveAttribute('data-chart', 'ready');
  await page.locator('#sandstorm-tabs-tab-records').click();

  // Export of the filtered rows: a workbook with a heading row and one row per record.
  const download = page.waitForEvent('download');
  await page.locator('#sandstorm-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^sandstorm-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(fs.readFileSync((await file.path())!) as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0]!;
  expect(sheet.getRow(1).getCell(1).value).toBe('地点');
  expect(sheet.rowCount).toBe(yanan.total + 1);

  // Import: a file with a bad row is refused whole, with the row named; the fixed file goes in.
  await page.locator('#sandstorm-import').click();
  const dialog = page.getByRole('dialog', { name: '导入沙尘灾情' });
  const csv = (visibility: string) =>
    [
      '地点,时间（北京时）,等级,行政区划代码,经度（°）,纬度（°）,持续时间（h）,最小能见度（m）,最大风速（m/s）',
      `吴起县${id},2024-04-13 16:00,沙尘暴,610626,108.18,36.93,5,800,15`,
      `志丹县${id},2024-04-13 17:00,沙尘暴,610625,108.77,36.82,4,${visibility},14`,
    ].join('\n');
  await dialog
    .locator('#sandstorm-import-file')
    .setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(csv('2500'), 'utf8') });
  await dialog.locator('#sandstorm-import-submit').click();
  const report = dialog.locator('#sandstorm-import-report');
  await expect(report).toHaveAttribute('data-rows', '1');
  await expect(report).toContainText('扬沙');
  await dialog
    .locator('#sandstorm-import-file')
    .setInputFiles({ name: 'good.csv', mimeType: 'text/csv', buffer: Buffer.from(csv('700'), 'utf8') });
  await dialog.locator('#sandstorm-import-submit').click();
  await expect(dialog.locator('#sandstorm-import-result')).toContainText('已导入 2 条记录');
  await dialog.locator('.ant-modal-footer').getByRole('button', { name: '关闭' }).click();
  await expect.poll(() => total(page)).toBe(yanan.total + 2);
  await expect(row(page, `志丹县${id}`)).toBeVisible();
});

/**
 * The categories of a chart's axis and the texts ECharts draws on its canvas: read from the chart itself (the page's
 * own ECharts module, imported again by its address, finds the chart drawn in the element). A label ECharts hides for
 * lack of room is left out of what it draws. `cut` names the category labels drawn past the chart's edges; `overlaps`
 * the pairs of category labels drawn over each other (compared along their slope when they are turned).
 */
async function chartTexts(
  page: Page,
  testId: string,
): Promise<{ categories: string[]; drawn: string[]; cut: string[]; overlaps: string[] }> {
  return page.getByTestId(testId).evaluate(async (el) => {
    const url = performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .find((name) => /\/echarts-setup-[^/]*\.js$/.test(name));
    if (!url) throw new Error('the ECharts module was not loaded');
    // A text is drawn as one span per line, each a child of the text; a span's transform is the whole one (rotation
    // and place), its bounding rect its own line's box.
    type Rect = { x: number; y: number; width: number; height: number };
    type Span = { type: string; parent?: object; style: { text?: string }; transform?: number[]; getBoundingRect(): Rect };
    type Chart = {
      getOption(): { xAxis: Array<{ data: string[] }> };
      getZr(): { storage: { getDisplayList(update: boolean): Span[] } };
      getWidth(): number;
      getHeight(): number;
    };
    const { echarts } = (await import(url)) as { echarts: { getInstanceByDom(el: HTMLElement): Chart | undefined } };
    const chart = echarts.getInstanceByDom(el as HTMLElement)!;
    const texts = new Map<object, Span[]>();
    for (const span of chart.getZr().storage.getDisplayList(true)) {
      if (span.type !== 'tspan' || !span.style.text) continue;
      const text = span.parent ?? span;
      texts.set(text, [...(texts.get(text) ?? []), span]);
    }
    const joined = (spans: Span[]) =>
      spans
        .map((s) => s.style.text)
        .join(' ')
        .replace(/\s+/g, ' ');
    const drawn = [...texts.values()].map(joined);
    const categories = chart.getOption().xAxis[0]!.data;
    const wanted = new Set(categories.map((c) => c.replace(/\s+/g, ' ')));
    // The corners of each category label, in the page's frame and turned back by the label's own angle.
    const labels = [...texts.values()]
      .filter((spans) => wanted.has(joined(spans)))
      .map((spans) => {
        const m = spans[0]!.transform ?? [1, 0, 0, 1, 0, 0];
        const angle = Math.atan2(m[1]!, m[0]!);
        const corners = spans.flatMap((s) => {
          const r = s.getBoundingRect();
          const t = s.transform ?? [1, 0, 0, 1, 0, 0];
          return [
            [r.x, r.y],
            [r.x + r.width, r.y],
            [r.x, r.y + r.height],
            [r.x + r.width, r.y + r.height],
          ].map(([x, y]) => [t[0]! * x! + t[2]! * y! + t[4]!, t[1]! * x! + t[3]! * y! + t[5]!] as const);
        });
        const box = (points: ReadonlyArray<readonly [number, number]>) => ({
          left: Math.min(...points.map((p) => p[0])),
          right: Math.max(...points.map((p) => p[0])),
          top: Math.min(...points.map((p) => p[1])),
          bottom: Math.max(...points.map((p) => p[1])),
        });
        const [c, s] = [Math.cos(-angle), Math.sin(-angle)];
        return {
          text: joined(spans),
          angle,
          page: box(corners),
          own: box(corners.map(([x, y]) => [c * x - s * y, s * x + c * y] as const)),
        };
      });
    const [w, h] = [chart.getWidth(), chart.getHeight()];
    const cut = labels
      .filter((l) => l.page.left < -1 || l.page.top < -1 || l.page.right > w + 1 || l.page.bottom > h + 1)
      .map((l) => l.text);
    const overlaps: string[] = [];
    labels.forEach((a, i) =>
      labels.slice(i + 1).forEach((b) => {
        const [p, q] = Math.abs(a.angle - b.angle) < 1e-6 ? [a.own, b.own] : [a.page, b.page];
        if (p.left < q.right - 1 && q.left < p.right - 1 && p.top < q.bottom - 1 && q.top < p.bottom - 1)
          overlaps.push(`${a.text} / ${b.text}`);
      }),
    );
    return { categories, drawn, cut, overlaps };
  });
}

test('the statistics chart by grade labels each of the five grades in every language at 1280×720, 1920×1080 and on a phone, none cut or overlapping', async ({
  page,
}) => {
  await openSignedIn(page, '/disaster/manage', 'demo-disaster', ADMIN_PASSWORD);
  await expect(rows(page).first()).toBeVisible();
  await page.locator('#sandstorm-tabs-tab-statistics').click();
  await expect(page.getByTestId('chart-level')).toHaveAttribute('data-chart', 'ready');
  // Spanish (the longest names) also on a phone, where the grades turn.
  for (const [lang, size] of [...LANGUAGES_AND_SIZES, ['es', { width: 390, height: 844 }] as const]) {
    await page.setViewportSize(size);
    await chooseLanguage(page, lang);
    // The chart redraws in the new language and size: its five grades named in that language's script, each drawn
    // whole (wrapped or turned), inside the chart and clear of its neighbours.
    await expect
      .poll(
        async () => {
          const { categories, drawn, cut, overlaps } = await chartTexts(page, 'chart-level');
          return {
            grades: categories.length,
            script: categories.every((c) => /\p{Script=Han}/u.test(c) === (lang === 'zh')),
            missing: categories.filter((c) => !drawn.includes(c.replace(/\s+/g, ' '))),
            cut,
            overlaps,
          };
        },
        { message: `${lang}, ${size.width}×${size.height}` },
      )
      .toEqual({ grades: 5, script: true, missing: [], cut: [], overlaps: [] });
  }
  await page.setViewportSize({ width: 1920, height: 1080 });
  // In Spanish (the last language above) the form's time is typed day first, and Escape in the region list keeps the form.
  await page.locator('#sandstorm-tabs-tab-records').click();
  await page.locator('#sandstorm-create').click();
  const form = page.getByRole('dialog').filter({ has: page.locator('#sandstorm-time') });
  await form.locator('#sandstorm-location').fill('Mu Us');
  await form.locator('#sandstorm-time').fill('10/4/2025 20:00');
  await form.locator('#sandstorm-duration').click();
  await expect(form.locator('#sandstorm-time')).toHaveValue('2025-04-10 20:00');
  await form.locator('#sandstorm-region').click();
  await expect(page.locator('.ant-cascader-dropdown:visible')).toContainText('Shaanxi');
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-cascader-dropdown:visible')).toHaveCount(0);
  await expect(form.locator('#sandstorm-location')).toHaveValue('Mu Us');
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();

  // The dashboard's card shows this year's records, or the latest year with records said as such (the demo's are all
  // of earlier years), with the count the statistics give for that year.
  const stats = async (query: string) => {
    const res = await page.request.get(at(`/api/sandstorm/statistics${query}`), {
      headers: { authorization: `Bearer ${await cookie(page.context(), 'Access-Token')}` },
    });
    return ((await res.json()) as { data: { byYear: Array<{ year: number; count: number }>; totals: { count: number } } }).data;
  };
  const thisYear = Number(new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 4));
  const latest = Math.max(...(await stats('')).byYear.filter((y) => y.count > 0 && y.year <= thisYear).map((y) => y.year));
  const inLatest = await stats(
    `?from=${encodeURIComponent(`${latest}-01-01T00:00:00+08:00`)}&to=${encodeURIComponent(`${latest}-12-31T23:59:59.999+08:00`)}`,
  );
  await chooseUserMenu(page, '#user-menu-dashboard');
  const card = page.locator('#dashboard-card-sandstorm-year');
  await expect(card.locator('.ant-card-head')).toContainText(`Tormentas de arena en ${latest}`);
  if (latest !== thisYear) await expect(card).toContainText(`Aún no hay registros en ${thisYear}`);
  await expect(card.locator('.dashboard-sandstorm-count .ant-statistic-content-value')).toHaveText(String(inLatest.totals.count));
  await expect(card.locator('[data-testid="dashboard-sandstorm-chart"][data-chart="ready"]')).toBeVisible();
  // The card's chart, a fifth of its width a grade, names each grade whole, inside the chart and clear of the others.
  await expect
    .poll(async () => {
      const { categories, drawn, cut, overlaps } = await chartTexts(page, 'dashboard-sandstorm-chart');
      return { missing: categories.filter((c) => !drawn.includes(c.replace(/\s+/g, ' '))), cut, overlaps };
    })
    .toEqual({ missing: [], cut: [], overlaps: [] });
});
