import { expect, test, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, chooseOption, openSignedIn } from './fixtures';

/**
 * The list-page kit (components/admin-list/use-list-page.ts, ListPageView.tsx; docs/console.md#list-pages), driven on
 * the sandstorm records: paging and filters go into the address and come back from it on a reload, a filter shows its
 * first page, the row actions and the editor open from the table.
 */

const rows = (page: Page) => page.locator('#sandstorm-table .ant-table-tbody tr.ant-table-row:not(.ant-table-expanded-row *)');
const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

test('a list page keeps its paging and filters in the address, and opens its row actions and editor', async ({ page }) => {
  await openSignedIn(page, '/disaster/manage', 'demo-disaster', ADMIN_PASSWORD);
  await expect(rows(page).first()).toBeVisible();
  expect(new URL(page.url()).search).toBe('');

  // Paging: page 2 is in the address, and a reload opens on it.
  await page.locator('#sandstorm-page .ant-pagination-item-2').click();
  await expect.poll(() => param(page, 'page')).toBe('2');
  await page.reload();
  await expect(page.locator('#sandstorm-page .ant-pagination-item-2')).toHaveClass(/ant-pagination-item-active/);

  // A filter: into the address, back to page 1, and chosen again after a reload.
  await chooseOption(page, page.locator('#sandstorm-filter-level'), '扬沙');
  await expect.poll(() => param(page, 'level')).toBe('blowing-sand');
  expect(param(page, 'page')).toBeNull();
  await expect
    .poll(async () => (await rows(page).locator('td:nth-child(3)').allTextContents()).every((l) => l.startsWith('扬沙')))
    .toBe(true);
  await page.reload();
  await expect(page.locator('#sandstorm-page .list-toolbar')).toContainText('扬沙');
  await expect
    .poll(async () => (await rows(page).locator('td:nth-child(3)').allTextContents()).every((l) => l.startsWith('扬沙')))
    .toBe(true);

  // The row actions: delete asks first (and Escape keeps the record); edit opens the editor on the row.
  const first = rows(page).first();
  await first.getByRole('button', { name: /^删除/ }).click();
  await expect(page.locator('#confirm-delete')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('#confirm-delete')).toBeHidden();
  await first.getByRole('button', { name: /^编辑/ }).click();
  await expect(page.locator('.ant-modal').filter({ has: page.locator('form') })).toBeVisible();
});
