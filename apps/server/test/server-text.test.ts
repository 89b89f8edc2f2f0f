import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditedRoutesOf } from '../src/core/audit.js';
import { isMessageKey, translate, type Lang } from '../src/core/messages.js';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers.js';
import { revisePoint } from './revise-helpers.js';

/**
 * Text the server writes in Chinese (docs/i18n.md#text-the-server-writes) answered in the reader's language: the
 * operation log's descriptions, built-in permission names, forecast type and element names (catalogue, meteogram, WMS
 * capabilities and legend), the default product template's name; zh as stored.
 */
let t: TestApp;
let sysadmin = '';
let reviser = '';
let maker = '';

beforeAll(async () => {
  t = await createTestApp({ DEMO: '1' });
  reviser = (await t.login('demo-revise', ADMIN_PASSWORD, '10.40.0.1')).access_token;
  sysadmin = (await t.login('demo-sysadmin', ADMIN_PASSWORD, '10.40.0.2')).access_token;
  maker = (await t.login('demo-make', ADMIN_PASSWORD, '10.40.0.3')).access_token;
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, token: string, lang?: string, cookie?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { ...t.bearer(token), ...(lang ? { 'accept-language': lang } : {}), ...(cookie ? { cookie } : {}) },
  });
const post = (url: string, token: string, payload: object, lang?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: { ...t.bearer(token), ...(lang ? { 'accept-language': lang } : {}) } });
const data = async (url: string, token: string, lang?: string) => {
  const body = (await get(url, token, lang)).json();
  expect(body.code).toBe(0);
  return body.data;
};
const CJK = /[\u3400-\u9fff]/;

describe('operation log descriptions', () => {
  it('exist in zh, en and es for every audited route, zh being the description the route stores', () => {
    const routes = auditedRoutesOf(t.app);
    // Sign-in, sign-out, users, roles… and every module's writes: far more than a handful.
    expect(routes.length).toBeGreaterThan(90);
    const missing: string[] = [];
    for (const { method, url, audit } of routes) {
      const key = `log.action.${audit.action}`;
      if (!isMessageKey(key)) {
        missing.push(`${method} ${url}: ${audit.action} (${audit.description})`);
        continue;
      }
      expect([audit.action, translate('zh', key)]).toEqual([audit.action, audit.description]);
      for (const lang of ['en', 'es'] as const) {
        const text = translate(lang, key);
        expect([audit.action, lang, CJK.test(text) || text === '']).toEqual([audit.action, lang, false]);
      }
    }
    expect(missing).toEqual([]);
  });

  it("answer a sign-in row in the reader's language on the page, one row and the export; zh as stored", async () => {
    const page = (lang?: string) => data(`/api/log/page?action=login&page=1&size=5`, sysadmin, lang);
    const expected: Array<[string | undefined, string]> = [
      [undefined, '用户登录'],
      ['zh-CN,zh;q=0.9', '用户登录'],
      ['en', 'Sign-in'],
      ['es-ES,es;q=0.9', 'Inicio de sesión'],
    ];
    for (const [lang, text] of expected) {
      const rows = (await page(lang)).list as Array<{ id: number; action: string; description: string }>;
      expect(rows.length).toBeGreaterThan(0);
      expect([lang, [...new Set(rows.map((r) => r.description))]]).toEqual([lang, [text]]);
    }
    const id = ((await page()).list as Array<{ id: number }>)[0]!.id;
    expect((await data(`/api/log/${id}`, sysadmin, 'en')).description).toBe('Sign-in');
    const csv = await get('/api/log/export?action=login', sysadmin, 'es');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Inicio de sesión');
    expect(csv.body).not.toContain('用户登录');
    // Stored in Chinese, whatever the language of the request that wrote it.
    const stored = await t.db.db.selectFrom('operation_log').select('description').where('action', '=', 'login').execute();
    expect(new Set(stored.map((r) => r.description))).toEqual(new Set(['用户登录']));
  });

  it('keep the stored text of a row whose action has no text', async () => {
    const row = await t.db.db
      .insertInto('operation_log')
      .values({
        customer_id: null,
        action: 'legacy.removed',
        operator_name: '',
        type: 'auth',
        parameter: '{}',
        description: '旧版操作',
        user_id: null,
        username: '',
        ip: '',
        host: '',
        agent: '',
        language: '',
        referer: '',
        origin: '',
        status_code: 200,
        result_code: 0,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const admin = (await t.login('admin')).access_token;
    expect((await data(`/api/log/${row.id}`, admin, 'en')).description).toBe('旧版操作');
  });
});

describe('built-in permission names', () => {
  const named = async (lang: string | undefined, code: string) =>
    (
      (await data('/api/permission/all', sysadmin, lang)) as Array<{
        id: number;
        version: number;
        code: string;
        name: string;
        description: string;
      }>
    ).find((p) => p.code === code)!;

  it("are answered in the reader's language, a customer's own code as entered", async () => {
    expect(await named(undefined, 'revise.point.admin')).toMatchObject({ name: '单点订正', description: '单点订正与站点管理' });
    expect(await named('en', 'revise.point.admin')).toMatchObject({
      name: 'Point revision',
      description: 'Point revision and station administration',
    });
    expect(await named('es', 'revise.point.admin')).toMatchObject({ name: 'Corrección puntual' });
    expect(await named('en', 'sys.log.view')).toMatchObject({ name: 'Log viewing' });
    const page = await data('/api/permission/page?page=1&size=50&keyword=sys.log', sysadmin, 'es');
    expect(page.list).toEqual([expect.objectContaining({ code: 'sys.log.view', name: 'Consulta del registro' })]);

    const admin = (await t.login('admin')).access_token;
    expect(
      (await post('/api/permission/add', admin, { code: 'report.print', name: '报表打印', description: '打印' }, 'en')).json(),
    ).toMatchObject({
      code: 0,
      data: { name: '报表打印' },
    });
    expect(await named('en', 'report.print')).toMatchObject({ name: '报表打印', description: '打印' });
  });

  it('stay the seed’s when saved unchanged in another language, and are answered as renamed once renamed', async () => {
    const admin = (await t.login('admin')).access_token;
    const current = await named('en', 'quhua.result.admin');
    const fields = (p: { id: number; version: number; code: string; name: string; description: string }) => ({
      id: p.id,
      version: p.version,
      code: p.code,
      name: p.name,
      description: p.description,
    });
    const saved = await post('/api/permission/update', admin, fields(current), 'en');
    expect(saved.json()).toMatchObject({ code: 0, data: { name: 'Zoning results' } });
    const row = await t.db.db.selectFrom('permission').selectAll().where('code', '=', 'quhua.result.admin').executeTakeFirstOrThrow();
    expect([row.name, row.description]).toEqual(['区划结果', '区划产品列表']);
    expect(await named('es', 'quhua.result.admin')).toMatchObject({ name: 'Resultados de zonificación' });

    const renamed = await post(
      '/api/permission/update',
      admin,
      { ...fields(await named('en', 'quhua.result.admin')), name: '区划成果' },
      'en',
    );
    expect(renamed.json()).toMatchObject({ code: 0, data: { name: '区划成果', description: 'List of zoning products' } });
    expect(await named('es', 'quhua.result.admin')).toMatchObject({ name: '区划成果' });
  });
});

describe('forecast type and element names', () => {
  interface Type {
    code: string;
    name: string;
    factors: Array<{ code: string; name: string }>;
  }
  const fine = async (lang?: Lang) => ((await data('/api/grid/catalog', reviser, lang)) as Type[]).find((x) => x.code === 'fine-grid')!;
  const factor = (type: Type, code: string) => type.factors.find((f) => f.code === code)?.name;

  it("are answered in the reader's language in the catalogue, derived elements included", async () => {
    // The type's name, then its elements' names.
    const names = (type: Type, ...codes: string[]) => [type.name, ...codes.map((c) => factor(type, c))];
    const daily = ['tmp', 'pre12h', 'tmax24h'];
    const zh = await fine();
    expect(names(zh, ...daily)).toEqual(['精细化网格预报', '气温', '12小时降水', '日最高气温']);
    const en = await fine('en');
    expect(names(en, ...daily)).toEqual(['Fine-grid forecast', 'Temperature', '12-hour precipitation', 'Daily maximum temperature']);
    const es = await fine('es');
    expect(names(es, 'tmp', 'wsp')).toEqual(['Pronóstico de malla fina', 'Temperatura', 'Velocidad del viento']);
    for (const f of [...en.factors, ...es.factors]) expect([f.code, CJK.test(f.name)]).toEqual([f.code, false]);
  });

  it('name the meteogram and its CSV columns in that language', async () => {
    const m = await data('/api/grid/meteogram?type=fine-grid&lon=108.93&lat=34.3', reviser, 'en');
    expect(m.typeName).toBe('Fine-grid forecast');
    expect(m.elements.find((e: { code: string }) => e.code === 'tmp').name).toBe('Temperature');
    const csv = await get('/api/grid/meteogram?type=fine-grid&lon=108.93&lat=34.3&format=csv', reviser, 'es');
    expect(csv.body.replace(/^\ufeff/, '').split('\n')[0]).toMatch(/^validTime,lead,Temperatura \(°C\),/);
  });

  it('title the WMS layers and draw the legend in that language (LANGUAGE, then the console’s cookie, then Accept-Language)', async () => {
    const wms = (query: string, lang?: string, cookie?: string) =>
      get(`/api/wms?token=${reviser}&SERVICE=WMS&VERSION=1.3.0&${query}`, reviser, lang, cookie);
    expect((await wms('REQUEST=GetCapabilities', 'en')).body).toContain('<Title>Fine-grid forecast Temperature</Title>');
    expect((await wms('REQUEST=GetCapabilities', 'es')).body).toContain('<Title>Pronóstico de malla fina Temperatura</Title>');
    expect((await wms('REQUEST=GetCapabilities')).body).toContain('<Title>精细化网格预报 气温</Title>');
    expect((await wms('REQUEST=GetCapabilities&LANGUAGE=en', 'zh')).body).toContain('<Title>Fine-grid forecast Temperature</Title>');

    const legend = async (lang?: string, extra = '', cookie?: string) => {
      const res = await wms(`REQUEST=GetLegendGraphic&FORMAT=image/png&LAYER=fine-grid.tmp${extra}`, lang, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers.vary).toMatch(/Accept-Language/);
      return res.rawPayload;
    };
    const [zh, en, es] = [await legend('zh'), await legend('en'), await legend('es')];
    expect(en.equals(zh)).toBe(false);
    expect(es.equals(en)).toBe(false);
    expect((await legend('zh', '&LANGUAGE=en')).equals(en)).toBe(true);
    // An <img> sends the browser's Accept-Language: the console's language cookie wins over it.
    expect((await legend('zh-CN', '', 'theme=dark; language=es')).equals(es)).toBe(true);
    expect((await legend(undefined)).equals(zh)).toBe(true);
  });

  it('name the map’s products (/gis/all) and the forecaster’s types and elements in that language, as the catalogue does', async () => {
    // The map's product bar and the revision pages read these, not /grid/catalog.
    const products = async (lang?: Lang) => ((await data('/api/gis/all', reviser, lang)) as { products: Type[] }).products;
    for (const [lang, type, tmp] of [
      [undefined, '精细化网格预报', '气温'],
      ['en', 'Fine-grid forecast', 'Temperature'],
      ['es', 'Pronóstico de malla fina', 'Temperatura'],
    ] as const) {
      const fromMap = (await products(lang)).find((x) => x.code === 'fine-grid')!;
      expect([lang, fromMap.name, factor(fromMap, 'tmp')]).toEqual([lang, type, tmp]);
      if (lang) for (const f of fromMap.factors) expect([lang, f.code, CJK.test(f.name)]).toEqual([lang, f.code, false]);
      const allocated = ((await data('/api/forecasr/findByUserForevast', reviser, lang)) as Array<Type & { id: number }>).find(
        (x) => x.code === 'fine-grid',
      )!;
      expect([lang, allocated.name, factor(allocated, 'tmp')]).toEqual([lang, type, tmp]);
      const factors = (await data(`/api/factor/getFactor?fTId=${allocated.id}`, reviser, lang)) as Array<{ code: string; name: string }>;
      expect([lang, factors.find((f) => f.code === 'tmp')?.name]).toEqual([lang, tmp]);
      const grid = await data('/api/forecaster/getData?type=fine-grid&factor=tmp&lead=0', reviser, lang);
      expect([lang, grid.typeName, grid.factorName]).toEqual([lang, type, tmp]);
    }
    const matrix = await data('/api/forecasr/allocations', reviser, 'es');
    expect(matrix.types.find((x: Type) => x.code === 'fine-grid').name).toBe('Pronóstico de malla fina');
  });

  it('name a revision’s type and element in that language in the records', async () => {
    const grid = await data('/api/forecaster/getData?type=fine-grid&factor=tmp&lead=0', reviser);
    const at = { baseTime: grid.baseTime, lead: 0, version: grid.version };
    const saved = await revisePoint(t, reviser, at, { lon: 108.93, lat: 34.3, value: 12, radiusKm: 20 });
    expect(saved.json().code).toBe(0);
    type Listed = { id: number; typeName: string; factorName: string };
    const newest = async (lang?: Lang) =>
      ((await data('/api/record/findByRecord?page=1&size=1', reviser, lang)) as { list: Listed[] }).list[0]!;
    expect(await newest()).toMatchObject({ typeName: '精细化网格预报', factorName: '气温' });
    const en = await newest('en');
    expect(en).toMatchObject({ typeName: 'Fine-grid forecast', factorName: 'Temperature' });
    expect(await data(`/api/record/detail?id=${en.id}`, reviser, 'es')).toMatchObject({
      typeName: 'Pronóstico de malla fina',
      factorName: 'Temperatura',
    });
  });
});

describe('the default product template', () => {
  it("is named in the reader's language until renamed, and saving it unchanged keeps the stored name", async () => {
    type Template = { id: number; name: string; builtIn: boolean; version: number };
    const builtIn = async (lang?: string) =>
      ((await data('/api/product/template/list', maker, lang)) as Template[]).find((x) => x.builtIn)!;
    expect((await builtIn()).name).toBe('标准预报图');
    expect((await builtIn('es')).name).toBe('Mapa de pronóstico estándar');
    const en = await builtIn('en');
    expect(en.name).toBe('Standard forecast map');
    const { builtIn: _b, updateTime: _u, creator: _c, ...fields } = en as Template & { updateTime: string; creator: string };
    const saved = await post('/api/product/template/save', maker, fields, 'en');
    expect(saved.json()).toMatchObject({ code: 0, data: { name: 'Standard forecast map' } });
    const row = await t.db.db.selectFrom('product_template').select('name').where('id', '=', en.id).executeTakeFirstOrThrow();
    expect(row.name).toBe('标准预报图');
    expect((await builtIn('zh')).name).toBe('标准预报图');
  });
});

describe('built-in names elsewhere in the console', () => {
  const names: Array<[Lang | undefined, string, string]> = [
    [undefined, '精细化网格预报', '气温'],
    ['en', 'Fine-grid forecast', 'Temperature'],
    ['es', 'Pronóstico de malla fina', 'Temperatura'],
  ];

  it('name every forecast type (/forecasr/findForevast) in that language', async () => {
    for (const [lang, type, tmp] of names) {
      const all = (await data('/api/forecasr/findForevast', reviser, lang)) as Array<{
        code: string;
        name: string;
        factors: Array<{ code: string; name: string }>;
      }>;
      const fine = all.find((x) => x.code === 'fine-grid')!;
      expect([lang, fine.name, fine.factors.find((f) => f.code === 'tmp')?.name]).toEqual([lang, type, tmp]);
    }
  });

  it('name an issued forecast’s type in that language in the list of issues', async () => {
    const grid = await data('/api/forecaster/getData?type=fine-grid&factor=tmp&lead=0', reviser);
    const submitted = await post('/api/revise/submit', reviser, {
      type: 'fine-grid',
      baseTime: grid.baseTime,
      factors: ['tmp'],
      remark: '',
      confirmViolations: true,
    });
    expect(submitted.json().code).toBe(0);
    for (const [lang, type] of names) {
      const list = ((await data('/api/filestate/findByUserFile?page=1&size=5', reviser, lang)) as { list: Array<{ typeName: string }> })
        .list;
      expect(list.length).toBeGreaterThan(0);
      expect([lang, [...new Set(list.map((x) => x.typeName))]]).toEqual([lang, [type]]);
    }
  });

  it('name the download library’s forecast and element in that language', async () => {
    type Item = { forecastType: string | null; forecastTypeName: string | null; factor: string | null; factorName: string | null };
    // The demo's map product is of the daily maximum (tmax24h), named by the catalogue in each language.
    const dailyMax: Record<string, string> = { zh: '日最高气温', en: 'Daily maximum temperature', es: 'Temperatura máxima diaria' };
    for (const [lang, type] of names) {
      const list = ((await data('/api/download/page?page=1&size=100', maker, lang)) as { list: Item[] }).list;
      const fine = list.filter((x) => x.forecastType === 'fine-grid');
      expect(fine.length).toBeGreaterThan(0);
      expect([lang, [...new Set(fine.map((x) => x.forecastTypeName))]]).toEqual([lang, [type]]);
      const withFactor = fine.filter((x) => x.factor === 'tmax24h');
      expect(withFactor.length).toBeGreaterThan(0);
      expect([lang, [...new Set(withFactor.map((x) => x.factorName))]]).toEqual([lang, [dailyMax[lang ?? 'zh']]]);
    }
  });

  it('name a risk product’s built-in hazard in that language, whatever language it was made in; a user-made one as entered', async () => {
    type Risk = { id: number; kind: string; hazardName: string };
    const page = async (lang?: Lang) => ((await data('/api/risk/page?page=1&size=100', maker, lang)) as { list: Risk[] }).list;
    // The demo product is tea's frost or, with tea dormant on the demo run's date, its winter injury.
    const seeded: Record<string, Record<Lang, string>> = {
      frost: { zh: '霜冻', en: 'Frost', es: 'Helada' },
      winterInjury: { zh: '冻害', en: 'Winter injury', es: 'Daño por frío invernal' },
    };
    const frost = (await page()).find((x) => x.kind in seeded)!;
    const names = seeded[frost.kind]!;
    expect(frost.hazardName).toBe(names.zh);
    expect((await page('en')).find((x) => x.id === frost.id)!.hazardName).toBe(names.en);
    expect((await page('es')).find((x) => x.id === frost.id)!.hazardName).toBe(names.es);
    expect((await data(`/api/risk/product?productId=${frost.id}`, maker, 'en')).hazardName).toBe(names.en);
    // Made in English: stored in English, answered in zh as the catalogue names it.
    await t.db.db.updateTable('risk_product').set({ hazard_name: names.en }).where('id', '=', frost.id).execute();
    expect((await page()).find((x) => x.id === frost.id)!.hazardName).toBe(names.zh);
    await t.db.db.updateTable('risk_product').set({ hazard_name: '倒春寒' }).where('id', '=', frost.id).execute();
    expect((await page('en')).find((x) => x.id === frost.id)!.hazardName).toBe('倒春寒');
    await t.db.db.updateTable('risk_product').set({ hazard_name: names.zh }).where('id', '=', frost.id).execute();
    // The exposure's crop, kept in the product's language too.
    type Exposed = Risk & { exposure: { cropName: string } | null };
    const crop = async (lang?: Lang) =>
      ((await data(`/api/risk/product?productId=${frost.id}`, maker, lang)) as Exposed).exposure?.cropName;
    const exposed = (cropName: string) =>
      t.db.db
        .updateTable('risk_product')
        .set({ exposure: JSON.stringify({ zoningProductId: 1, name: '区划', cropName }) })
        .where('id', '=', frost.id)
        .execute();
    await exposed('Winter wheat');
    expect([await crop(), await crop('en'), await crop('es')]).toEqual(['冬小麦', 'Winter wheat', 'Trigo de invierno']);
    await exposed('早熟红富士');
    expect(await crop('en')).toBe('早熟红富士');
    await t.db.db.updateTable('risk_product').set({ exposure: null }).where('id', '=', frost.id).execute();
  });

  it('name the default template in that language in the list of products made and the schedules', async () => {
    type Product = { templateName: string };
    for (const [lang, name] of [
      [undefined, '标准预报图'],
      ['en', 'Standard forecast map'],
      ['es', 'Mapa de pronóstico estándar'],
    ] as const) {
      const list = ((await data('/api/product/page?page=1&size=50', maker, lang)) as { list: Product[] }).list;
      expect(list.length).toBeGreaterThan(0);
      expect([lang, [...new Set(list.map((p) => p.templateName))]]).toEqual([lang, [name]]);
    }
    const template = ((await data('/api/product/template/list', maker)) as Array<{ id: number; builtIn: boolean }>).find((x) => x.builtIn)!;
    const saved = await post(
      '/api/product/schedule/save',
      maker,
      {
        name: '气温日报',
        templateId: template.id,
        forecast: { type: 'fine-grid', factor: 'tmp', mode: 'lead', lead: 24 },
        trigger: 'new-run',
      },
      'es',
    );
    expect(saved.json()).toMatchObject({ code: 0, data: { templateName: 'Mapa de pronóstico estándar' } });
    const schedules = async (lang?: Lang) =>
      ((await data('/api/product/schedule/list', maker, lang)) as Array<{ id: number; templateName: string }>).find(
        (x) => x.id === saved.json().data.id,
      )!.templateName;
    expect(await schedules()).toBe('标准预报图');
    expect(await schedules('en')).toBe('Standard forecast map');
  });

  it('name the travel weather’s forecast in that language', async () => {
    const travel = (await t.login('demo-travel', ADMIN_PASSWORD, '10.40.0.4')).access_token;
    const spot = ((await data('/api/travel/spot/page?page=1&size=1', travel)) as { list: Array<{ id: number }> }).list[0]!;
    for (const [lang, type] of names) {
      const w = await data(`/api/travel/weather?targetType=spot&id=${spot.id}`, travel, lang);
      expect([lang, w.status, w.typeName]).toEqual([lang, 'ok', type]);
    }
  });
});

describe('a service product’s issue number', () => {
  it("is written in the reader's language in the list and one document", async () => {
    const writer = (await t.login('demo-products', ADMIN_PASSWORD, '10.40.0.5')).access_token;
    type Summary = { id: number; year: number; issueNo: number; issueLabel: string };
    const first = async (lang?: Lang) => ((await data('/api/article/page?page=1&size=1', writer, lang)) as { list: Summary[] }).list[0]!;
    const a = await first();
    expect(a.issueLabel).toBe(`${a.year} 年第 ${a.issueNo} 期`);
    expect((await first('en')).issueLabel).toBe(`No. ${a.issueNo}, ${a.year}`);
    expect((await first('es')).issueLabel).toBe(`N.º ${a.issueNo}, ${a.year}`);
    expect((await data(`/api/article/detail?id=${a.id}`, writer, 'en')).issueLabel).toBe(`No. ${a.issueNo}, ${a.year}`);
    expect((await data(`/api/article/detail?id=${a.id}`, writer, 'es-ES')).issueLabel).toBe(`N.º ${a.issueNo}, ${a.year}`);
  });
});

describe('the demo data’s actor', () => {
  // The demo seeds (DEMO=1) credit what they make to no user: "Demo data" in the reader's language, as stored in zh.
  const actors: Array<[Lang | undefined, string]> = [
    [undefined, '演示数据'],
    ['en', 'Demo data'],
    ['es', 'Datos de demostración'],
  ];
  const login = async (username: string, ip: string) => (await t.login(username, ADMIN_PASSWORD, ip)).access_token;

  it('is named in that language on the official account’s menu and media', async () => {
    const weixin = await login('demo-weixin', '10.40.0.6');
    const account = ((await data('/api/wx/account/list', weixin)) as Array<{ id: number }>)[0]!;
    for (const [lang, actor] of actors) {
      expect([lang, (await data(`/api/wx/menu/get?accountId=${account.id}`, weixin, lang)).publishedBy]).toEqual([lang, actor]);
      const media = (await data(`/api/wx/media/page?accountId=${account.id}&page=1&size=10`, weixin, lang)) as {
        list: Array<{ uploadedBy: string }>;
      };
      expect([lang, [...new Set(media.list.map((m) => m.uploadedBy))]]).toEqual([lang, [actor]]);
    }
  });

  it('is named in that language on sandstorm records and travel comments', async () => {
    const disaster = await login('demo-disaster', '10.40.0.7');
    const travel = await login('demo-travel', '10.40.0.8');
    for (const [lang, actor] of actors) {
      const records = (await data('/api/sandstorm/findByCode?page=1&size=5', disaster, lang)) as { list: Array<{ createdBy: string }> };
      expect(records.list.length).toBeGreaterThan(0);
      expect([lang, [...new Set(records.list.map((r) => r.createdBy))]]).toEqual([lang, [actor]]);
      const comments = (await data('/api/travel/comment/page?page=1&size=50', travel, lang)) as {
        list: Array<{ status: string; moderatedBy: string }>;
      };
      const passed = comments.list.filter((c) => c.status === 'passed');
      expect(passed.length).toBeGreaterThan(0);
      expect([lang, [...new Set(passed.map((c) => c.moderatedBy))]]).toEqual([lang, [actor]]);
    }
  });

  it('is named in that language on the demo grids (who changed them) and the demo risk product, as stored by older seeds too', async () => {
    const risk = async (lang?: Lang) =>
      ((await data('/api/risk/page?page=1&size=100', maker, lang)) as { list: Array<{ creator: string }> }).list;
    const grid = (lang?: Lang) => data('/api/forecaster/getData?type=fine-grid&factor=tmp&lead=3', reviser, lang);
    for (const [lang, actor] of actors) {
      expect([lang, [...new Set((await risk(lang)).map((p) => p.creator))]]).toEqual([lang, [actor]]);
      const g = await grid(lang);
      expect([lang, g.updatedBy]).toEqual([lang, actor]);
    }
    // The demo risk product's files in the download library.
    for (const [lang, actor] of actors) {
      const files = (await data('/api/download/page?page=1&size=50&kind=risk-product', maker, lang)) as { list: Array<{ author: string }> };
      expect(files.list.length).toBeGreaterThan(0);
      expect([lang, [...new Set(files.list.map((f) => f.author))]]).toEqual([lang, [actor]]);
    }
    // A database seeded before the demo actor had a name stored 'demo'.
    await t.db.db.updateTable('risk_product').set({ created_by_name: 'demo' }).execute();
    expect([...new Set((await risk('en')).map((p) => p.creator))]).toEqual(['Demo data']);
    await t.db.db.updateTable('risk_product').set({ created_by_name: '演示数据' }).execute();
  });
});
