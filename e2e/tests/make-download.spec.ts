import { expect, test, type Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { ADMIN_PASSWORD, at, chooseOption, cookie, openSignedIn } from './fixtures';

/**
 * The make-download page on the demo (DEMO=1): the demo map product is in the library from the first start; an item
 * is found by the filters, previewed and downloaded under its own (UTF-8) name; station tables exported from the second
 * tab join the library, are downloaded as one zip and deleted by their author.
 */
interface Item {
  id: string;
  kind: string;
  name: string;
  format: string;
}

async function library(page: Page, query: string): Promise<Item[]> {
  const headers = { authorization: `Bearer ${await cookie(page.context(), 'Access-Token')}` };
  const res = await page.request.get(at(`/api/download/page?size=100&${query}`), { headers });
  return ((await res.json()) as { data: { list: Item[] } }).data.list;
}

const bytesOf = async (download: import('@playwright/test').Download) => Buffer.concat(await (await download.createReadStream()).toArray());

test('find, preview and download the demo map product', async ({ page }) => {
  await openSignedIn(page, '/make-manage/make-download', 'demo-make', ADMIN_PASSWORD);
  await expect(page.locator('#download-page')).toBeVisible();
  const png = (await library(page, 'kind=map-product&name=.png')).find((i) => i.format === 'png')!;
  expect(png, 'the demo map product').toBeTruthy();

  // Find it: the kind filter, then its name.
  const listed = page.waitForResponse((r) => r.url().includes('/api/download/page') && r.url().includes('kind=map-product'));
  await chooseOption(page, page.locator('#dl-kind-filter'), '地图产品');
  await listed;
  const searched = page.waitForResponse((r) => r.url().includes('/api/download/page') && r.url().includes('name='));
  await page.locator('#dl-name-search').fill(png.name);
  await page.locator('#dl-name-search').press('Enter');
  await searched;
  const row = page.locator('#dl-table tr[data-row-key]', { hasText: png.name });
  await expect(row).toHaveCount(1);
  await expect(page.locator('#dl-table tr[data-row-key]')).toHaveCount(1);
  // Its thumbnail is the server's small PNG.
  await expect(row.locator('img.dl-thumb')).toHaveJSProperty('complete', true);
  expect(await row.locator('img.dl-thumb').evaluate((img: HTMLImageElement) => Math.max(img.naturalWidth, img.naturalHeight))).toBe(240);

  // Preview: the picture itself, in a modal.
  await row.locator('.dl-preview').click();
  const body = page.locator(`.dl-preview-body[data-preview="${png.id}"]`);
  await expect(body).toHaveAttribute('data-status', 'ready');
  const image = body.locator('img.dl-preview-image');
  await expect(image).toHaveJSProperty('complete', true);
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(500);

  // Download from the preview: the file under its own name, PNG bytes.
  const download = page.waitForEvent('download');
  await page.locator('#dl-preview-download').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(png.name);
  expect((await bytesOf(file)).subarray(1, 4).toString()).toBe('PNG');
});

test('export station tables, download several as one zip, delete them', async ({ page }) => {
  await openSignedIn(page, '/make-manage/make-download', 'demo-make', ADMIN_PASSWORD);
  await page.locator('#download-page .ant-tabs-tab', { hasText: '站点预报表' }).click();
  // The first forecast with grids is chosen; the table shows every station.
  await expect(page.locator('#dl-station-table tr[data-row-key]').first()).toBeVisible();
  await expect(page.locator('#dl-station-table tr[data-row-key]', { hasText: '西安' })).toHaveCount(1);

  const names: string[] = [];
  for (const [button, ext] of [
    ['#dl-st-csv', 'csv'],
    ['#dl-st-xlsx', 'xlsx'],
  ] as const) {
    const download = page.waitForEvent('download');
    const exported = page.waitForResponse((r) => r.url().endsWith('/api/download/stationTable/export'));
    await page.locator(button).click();
    const item = ((await (await exported).json()) as { data: Item }).data;
    const file = await download;
    expect(file.suggestedFilename()).toBe(item.name);
    expect(item.name.endsWith(`.${ext}`)).toBe(true);
    const bytes = await bytesOf(file);
    if (ext === 'csv') {
      const text = bytes.toString('utf8');
      expect(text.charCodeAt(0)).toBe(0xfeff);
      expect(text.slice(1).split('\n')[0]).toMatch(/^站号,站名,经度,纬度,\d+ 小时（/);
      expect(text).toContain('西安');
    } else expect(bytes.subarray(0, 2).toString()).toBe('PK');
    names.push(item.name);
  }

  // Both in the library: select them and download one zip.
  await page.locator('#download-page .ant-tabs-tab', { hasText: '产品库' }).click();
  const listed = page.waitForResponse((r) => r.url().includes('/api/download/page') && r.url().includes('kind=station-table'));
  await chooseOption(page, page.locator('#dl-kind-filter'), '站点预报表');
  await listed;
  for (const name of names) {
    const row = page.locator('#dl-table tr[data-row-key]', { hasText: name });
    await expect(row).toHaveCount(1);
    await row.locator('input[type=checkbox]').check();
  }
  await expect(page.locator('#dl-zip')).toContainText('2');
  const zipped = page.waitForEvent('download');
  await page.locator('#dl-zip').click();
  const zip = await zipped;
  expect(zip.suggestedFilename()).toMatch(/^downloads-\d{4}-\d{2}-\d{2}\.zip$/);
  expect(Object.keys(unzipSync(new Uint8Array(await bytesOf(zip)))).sort()).toEqual([...names].sort());

  // Delete them (their author may): after the confirmation they are gone.
  const deleted = page.waitForResponse((r) => r.url().endsWith('/api/download/delete'));
  await page.locator('#dl-delete-selected').click();
  await expect(page.locator('.ant-modal-confirm')).toContainText(names[0]!);
  await page.locator('#confirm-delete').click();
  expect(((await (await deleted).json()) as { code: number; data: { deleted: number } }).data.deleted).toBe(2);
  for (const name of names) await expect(page.locator('#dl-table tr[data-row-key]', { hasText: name })).toHaveCount(0);
  expect((await library(page, 'kind=station-table')).filter((i) => names.includes(i.name))).toEqual([]);
});
