import { expect, test, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, openSignedIn } from './fixtures';

/**
 * Motion (docs/console.md#motion). The rest of the suite runs as a user who asked for reduced motion
 * (playwright.config.ts); this file turns the motion back on and checks that dialogs and popconfirms still open,
 * take a click and close with their zoom, and that with `prefers-reduced-motion: reduce` they open with none.
 */
test.use({ reducedMotion: 'no-preference' });

/**
 * antd's motion classes in the phases where an element moves: zoom (dialogs, popconfirms), slide (dropdowns), fade
 * and move (messages), each `-appear`, `-enter` or `-leave`, `-start` then `-active`. Without motion an element may
 * still pass through `-prepare` (where a dialog takes its transform origin) but never starts moving.
 */
const MOTION_CLASS = /\bant-(zoom|slide|fade|move)[\w-]*-(appear|enter|leave)-(start|active)\b/g;

/** Starts recording every motion class that any element of the page takes from now on. */
async function recordMotion(page: Page) {
  await page.evaluate((source) => {
    const pattern = new RegExp(source, 'g');
    const seen = new Set<string>();
    const look = (el: Element) => {
      for (const m of (typeof el.className === 'string' ? el.className : '').matchAll(pattern)) seen.add(m[0]);
    };
    new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === 'attributes' && r.target instanceof Element) look(r.target);
        for (const node of Array.from(r.addedNodes)) {
          if (!(node instanceof Element)) continue;
          look(node);
          node.querySelectorAll('[class]').forEach(look);
        }
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
    (window as unknown as { motionSeen: Set<string> }).motionSeen = seen;
  }, MOTION_CLASS.source);
}

async function motionSeen(page: Page): Promise<string[]> {
  return page.evaluate(() => [...(window as unknown as { motionSeen: Set<string> }).motionSeen].sort());
}

/** Opens the service products' settings dialog and asks to delete the demo's weekly bulletin kind. */
async function openSettingsAndPopconfirm(page: Page) {
  await openSignedIn(page, '/service-products', 'demo-products', ADMIN_PASSWORD);
  await expect(page.locator('#article-settings')).toBeEnabled();
  await recordMotion(page);
  await page.locator('#article-settings').click();
  const dialog = page.locator('.ant-modal').filter({ has: page.locator('#article-settings-tabs') });
  await expect(dialog).toBeVisible();
  const weekly = page.locator('#article-kinds .ant-table-row').filter({ hasText: '农业气象周报' });
  await weekly.locator('[id^="article-kind-delete-"]').click();
  const popconfirm = page.locator('.ant-popover').filter({ has: page.locator('[id^="article-kind-delete-ok-"]') });
  await expect(popconfirm).toBeVisible();
  return { dialog, popconfirm };
}

test('with motion on, a dialog and a popconfirm zoom in, take their clicks and close', async ({ page }) => {
  const { dialog, popconfirm } = await openSettingsAndPopconfirm(page);
  // Cancel closes the popconfirm; opened again, its OK reaches the server (the kind is in use: refused, kept).
  await popconfirm
    .getByRole('button', { name: '取 消' })
    .or(popconfirm.getByRole('button', { name: '取消' }))
    .click();
  await expect(popconfirm).toBeHidden();
  await page.locator('#article-kinds .ant-table-row').filter({ hasText: '农业气象周报' }).locator('[id^="article-kind-delete-"]').click();
  await expect(popconfirm).toBeVisible();
  const refusal = page.waitForResponse((r) => r.url().includes('/api/article/kind/delete'));
  await popconfirm.locator('[id^="article-kind-delete-ok-"]').click();
  expect(((await (await refusal).json()) as { code: number }).code).toBe(4009);
  // The dialog closes by its close button (the page unmounts it: no zoom out).
  await dialog.getByRole('button', { name: /close|关闭/i }).click();
  await expect(dialog).toBeHidden();
  expect(await motionSeen(page)).toEqual(
    expect.arrayContaining(['ant-zoom-appear-active', 'ant-zoom-big-appear-active', 'ant-zoom-big-leave-active']),
  );
});

test('with reduced motion asked for, the same dialog and popconfirm open and close without motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const { dialog, popconfirm } = await openSettingsAndPopconfirm(page);
  await popconfirm
    .getByRole('button', { name: '取 消' })
    .or(popconfirm.getByRole('button', { name: '取消' }))
    .click();
  await expect(popconfirm).toBeHidden();
  await dialog.getByRole('button', { name: /close|关闭/i }).click();
  await expect(dialog).toBeHidden();
  expect(await motionSeen(page)).toEqual([]);
});
