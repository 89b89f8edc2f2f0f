import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, chooseLanguage, LANGUAGES_AND_SIZES, openSignedIn, type ConsoleLanguage } from './fixtures';

/**
 * Issue 31: on a phone (390 × 844) nothing is cut and nothing lies over something else, in every language: the top
 * bar names the page whole, a list's row actions never cover its cells, the risk form is one column in the bottom
 * sheet, the product bar is one line, and a value popup goes when what it showed is gone. One page per concern: the
 * language changes in it (the top bar keeps its language menu on a phone).
 */

const PHONE = { width: 390, height: 844 };
const LANGUAGES = [...new Set(LANGUAGES_AND_SIZES.map(([lang]) => lang))] as ConsoleLanguage[];

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width - 1 && b.x < a.x + a.width - 1 && a.y < b.y + b.height - 1 && b.y < a.y + a.height - 1;

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  expect(b, `${locator} has a box`).not.toBeNull();
  return b!;
}

/** Elements under `selector` whose content is wider than their box (cut, or ending in "…"). */
async function cut(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((elements) =>
    elements
      .flatMap((e) => [e, ...Array.from(e.querySelectorAll('*'))])
      .filter((e) => e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1)
      .map((e) => `${e.className}: ${e.textContent?.slice(0, 40)}`),
  );
}

/** Pairs of cells of the first rows of the visible table that overlap on screen (a fixed column over the others). */
async function overlappingCells(page: Page): Promise<string[]> {
  return page.locator('.ant-table-wrapper:visible tbody tr.ant-table-row').evaluateAll((rows) =>
    rows.slice(0, 5).flatMap((row) => {
      const cells = Array.from(row.children).map((c) => ({ text: c.textContent ?? '', r: c.getBoundingClientRect() }));
      const found: string[] = [];
      cells.forEach((a, i) =>
        cells.slice(i + 1).forEach((b) => {
          if (a.r.left < b.r.right - 1 && b.r.left < a.r.right - 1) found.push(`"${a.text}" and "${b.text}"`);
        }),
      );
      return found;
    }),
  );
}

test.describe('a phone at 390 × 844', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize(PHONE);
  });

  test('a list page: the top bar names the page whole, and the row actions never cover a cell', async ({ page }) => {
    await openSignedIn(page, '/disaster/manage', 'demo-disaster', ADMIN_PASSWORD);
    const crumbs = page.locator('.navbar-breadcrumb li');
    for (const lang of LANGUAGES) {
      await chooseLanguage(page, lang);
      await expect(page.locator('.ant-table-wrapper:visible tbody tr.ant-table-row').first()).toBeVisible();
      // The page's own name alone, whole, and not a link.
      await expect(crumbs).toHaveCount(1);
      await expect(crumbs.locator('[aria-current="page"]')).toBeVisible();
      expect(await cut(page, '.navbar-breadcrumb'), lang).toEqual([]);
      const bar = await box(page.locator('.navbar-breadcrumb'));
      expect(intersects(bar, await box(page.locator('#language-select'))), lang).toBe(false);
      expect(await overlappingCells(page), lang).toEqual([]);
      // The table scrolls sideways inside the sheet; the page itself never does.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), lang).toBe(true);
    }
  });

  test('the risk page: the form is one column in the sheet and the product bar one line, nothing cut', async ({ page }) => {
    await openSignedIn(page, '/make-manage/make-risk', 'demo-make', ADMIN_PASSWORD);
    const form = page.getByTestId('risk-run-form');
    const bar = page.getByTestId('map-product-bar');
    const sheet = page.getByTestId('map-panel');
    for (const lang of LANGUAGES) {
      await chooseLanguage(page, lang);
      await expect(form).toBeVisible();
      await expect(page.getByTestId('console-map')).toHaveAttribute('data-wms', 'loaded');
      // One field a row: every field as wide as the form.
      const formBox = await box(form);
      for (const item of await form.locator('.rk-form-row > .ant-form-item').all()) {
        expect((await box(item)).width, lang).toBeGreaterThan(formBox.width - 2);
      }
      expect(await cut(page, '[data-testid="risk-run-form"] .ant-select-content'), lang).toEqual([]);
      // The bar is one line that says what is shown, clear of the sheet; a tap opens it whole and folds it back.
      const summary = bar.getByRole('button', { expanded: false });
      await expect(summary).toBeVisible();
      expect((await box(bar)).height, lang).toBeLessThanOrEqual(48);
      expect(await cut(page, '[data-testid="map-product-bar"]'), lang).toEqual([]);
      expect(intersects(await box(bar), await box(sheet)), lang).toBe(false);
      await summary.click();
      await expect(bar.locator('.map-lead-slider')).toBeVisible();
      await bar.getByRole('button', { expanded: true }).click();
      await expect(bar.locator('.map-lead-slider')).toBeHidden();
    }
  });

  test('a value popup goes when the sheet covers its point, another grid is shown, or on Escape', async ({ page }) => {
    await openSignedIn(page, '/zoning-manage/make-zoning', 'demo-zoning', ADMIN_PASSWORD);
    const map = page.getByTestId('console-map');
    const popup = page.getByTestId('map-value-popup');
    const grip = page.getByTestId('map-panel-grip');
    const bar = page.getByTestId('map-product-bar');
    await expect(map).toHaveAttribute('data-wms', 'loaded');
    /** Clicks the map `above` px over the sheet's top edge, and waits for the value there. */
    const pick = async (above: number) => {
      const sheetTop = (await box(page.getByTestId('map-panel'))).y;
      const mapBox = await box(map);
      const info = page.waitForResponse((r) => /REQUEST=GetFeatureInfo/i.test(r.url()));
      await page.mouse.click(mapBox.x + mapBox.width * 0.4, sheetTop - above);
      await info;
      await expect(popup).toBeVisible();
    };
    for (const lang of LANGUAGES) {
      await chooseLanguage(page, lang);
      // The sheet raised over the point.
      await pick(30);
      await grip.focus();
      for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowUp');
      await expect(popup, lang).toBeHidden();
      for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowDown');
      // Another lead time: another grid.
      await pick(120);
      await bar.getByRole('button', { expanded: false }).click();
      await bar.locator('.map-lead-slider .ant-slider-handle').focus();
      await page.keyboard.press('ArrowRight');
      await expect(popup, lang).toBeHidden();
      await page.keyboard.press('ArrowLeft');
      await bar.getByRole('button', { expanded: true }).click();
      // Escape.
      await pick(120);
      await page.keyboard.press('Escape');
      await expect(popup, lang).toBeHidden();
    }
  });
});
