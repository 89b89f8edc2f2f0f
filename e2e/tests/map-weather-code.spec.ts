import { expect, test } from '@playwright/test';
import { WEATHER_CODES } from '../../packages/contracts/src/weather-codes';
import { ADMIN_PASSWORD, at, chooseOption, storeSession } from './fixtures';

test('the weather-code layer: cells in the codes’ own colours only, cells its one style, a click names the phenomenon', async ({
  page,
}) => {
  await storeSession(page, 'demo-zoning', ADMIN_PASSWORD);
  await page.goto(at('/zoning-manage/make-zoning'));
  const map = page.getByTestId('console-map');
  await expect(map).toHaveAttribute('data-wms', 'loaded');

  const getMap = page.waitForResponse((r) => /REQUEST=GetMap/i.test(r.url()) && /LAYERS=fine-grid\.wp(&|$)/.test(r.url()));
  await chooseOption(page, page.locator('.map-product-factor'), '天气现象');
  const answer = await getMap;
  expect(answer.headers()['content-type']).toBe('image/png');
  expect(new URL(answer.url()).searchParams.get('STYLES')).toBe('nearest');
  await expect(map).toHaveAttribute('data-wms', 'loaded');

  // Classes drawn cell by cell: every drawn pixel has the colour of a code, none a blend of two.
  const colours = await page.evaluate(async (src) => {
    const img = new Image();
    img.src = src;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    const seen = new Set<string>();
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3] === 0) continue;
      seen.add(`#${[data[i]!, data[i + 1]!, data[i + 2]!].map((c) => c.toString(16).padStart(2, '0')).join('')}/${data[i + 3]}`);
    }
    return [...seen];
  }, answer.url());
  const palette = new Set(WEATHER_CODES.map((d) => `${d.color}/255`));
  expect(colours.length).toBeGreaterThan(1);
  expect(colours.filter((c) => !palette.has(c))).toEqual([]);

  // Codes are neither smoothed nor contoured: cells are the only style offered.
  await page.getByRole('button', { name: '底图' }).click();
  const switcher = page.getByTestId('map-style-switcher');
  await expect(switcher.getByRole('radio', { name: '格点' })).toBeChecked();
  for (const label of ['平滑', '等值线']) await expect(switcher.getByRole('radio', { name: label })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // A click names the phenomenon there, in the console's language.
  const box = (await map.boundingBox())!;
  const info = page.waitForResponse((r) => /REQUEST=GetFeatureInfo/i.test(r.url()));
  await page.mouse.click(box.x + box.width * 0.6, box.y + box.height * 0.5);
  const value = (await (await info).json()) as { value: number | null; unit: string };
  expect(value.value).not.toBeNull();
  expect(value.unit).toBe(WEATHER_CODES.find((d) => d.code === value.value)?.names.zh);
  await expect(page.getByTestId('map-value-popup')).toContainText(`${value.unit} (${value.value})`);
});
