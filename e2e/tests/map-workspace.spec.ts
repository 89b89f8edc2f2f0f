import { expect, test, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, at, chooseLanguage, chooseOption, storeSession, type ConsoleLanguage } from './fixtures';

/**
 * Issue 31: the map and the page panel are one workspace. After a risk product, a zoning run and an area revision,
 * what the page shows lies in the part of the map the panel leaves visible, never under it, at 1280 × 720 (a side
 * panel) and 390 × 844 (a bottom sheet) in every language. One page per flow: the language and the window change in
 * it, the panel relays out and the map fits the result again into what is left.
 */

const DESKTOP = { width: 1280, height: 720 };
const PHONE = { width: 390, height: 844 };
/** The rounds after the first (zh at 1280 × 720); the language is switched at the desktop size, where the top bar has it. */
const ROUNDS: ReadonlyArray<readonly [ConsoleLanguage, { width: number; height: number }]> = [
  ['zh', PHONE],
  ['en', DESKTOP],
  ['en', PHONE],
  ['es', DESKTOP],
  ['es', PHONE],
];

/**
 * What is wrong with the map's content against the panel, measured in the page: the content's box (the map writes
 * the pixel box of what it last fitted as data-content-box) outside the map or overlapping what the panel draws.
 */
async function contentProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const canvas = Array.from(document.querySelectorAll<HTMLElement>('[data-testid="console-map"]')).find((e) => e.clientWidth > 0);
    if (!canvas) return ['no map'];
    const raw = canvas.dataset.contentBox;
    if (!raw) return ['no content on the map'];
    const [l, t, r, b] = raw.split(',').map(Number) as [number, number, number, number];
    const map = canvas.getBoundingClientRect();
    const box = { left: map.left + l, top: map.top + t, right: map.left + r, bottom: map.top + b };
    const problems: string[] = [];
    if (box.left < map.left - 2 || box.top < map.top - 2 || box.right > map.right + 2 || box.bottom > map.bottom + 2)
      problems.push(`content ${raw} outside the map ${map.width}×${map.height}`);
    const panel = canvas.closest('.console-map')!.querySelector('[data-testid="map-panel"]')!;
    for (const part of Array.from(panel.children)) {
      const p = part.getBoundingClientRect();
      if (p.width === 0 || p.height === 0) continue;
      if (box.left < p.right && p.left < box.right && box.top < p.bottom && p.top < box.bottom)
        problems.push(`content ${JSON.stringify(box)} under ${part.className} ${JSON.stringify(p)}`);
    }
    return problems;
  });
}

/** Every round of language and window: the panel's mode for the width, the content clear of it. */
async function checkEveryRound(page: Page, first: string) {
  await expect.poll(() => contentProblems(page), { message: `zh 1280×720 ${first}` }).toEqual([]);
  for (const [lang, size] of ROUNDS) {
    await page.setViewportSize(size);
    await expect(page.getByTestId('map-panel')).toHaveAttribute('data-mode', size === PHONE ? 'sheet' : 'side');
    await chooseLanguage(page, lang);
    await expect.poll(() => contentProblems(page), { message: `${lang} ${size.width}×${size.height} ${first}` }).toEqual([]);
  }
}

test.describe('map and panel as one workspace', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize(DESKTOP);
  });

  test('a risk product is fitted beside the panel, and above the sheet on a phone', async ({ page }) => {
    await storeSession(page, 'demo-make', ADMIN_PASSWORD);
    await page.goto(at('/make-manage/make-risk'));
    await page.locator('#risk-name').fill(`E2E workspace risk ${Date.now()}`);
    await page.locator('#risk-execute').click();
    const view = page.getByTestId('risk-product');
    await expect(view).toHaveAttribute('data-status', 'done');
    await expect(view).toHaveAttribute('data-layer-status', 'loaded');
    await checkEveryRound(page, 'risk product');
  });

  test('a zoning run is fitted beside the panel, and above the sheet on a phone', async ({ page }) => {
    await storeSession(page, 'demo-zoning', ADMIN_PASSWORD);
    await page.goto(at('/zoning-manage/make-zoning'));
    await chooseOption(page, page.locator('#zoning-crop'), '茶树', { type: true });
    await page.locator('#zoning-name').fill(`E2E workspace zoning ${Date.now()}`);
    await page.locator('#zoning-execute').click();
    const view = page.getByTestId('zoning-product');
    await expect(view).toHaveAttribute('data-status', 'done');
    await checkEveryRound(page, 'zoning');
  });

  test('a drawn revision area is moved out from under the panel, and the panel is resized and folded per page', async ({ page }) => {
    await storeSession(page, 'demo-revise', ADMIN_PASSWORD);
    await page.goto(at('/data-revise/surface-revise'));
    const canvas = page.getByTestId('console-map');
    await expect(canvas).toHaveAttribute('data-wms', 'loaded');
    const panel = page.getByTestId('map-panel');
    await expect(panel.locator('.map-panel-body')).toBeVisible();
    // The area is drawn partly under where the panel will be once widened: the map moves it into view.
    await page.locator('#area-draw').click();
    const box = (await canvas.boundingBox())!;
    const at_ = (fx: number, fy: number) => ({ x: box.x + box.width * fx, y: box.y + box.height * fy });
    for (const [fx, fy] of [
      [0.6, 0.3],
      [0.72, 0.3],
      [0.72, 0.55],
      [0.6, 0.55],
      [0.6, 0.3],
    ] as const)
      await page.mouse.click(at_(fx, fy).x, at_(fx, fy).y);
    await expect(page.getByTestId('revise-areas')).toContainText('区域 1');
    await page.locator('#area-draw').click();
    await expect.poll(() => contentProblems(page)).toEqual([]);

    // Widened by its edge far over the area: the area is fitted again beside it, and the width is kept for this page.
    const handle = page.getByTestId('map-panel-resize');
    const h = (await handle.boundingBox())!;
    await page.mouse.move(h.x + h.width / 2, h.y + 40);
    await page.mouse.down();
    await page.mouse.move(at_(0.7, 0.5).x, h.y + 40, { steps: 4 });
    await page.mouse.up();
    const width = Number(await handle.getAttribute('aria-valuenow'));
    expect(width).toBeGreaterThan(0.6 * box.width);
    await expect.poll(() => contentProblems(page)).toEqual([]);
    const stored = await page.evaluate(() => localStorage.getItem('agromet.mapPanel:/data-revise/surface-revise'));
    expect(JSON.parse(stored!)).toMatchObject({ width });
    // The keyboard resizes it too; Home gives the page its own width back.
    await handle.focus();
    await page.keyboard.press('Home');
    await expect(handle).not.toHaveAttribute('aria-valuenow');

    await checkEveryRound(page, 'area revision');
    // On the phone the sheet's grip resizes it, and the map above it stays in use.
    await page.setViewportSize(PHONE);
    const grip = page.getByTestId('map-panel-grip');
    await expect(grip).toHaveAttribute('aria-valuenow', '45');
    await grip.focus();
    await page.keyboard.press('ArrowDown');
    await expect(grip).not.toHaveAttribute('aria-valuenow', '45');
    await expect.poll(() => contentProblems(page)).toEqual([]);
  });
});
