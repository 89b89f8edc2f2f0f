import { expect, test, type Locator, type Page } from '@playwright/test';
import { WEATHER_CODES } from '../../packages/contracts/src/weather-codes';
import {
  ADMIN_PASSWORD,
  at,
  baseUrl,
  chooseLanguage,
  chooseOption,
  type ConsoleLanguage,
  LANGUAGES_AND_SIZES,
  storeSession,
} from './fixtures';

/**
 * The map's bottom bar, legend, names and point values in each language, at the desktop sizes the console is used at:
 * English and Spanish words are longer than Chinese ones, and nothing may overlap, be cut or stay in Chinese.
 */

type Box = { x: number; y: number; width: number; height: number };
type Lang = ConsoleLanguage;

const WORDS: Record<Lang, { type: string; tmp: string; wp: string; valid: string; points: string }> = {
  zh: { type: '精细化网格预报', tmp: '气温 (°C)', wp: '天气现象', valid: '有效时间', points: '格点值' },
  en: { type: 'Fine-grid forecast', tmp: 'Temperature (°C)', wp: 'Weather', valid: 'Valid', points: 'Grid values' },
  es: {
    type: 'Pronóstico de malla fina',
    tmp: 'Temperatura (°C)',
    wp: 'Fenómeno meteorológico',
    valid: 'Válido',
    points: 'Valores de la rejilla',
  },
};

const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (a: Box, outer: Box) =>
  a.x >= outer.x - 0.5 &&
  a.y >= outer.y - 0.5 &&
  a.x + a.width <= outer.x + outer.width + 0.5 &&
  a.y + a.height <= outer.y + outer.height + 0.5;

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  expect(b, `${locator} has a box`).not.toBeNull();
  return b!;
}

async function openRevision(page: Page, lang: Lang) {
  await page.context().addCookies([{ name: 'language', value: lang, url: baseUrl() }]);
  await storeSession(page, 'demo-revise', ADMIN_PASSWORD);
  await page.goto(at('/data-revise/point-revise'));
  const map = page.getByTestId('console-map');
  await expect(map).toHaveAttribute('data-wms', 'loaded');
  await expect(page.getByTestId('map-legend').locator('img')).toHaveJSProperty('complete', true);
  return map;
}

/** What overlaps what in the product bar, what sticks out of it, and whether it reaches the legend: empty when laid out cleanly. */
async function barProblems(page: Page): Promise<string[]> {
  const bar = page.getByTestId('map-product-bar');
  const barBox = await box(bar);
  const parts: Array<[string, Box]> = [];
  for (const selector of [
    '.map-product-type',
    '.map-product-factor',
    '.map-product-base',
    '.map-product-lead-label',
    '.map-lead-slider',
    '.map-product-valid',
    '.map-points-toggle',
    '.map-opacity',
  ]) {
    parts.push([selector, await box(bar.locator(selector))]);
  }
  const problems: string[] = [];
  for (const [name, b] of parts) if (!inside(b, barBox)) problems.push(`${name} sticks out of the bar`);
  parts.forEach(([a, boxA], i) => {
    for (const [b, boxB] of parts.slice(i + 1)) if (intersects(boxA, boxB)) problems.push(`${a} overlaps ${b}`);
  });
  // Words shown whole: the valid time and the selects' chosen names are not cut.
  for (const selector of ['.map-product-valid', '.map-product-lead-label', '.ant-select-selection-item']) {
    for (const el of await bar.locator(selector).all()) {
      const [scroll, client, text] = await el.evaluate((e) => [e.scrollWidth, e.clientWidth, e.textContent ?? '']);
      if (scroll > client + 1) problems.push(`"${text}" cut (${scroll} > ${client})`);
    }
  }
  const legend = page.getByTestId('map-legend');
  if ((await legend.isVisible()) && intersects(barBox, await box(legend))) problems.push('the bar overlaps the legend');
  return problems;
}

/** Dark pixels of the legend image along its right edge (a title or a class name cut there leaves some), and its sizes. */
async function legendEdge(page: Page) {
  return page
    .getByTestId('map-legend')
    .locator('img')
    .evaluate(async (img: HTMLImageElement) => {
      const copy = new Image();
      copy.src = img.src;
      await copy.decode();
      const canvas = document.createElement('canvas');
      canvas.width = copy.naturalWidth;
      canvas.height = copy.naturalHeight;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(copy, 0, 0);
      const data = ctx.getImageData(canvas.width - 3, 0, 3, canvas.height).data;
      let ink = 0;
      for (let i = 0; i < data.length; i += 4)
        if (data[i + 3]! > 128 && data[i]! < 120 && data[i + 1]! < 120 && data[i + 2]! < 120) ink += 1;
      const frame = img.parentElement!;
      return { ink, width: copy.naturalWidth, shownWidth: img.clientWidth, frameWidth: frame.clientWidth };
    });
}

test('the product bar, its names and the legend read whole in every language at 1280×720 and 1920×1080', async ({ page }) => {
  await openRevision(page, 'zh');
  const bar = page.getByTestId('map-product-bar');
  const legendImage = page.getByTestId('map-legend').locator('img');
  for (const [lang, size] of LANGUAGES_AND_SIZES) {
    const where = `${lang}, ${size.width}×${size.height}`;
    await page.setViewportSize(size);
    await chooseLanguage(page, lang);
    const words = WORDS[lang];

    // The forecast type and element are named in the interface language, in the bar and in the revision panel.
    await expect(bar.locator('.map-product-type')).toHaveText(words.type);
    await expect(bar.locator('.map-product-factor')).toHaveText(words.tmp);
    await expect(page.locator('.revise-type')).toHaveText(words.type);
    await expect(bar.locator('.map-product-valid')).toContainText(words.valid);
    await expect(bar.locator('.map-points-toggle')).toHaveText(words.points);
    // The legend is drawn again in the new language (its address names it), not kept from the last one.
    await expect(legendImage).toHaveAttribute('src', new RegExp(`[?&]LANGUAGE=${lang}(&|$)`));
    await expect(legendImage).toHaveJSProperty('complete', true);

    // Nothing in the bar overlaps anything else or is cut: above all the valid time and the grid-values box.
    await expect.poll(() => barProblems(page), { message: where }).toEqual([]);
    const valid = await box(bar.locator('.map-product-valid'));
    const points = await box(bar.locator('.map-points-toggle'));
    expect(intersects(valid, points), `${where}: valid time ${JSON.stringify(valid)} and grid values ${JSON.stringify(points)}`).toBe(
      false,
    );

    // The legend's title (and labels) end inside the image: nothing written reaches its right edge, and the legend
    // shows the whole image without growing huge.
    const legend = await legendEdge(page);
    expect(legend.ink, where).toBe(0);
    expect(legend.shownWidth, where).toBe(legend.width);
    expect(legend.frameWidth, where).toBeGreaterThanOrEqual(legend.width);
    expect(legend.width, where).toBeLessThanOrEqual(160);
  }
});

test("weather codes on the map read as the phenomenon's name in every language, other elements as numbers", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const map = await openRevision(page, 'en');
  let code: number | undefined;
  for (const lang of ['en', 'es', 'zh'] as const) {
    await chooseLanguage(page, lang);
    await expect(map).toHaveAttribute('data-point-label', /^-?\d+\.\d\d$/);

    // The first point's weather code, as the server answered it the first time (the page may keep the answer after).
    const lattice = code
      ? undefined
      : page.waitForResponse((r) => r.url().includes('/api/lattice/getPoint') && /factor=wp(&|$)/.test(r.url()) && r.ok());
    await chooseOption(page, page.locator('.map-product-factor'), WORDS[lang].wp);
    if (lattice) code = ((await (await lattice).json()) as { data: { points: Array<{ value: number }> } }).data.points[0]!.value;
    const first = { value: code! };
    const name = WEATHER_CODES.find((d) => d.code === first.value)?.names[lang];
    expect(name, `code ${first.value} is a phenomenon`).toBeDefined();
    await expect(map).toHaveAttribute('data-layer', 'fine-grid.wp');
    await expect(map).toHaveAttribute('data-point-label', name!);
    await expect(map).toHaveAttribute('data-wms', 'loaded');

    // The weather code's tall legend keeps to the map: it neither covers the zoom and layer buttons nor the bar.
    await expect(page.getByTestId('map-legend').locator('img')).toHaveAttribute('src', /LAYER=fine-grid\.wp/);
    await expect(page.getByTestId('map-legend').locator('img')).toHaveJSProperty('complete', true);
    const legend = await box(page.getByTestId('map-legend'));
    for (const control of ['.map-control-layers', '.console-map .ol-zoom']) {
      expect(intersects(legend, await box(page.locator(control))), `legend ${JSON.stringify(legend)} and ${control}`).toBe(false);
    }
    expect(await barProblems(page)).toEqual([]);
    expect((await legendEdge(page)).ink).toBe(0);

    // Back to temperature: numbers with two decimals again.
    await chooseOption(page, page.locator('.map-product-factor'), WORDS[lang].tmp);
    await expect(map).toHaveAttribute('data-layer', 'fine-grid.tmp');
    await expect(map).toHaveAttribute('data-point-label', /^-?\d+\.\d\d$/);
  }
});

test('switching the language renames what the server named, without a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openRevision(page, 'zh');
  const bar = page.getByTestId('map-product-bar');
  await expect(bar.locator('.map-product-type')).toHaveText(WORDS.zh.type);
  let reloaded = false;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) reloaded = true;
  });
  for (const [lang, item] of [
    ['en', 'English'],
    ['es', 'Español'],
  ] as const) {
    await page.locator('#language-select').click();
    await page.getByRole('menuitem', { name: item, exact: true }).click();
    await expect(bar.locator('.map-product-type')).toHaveText(WORDS[lang].type);
    await expect(bar.locator('.map-product-factor')).toHaveText(WORDS[lang].tmp);
    await expect(page.locator('.revise-type')).toHaveText(WORDS[lang].type);
  }
  expect(reloaded).toBe(false);
});
