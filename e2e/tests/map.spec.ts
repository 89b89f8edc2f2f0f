import { expect, test } from '@playwright/test';
import { ADMIN_PASSWORD, at, baseUrl, imagePixels, openSignedIn, pngFixture, storeSession } from './fixtures';

test.describe('map layout', () => {
  test('offline base, product WMS layer, point values, a click shows the value, the panel folds away', async ({ page }) => {
    // A zoning specialist of the demo customer reads the demo forecast grids.
    await storeSession(page, 'demo-zoning', ADMIN_PASSWORD);
    const countries = page.waitForResponse((r) => r.url().includes('/api/gis/offline/countries.json') && r.ok());
    const getMap = page.waitForResponse((r) => r.url().includes('/api/wms') && /REQUEST=GetMap/i.test(r.url()));
    await page.goto(at('/zoning-manage/make-zoning'));

    const map = page.getByTestId('console-map');
    // Without a Tianditu key the console's own outlines are the base.
    await expect(map).toHaveAttribute('data-base', 'offline');
    expect((await (await countries).json()).type).toBe('FeatureCollection');

    // The product layer draws a real image with coloured pixels.
    const mapResponse = await getMap;
    expect(mapResponse.headers()['content-type']).toBe('image/png');
    await expect(map).toHaveAttribute('data-wms', 'loaded');
    const image = await imagePixels(page, mapResponse.url());
    expect(image.opaque).toBeGreaterThan(image.total * 0.05);

    // Point values for the visible box, with two decimals.
    await expect.poll(async () => Number(await map.getAttribute('data-points'))).toBeGreaterThan(10);
    await expect(page.getByTestId('map-legend').locator('img')).toHaveJSProperty('complete', true);
    await expect(page.getByTestId('map-product-bar')).toContainText('°C');

    // A click on the grid shows the exact value there, as the WMS answers it.
    const box = (await map.boundingBox())!;
    const info = page.waitForResponse((r) => /REQUEST=GetFeatureInfo/i.test(r.url()));
    await page.mouse.click(box.x + box.width * 0.6, box.y + box.height * 0.5);
    const answer = (await (await info).json()) as { value: number | null; unit: string };
    expect(answer.value).not.toBeNull();
    const popup = page.getByTestId('map-value-popup');
    await expect(popup).toBeVisible();
    await expect(popup).toContainText(`${answer.value!.toFixed(2)} ${answer.unit}`);

    // Another lead time redraws the layer with that lead.
    const nextMap = page.waitForResponse((r) => /REQUEST=GetMap/i.test(r.url()) && /DIM_LEAD=3(&|$)/.test(r.url()));
    await page.locator('.map-lead-slider .ant-slider-handle').focus();
    await page.keyboard.press('ArrowRight');
    expect((await nextMap).ok()).toBe(true);
    await expect(page.getByTestId('map-product-bar')).toContainText('3');

    // The page panel folds away (keeping its input) and comes back.
    const panel = page.getByTestId('map-panel');
    const keyword = panel.locator('#zoning-name');
    await keyword.fill('小麦');
    await panel.getByRole('button', { name: '收起面板' }).click();
    await expect(keyword).toBeHidden();
    await panel.getByRole('button', { name: '展开面板' }).click();
    await expect(keyword).toHaveValue('小麦');
  });

  test('the base layer choice and point values toggle persist across reloads', async ({ page }) => {
    // Tests never reach the internet: OpenStreetMap tiles come from here.
    const tile = pngFixture(256, 256);
    let tiles = 0;
    await page.route('https://tile.openstreetmap.org/**', (route) => {
      tiles += 1;
      return route.fulfill({ status: 200, contentType: 'image/png', body: tile });
    });
    await openSignedIn(page, '/zoning-manage/make-zoning', 'demo-zoning', ADMIN_PASSWORD);
    const map = page.getByTestId('console-map');
    await expect(map).toHaveAttribute('data-wms', 'loaded');
    await page.locator('.map-control-layers button').click();
    const switcher = page.getByTestId('map-layer-switcher');
    await expect(switcher).toContainText('离线底图');
    await switcher.getByText('OpenStreetMap').click();
    await expect(map).toHaveAttribute('data-base', 'osm');
    await expect.poll(() => tiles).toBeGreaterThan(0);
    await page.locator('.map-points-toggle').click();
    await expect(map).toHaveAttribute('data-points', '0');

    await page.reload();
    await expect(map).toHaveAttribute('data-base', 'osm');
    await expect(page.locator('.map-points-toggle input')).not.toBeChecked();
    // Back to what the next tests expect.
    await page.locator('.map-points-toggle').click();
    await page.locator('.map-control-layers button').click();
    await page.getByTestId('map-layer-switcher').getByText('离线底图').click();
    await expect(map).toHaveAttribute('data-base', 'offline');
  });

  for (const [lang, size, notice] of [
    ['zh', { width: 1280, height: 720 }, '无法连接在线底图“OpenStreetMap”'],
    ['en', { width: 1920, height: 1080 }, 'The online base map “OpenStreetMap” cannot be reached'],
  ] as const) {
    test(`an unreachable online base map is reported once and replaced by the offline outlines (${lang}, ${size.width} × ${size.height})`, async ({
      page,
      context,
    }) => {
      await page.setViewportSize(size);
      await context.addCookies([{ name: 'language', value: lang, url: baseUrl() }]);
      // No internet: every OpenStreetMap tile fails.
      await page.route('https://tile.openstreetmap.org/**', (route) => route.abort('internetdisconnected'));
      await openSignedIn(page, '/zoning-manage/make-zoning', 'demo-zoning', ADMIN_PASSWORD);
      const map = page.getByTestId('console-map');
      await expect(map).toHaveAttribute('data-wms', 'loaded');
      await page.locator('.map-control-layers button').click();
      await page.getByTestId('map-layer-switcher').getByText('OpenStreetMap').click();
      await expect(page.locator('.ant-message')).toContainText(notice);
      await expect(map).toHaveAttribute('data-base', 'offline');
      await expect(page.locator('.ant-message-notice')).toHaveCount(1);
      // Back to what the next tests expect: the offline base chosen, not only standing in.
      await page
        .getByTestId('map-layer-switcher')
        .getByText(lang === 'zh' ? '离线底图' : 'Offline')
        .first()
        .click();
      await expect(map).toHaveAttribute('data-base', 'offline');
    });
  }

  test('a user without grid codes still gets a map under the page', async ({ page }) => {
    await openSignedIn(page, '/travel-manage/travel-scenic', 'demo-travel', ADMIN_PASSWORD);
    const map = page.getByTestId('console-map');
    await expect(map).toHaveAttribute('data-base', 'offline');
    await expect(page.getByTestId('map-product-bar')).toHaveCount(0);
    await expect(page.getByTestId('map-panel')).toBeVisible();
  });
});
