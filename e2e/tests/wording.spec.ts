import { expect, test } from '@playwright/test';
import { at, baseUrl, cookie, openSignedIn, storeSession } from './fixtures';

/** Counted words agree with their number in English and Spanish: "1 permission", "2 permissions"; "1 permiso". */
for (const [lang, size, one, two] of [
  ['en', { width: 1280, height: 720 }, '1 permission', '2 permissions'],
  ['es', { width: 1920, height: 1080 }, '1 permiso', '2 permisos'],
] as const) {
  test(`a role's permission count is singular for one code and plural for two (${lang}, ${size.width} × ${size.height})`, async ({
    page,
    context,
  }) => {
    await page.setViewportSize(size);
    await context.addCookies([{ name: 'language', value: lang, url: baseUrl() }]);
    await storeSession(page, 'demo-sysadmin');
    const bearer = await cookie(context, 'Access-Token');
    const headers = { authorization: `Bearer ${bearer}` };
    const me = ((await (await page.request.get(at('/api/user/info'), { headers })).json()) as { data: { customerId: number } }).data;
    const stamp = `${Date.now().toString(36)}${lang}`;
    for (const [suffix, permissions] of [
      ['one', ['sys.log.view']],
      ['two', ['sys.log.view', 'sys.user.admin']],
    ] as const) {
      const made = await page.request.post(at('/api/role/add'), {
        headers,
        data: { name: `wording-${suffix}-${stamp}`, permissions, customerId: me.customerId },
      });
      expect(((await made.json()) as { code: number; msg: string }).code).toBe(0);
    }
    await page.goto(at('/system-admin/sys-role'));
    await page.locator('#role-search').fill(`wording-one-${stamp}`);
    await page.locator('#role-search').press('Enter');
    const rows = page.locator('#role-table .ant-table-tbody tr.ant-table-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByText(one, { exact: true })).toBeVisible();
    await page.locator('#role-search').fill(`wording-two-${stamp}`);
    await page.locator('#role-search').press('Enter');
    await expect(rows.first()).toContainText(`wording-two-${stamp}`);
    await expect(rows.first().getByText(two, { exact: true })).toBeVisible();
  });
}

for (const [lang, size, group] of [
  ['es', { width: 1440, height: 900 }, 'Administración'],
  ['en', { width: 1280, height: 720 }, 'System Admin'],
] as const) {
  test(`sidebar labels cut with "…" show whole on hover; table times are never cut (${lang}, ${size.width} × ${size.height})`, async ({
    page,
    context,
  }) => {
    await page.setViewportSize(size);
    await context.addCookies([{ name: 'language', value: lang, url: baseUrl() }]);
    await openSignedIn(page, '/system-admin/sys-user', 'admin');
    const label = page.locator('#sidebar .sidebar-label', { hasText: group });
    await expect(label).toHaveAttribute('title', group);
    // The creation time of a user: the whole "YYYY-MM-DD HH:mm", not cut by its column.
    const created = page
      .locator('#user-table .ant-table-row')
      .first()
      .locator('td.table-cell-nowrap', { hasText: /^\d{4}-/ });
    await created.scrollIntoViewIfNeeded();
    await expect(created).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    expect(await created.evaluate((td) => td.scrollWidth <= td.clientWidth)).toBe(true);
  });
}
