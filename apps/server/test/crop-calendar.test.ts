import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './helpers.js';
import { addSignedInUsers, appWithCustomers } from './revise-helpers.js';

/**
 * Crop calendars through the API (docs/crop-calendar.md#calls): the built-in calendars made on first use, edits with
 * their version (4009 when stale), overlapping or misordered stages refused naming the stage's field with nothing
 * changed, the change logged, another customer's calendar and crop unknown, access by the zoning codes.
 */
let t: TestApp;
let customer = 0;
const tok: Record<string, string> = {};

function call(token: string, method: 'GET' | 'POST', url: string, payload?: unknown, lang = 'en') {
  return t.app.inject({ method, url, payload: payload as never, headers: { authorization: `Bearer ${token}`, 'accept-language': lang } });
}

beforeAll(async () => {
  let other: number;
  [t, customer, other] = await appWithCustomers('陕西省农业气象中心', '甘肃省农业气象中心');
  await addSignedInUsers(t, tok, {
    criteria: [customer, 'cc-crit', ['quhua.criteria.admin']],
    read: [customer, 'cc-read', ['quhua.make.admin']],
    risk: [customer, 'cc-risk', ['make.risk.admin']],
    other: [other, 'cc-other', ['quhua.criteria.admin']],
  });
});
afterAll(async () => {
  await t.close();
});

type Entry = { cropId: number; cropKey: string; cropName: string; calendar: null | Record<string, any> };

describe('crop calendars', () => {
  let tea: Entry;
  let rice: Entry;
  it('are made for the built-in crops on first use, stages named in the reader’s language', async () => {
    const list = (await call(tok.read!, 'GET', '/api/cropCalendar/all')).json().data as Entry[];
    const withCalendar = list.filter((e) => e.calendar).map((e) => e.cropKey);
    expect(withCalendar).toEqual(['winter-wheat', 'apple', 'kiwifruit', 'tea']);
    tea = list.find((e) => e.cropKey === 'tea')!;
    rice = list.find((e) => e.cropKey === 'rice')!;
    expect(tea.calendar).toMatchObject({
      cropName: 'Tea',
      refAltitudeM: 500,
      refLatDeg: 33,
      daysPer100m: 3.3,
      daysPerDegree: 4,
      builtIn: true,
      version: 1,
    });
    expect(tea.calendar!.stages[1]).toEqual({ code: 'budBreak', name: 'Bud break', start: '03-01', end: '03-20' });
    const zh = (await call(tok.read!, 'GET', '/api/cropCalendar/all', undefined, 'zh')).json().data as Entry[];
    expect(zh.find((e) => e.cropKey === 'tea')!.calendar!.stages[1].name).toBe('萌芽期');
    // a second read makes nothing more
    const again = (await call(tok.read!, 'GET', '/api/cropCalendar/all')).json().data as Entry[];
    expect(again.filter((e) => e.calendar).length).toBe(4);
  });

  it('refuse overlapping or misordered stages naming the stage’s field, and change nothing', async () => {
    const cal = tea.calendar!;
    const body = { id: cal.id, version: cal.version, refAltitudeM: 500, refLatDeg: 33, daysPer100m: 3.3, daysPerDegree: 4, source: '' };
    const overlap = [cal.stages[0], { ...cal.stages[1], start: '02-20' }, cal.stages[2], cal.stages[3]];
    const res = (await call(tok.criteria!, 'POST', '/api/cropCalendar/update', { ...body, stages: overlap })).json();
    expect(res).toMatchObject({ code: 4100, data: { issues: [{ field: 'stages.1.start' }] } });
    expect(res.msg).toMatch(/after the previous stage/);
    const bad = (
      await call(tok.criteria!, 'POST', '/api/cropCalendar/update', { ...body, stages: [{ code: 'x', start: '02-30', end: '03-01' }] })
    ).json();
    expect(bad).toMatchObject({ code: 4100, data: { issues: [{ field: 'stages.0.start' }] } });
    const still = (await call(tok.read!, 'GET', '/api/cropCalendar/all')).json().data as Entry[];
    expect(still.find((e) => e.cropKey === 'tea')!.calendar).toMatchObject({ version: 1, stages: cal.stages });
  });

  it('are edited with their version (4009 when stale) and the change is logged', async () => {
    const cal = tea.calendar!;
    const body = {
      id: cal.id,
      version: cal.version,
      refAltitudeM: 600,
      refLatDeg: 32.9,
      daysPer100m: 3,
      daysPerDegree: 4,
      source: 'own survey',
      stages: [...cal.stages.slice(0, 3), { code: 'summerAutumnGrowth', name: 'Summer and autumn', start: '06-01', end: '10-25' }],
    };
    const ok = (await call(tok.criteria!, 'POST', '/api/cropCalendar/update', body)).json();
    expect(ok).toMatchObject({ code: 0, data: { version: 2, refAltitudeM: 600, builtIn: false } });
    // names equal to the built-in ones follow the reader; one typed is kept
    expect(ok.data.stages[1].name).toBe('Bud break');
    expect(ok.data.stages[3].name).toBe('Summer and autumn');
    const zh = (await call(tok.read!, 'GET', '/api/cropCalendar/all', undefined, 'zh')).json().data as Entry[];
    expect(zh.find((e) => e.cropKey === 'tea')!.calendar!.stages[1].name).toBe('萌芽期');
    const stale = (await call(tok.criteria!, 'POST', '/api/cropCalendar/update', body)).json();
    expect(stale.code).toBe(4009);
    const logged = await t.db.db.selectFrom('operation_log').select('action').where('action', 'like', 'zoning.calendar.%').execute();
    expect(logged.map((r) => r.action)).toContain('zoning.calendar.update');
  });

  it('are added to a crop without one, and deleted; a crop with one answers 4009', async () => {
    const stages = [
      { code: 'sowing', name: '', start: '04-10', end: '04-30' },
      { code: 'maturity', name: '', start: '09-01', end: '09-30' },
    ];
    const base = { refAltitudeM: 500, refLatDeg: 33, daysPer100m: 3.3, daysPerDegree: 4, stages };
    const made = (await call(tok.criteria!, 'POST', '/api/cropCalendar/add', { ...base, cropId: rice.cropId })).json();
    expect(made).toMatchObject({ code: 0, data: { cropName: 'Rice', stages: [{ name: 'Sowing' }, { name: 'Maturity' }] } });
    expect((await call(tok.criteria!, 'POST', '/api/cropCalendar/add', { ...base, cropId: rice.cropId })).json()).toMatchObject({
      code: 4009,
      data: { field: 'cropId' },
    });
    expect((await call(tok.criteria!, 'POST', '/api/cropCalendar/delete', { id: made.data.id })).json().code).toBe(0);
    expect((await call(tok.criteria!, 'POST', '/api/cropCalendar/delete', { id: made.data.id })).json().code).toBe(4004);
  });

  it('of another customer are unknown; reading needs a zoning code, changing the criteria code', async () => {
    const cal = tea.calendar!;
    expect((await call(tok.other!, 'POST', '/api/cropCalendar/delete', { id: cal.id })).json().code).toBe(4004);
    const foreign = (
      await call(tok.other!, 'POST', '/api/cropCalendar/add', {
        cropId: tea.cropId,
        refAltitudeM: 0,
        refLatDeg: 30,
        daysPer100m: 0,
        daysPerDegree: 0,
        stages: [{ code: 'a', start: '01-01', end: '01-02' }],
      })
    ).json();
    expect(foreign).toMatchObject({ code: 4100, data: { issues: [{ field: 'cropId' }] } });
    const theirs = (await call(tok.other!, 'GET', '/api/cropCalendar/all')).json().data as Entry[];
    expect(theirs.map((e) => e.calendar?.id)).not.toContain(cal.id);
    expect((await call(tok.risk!, 'GET', '/api/cropCalendar/all')).json().code).toBe(4003);
    expect((await call(tok.read!, 'POST', '/api/cropCalendar/delete', { id: cal.id })).json().code).toBe(4003);
  });
});
