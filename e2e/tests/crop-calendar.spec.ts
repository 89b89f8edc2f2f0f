import { expect, test, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, at, cookie, storeSession } from './fixtures';

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}
interface Entry {
  cropId: number;
  cropKey: string;
  calendar: null | { id: number; version: number; stages: Array<{ code: string; name: string; start: string; end: string }> };
}

async function api<T>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Envelope<T>> {
  const headers = { authorization: `Bearer ${await cookie(page.context(), 'Access-Token')}` };
  const res = method === 'GET' ? await page.request.get(at(path), { headers }) : await page.request.post(at(path), { headers, data: body });
  return res.json() as Promise<Envelope<T>>;
}

test.describe('crop calendars', () => {
  test('the tea calendar is drawn over the year; an overlapping stage is pointed out and nothing is sent; a corrected date is saved', async ({
    page,
  }) => {
    await storeSession(page, 'demo-zoning', ADMIN_PASSWORD);
    await page.goto(at('/zoning-manage/crop-calendar'));
    await expect(page.locator('#crop-calendar-title')).toHaveText('发育期日历');
    await page.locator('.cc-crops [data-crop="tea"]').click();
    const editor = page.getByTestId('calendar-editor');
    // Four stages, dormancy over the new year drawn as two bars.
    await expect(page.getByTestId('calendar-stages').locator('tbody tr')).toHaveCount(4);
    await expect(page.getByTestId('calendar-timeline').locator('g[data-stage="dormancy"] rect')).toHaveCount(2);
    await expect(page.getByTestId('calendar-timeline')).toContainText('萌芽期');

    const before = (await api<Entry[]>(page, 'GET', '/api/cropCalendar/all')).data.find((e) => e.cropKey === 'tea')!.calendar!;
    // Bud break starting in dormancy: the check names the field and the save is disabled.
    const start = editor.getByRole('textbox', { name: '开始（月-日） 2' });
    await start.fill('02-20');
    await expect(editor.getByTestId('calendar-problem-1-start')).toHaveText('须在上一发育期（dormancy）结束之后开始');
    await expect(page.locator('#calendar-save')).toBeDisabled();
    // Corrected: saved with a new version, and the stage moved on the timeline.
    await start.fill('03-05');
    await expect(editor.getByTestId('calendar-problem-1-start')).toHaveCount(0);
    const saved = page.waitForResponse((r) => r.url().includes('/api/cropCalendar/update'));
    await page.locator('#calendar-save').click();
    expect((await (await saved).json()).code).toBe(0);
    const after = (await api<Entry[]>(page, 'GET', '/api/cropCalendar/all')).data.find((e) => e.cropKey === 'tea')!.calendar!;
    expect(after.version).toBe(before.version + 1);
    expect(after.stages[1]!.start).toBe('03-05');
    // Put the built-in date back for the other tests.
    await start.fill('03-01');
    const back = page.waitForResponse((r) => r.url().includes('/api/cropCalendar/update'));
    await page.locator('#calendar-save').click();
    expect((await (await back).json()).code).toBe(0);
  });
});
