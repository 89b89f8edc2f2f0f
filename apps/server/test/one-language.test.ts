import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEATHER_CODES } from '@agromet/contracts';
import { translate } from '../src/core/messages.js';
import { localisedFactor } from '../src/modules/grids/service.js';
import { riskLevelNames } from '../src/modules/risk/wms-layers.js';
import { layerFactor, windSpeedName } from '../src/modules/wms/service.js';
import { resolvedClassNames } from '../src/modules/zoning/criteria.js';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers.js';

/**
 * One language per document (docs/i18n.md#one-language-per-document): every text the server makes for a map product
 * (its name, file titles and the PDF's words), a bulletin made from a template, a risk product (name, summaries, areas
 * and the PDF), the region picker, the travel and sandstorm lists' region names, every word a legend is drawn with and
 * the built-in kinds, criteria, crops and hazards is in the language asked for: no
 * Chinese character in English or Spanish outside the names a user typed (the customer's name), no Latin month name in
 * Chinese. The PDFs are read with pdftotext; bulletins are made from every built-in kind.
 */

let t: TestApp;
const tok: Record<string, string> = {};
type Lang = 'zh' | 'en' | 'es';
const LANGS: Lang[] = ['zh', 'en', 'es'];
const HAN = /\p{Script=Han}/u;
const MONTHS =
  /\b(January|February|March|April|May|June|July|August|September|October|November|December|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre)\b/i;
/** Names a user typed: the demo customer's name (the products' issuer and unit). */
let typed: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ DEMO: '1' });
  for (const u of ['demo-make', 'demo-products', 'demo-zoning', 'demo-disaster', 'demo-travel', 'demo-revise'])
    tok[u] = (await t.login(u, ADMIN_PASSWORD)).access_token;
  const customers = await t.db.db.selectFrom('customer').select('name').execute();
  typed = customers.map((c) => c.name.replace(/（示例）$/, '')).flatMap((n) => [`${n}（示例）`, n]);
}, 240_000);
afterAll(async () => {
  await t.close();
});

const call = (who: string, method: 'GET' | 'POST', url: string, lang: Lang, payload?: object) =>
  t.app.inject({ method, url, headers: { ...t.bearer(tok[who]!), 'accept-language': lang }, ...(payload ? { payload } : {}) });
const data = async (who: string, method: 'GET' | 'POST', url: string, lang: Lang, payload?: object) => {
  const body = (await call(who, method, url, lang, payload)).json();
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.data;
};

function pdfText(pdf: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'one-lang-'));
  try {
    fs.writeFileSync(path.join(dir, 'm.pdf'), pdf);
    return execFileSync('pdftotext', [path.join(dir, 'm.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** What in `text` is not of `lang`'s script: Chinese characters in en/es (names typed left out), month names in zh. */
function foreign(text: string, lang: Lang): string[] {
  if (lang === 'zh') return [...text.matchAll(new RegExp(MONTHS, 'gi'))].map((m) => m[0]);
  let rest = text;
  for (const n of typed) rest = rest.replaceAll(n, '');
  return rest.split('\n').filter((line) => HAN.test(line));
}

/** Every string inside a JSON value. */
const strings = (v: unknown): string[] =>
  typeof v === 'string' ? [v] : Array.isArray(v) ? v.flatMap(strings) : v && typeof v === 'object' ? Object.values(v).flatMap(strings) : [];

describe('one language per document', () => {
  it('the region picker names provinces, prefectures and counties in the reader’s language', async () => {
    for (const lang of LANGS) {
      const roots = await data('demo-disaster', 'GET', '/api/region/options?code=610802', lang);
      const labels = strings(roots).filter((s) => !/^\d+$/.test(s));
      expect(labels.length).toBeGreaterThan(40);
      if (lang === 'zh') expect(labels).toContain('榆阳区');
      else
        expect(
          labels.filter((l) => HAN.test(l)),
          lang,
        ).toEqual([]);
    }
    const en = await data('demo-disaster', 'GET', '/api/region/options?code=610802', 'en');
    const shaanxi = en.find((o: { value: string }) => o.value === '610000');
    expect(shaanxi.label).toBe('Shaanxi');
    expect(shaanxi.children.find((o: { value: string }) => o.value === '610100').label).toBe("Xi'an");
    const es = await data('demo-disaster', 'GET', '/api/region/options?code=610802', 'es');
    expect(es.find((o: { value: string }) => o.value === '150000').label).toBe('Mongolia Interior');
  });

  it('the travel, sandstorm and station lists name their regions in the reader’s language', async () => {
    const lists: [string, string][] = [
      ['demo-travel', '/api/travel/spot/page?page=1&size=50'],
      ['demo-travel', '/api/travel/landscape/page?page=1&size=50'],
      ['demo-travel', '/api/travel/greenway/page?page=1&size=50'],
      ['demo-disaster', '/api/sandstorm/findByCode?page=1&size=50'],
    ];
    for (const [who, url] of lists)
      for (const lang of LANGS) {
        const page = await data(who, 'GET', url, lang);
        const names = page.list.map((r: { regionName: string }) => r.regionName);
        expect(names.length, url).toBeGreaterThan(0);
        if (lang === 'zh')
          expect(
            names.some((n: string) => HAN.test(n)),
            url,
          ).toBe(true);
        else expect(foreign(names.join('\n'), lang), `${lang} ${url}`).toEqual([]);
      }
    // Stations keep their three fields as typed (the form edits them) and name the place in the reader's language.
    for (const lang of LANGS) {
      const stations = await data('demo-revise', 'GET', '/api/station/findByUidStation?page=1&size=50', lang);
      const names = stations.list.map((s: { regionName: string }) => s.regionName).join('\n');
      expect(stations.list.length).toBeGreaterThan(5);
      expect(stations.list.every((s: { city: string }) => s.city === '' || HAN.test(s.city))).toBe(true);
      if (lang === 'zh') expect(names).toMatch(/榆林市 榆阳区/);
      else expect(foreign(names, lang), lang).toEqual([]);
      if (lang === 'es') expect(names).toMatch(/Distrito de Yuyang, Yulin/);
    }
    const spots = await data('demo-travel', 'GET', '/api/travel/spot/page?page=1&size=50', 'en');
    expect(spots.list.map((s: { regionName: string }) => s.regionName).join('\n')).toMatch(/Shaanxi$/m);
  });

  it('a map product made with the default template is in the interface language, its PDF included', async () => {
    const templates = await data('demo-make', 'GET', '/api/product/template/list', 'en');
    const builtIn = templates.find((x: { builtIn: boolean }) => x.builtIn);
    expect(builtIn.language).toBe('en');
    const demo = await t.db.db.selectFrom('map_product').select(['request']).orderBy('id').executeTakeFirstOrThrow();
    const request = JSON.parse(demo.request) as Record<string, unknown>;
    for (const lang of LANGS) {
      const made = await data('demo-make', 'POST', '/api/product/make', lang, { ...request, templateId: builtIn.id });
      await t.jobs.waitFor(made.jobId);
      const info = await data('demo-make', 'GET', `/api/product/info?id=${made.productId}`, lang);
      expect(info.status, JSON.stringify(info)).toBe('done');
      expect(info.language).toBe(lang);
      const texts = [info.name, ...info.files.map((f: { title: string }) => f.title)];
      const pdf = await call('demo-make', 'GET', `/api/product/file?id=${info.files[0].id}&format=pdf`, lang);
      expect(pdf.statusCode).toBe(200);
      const text = pdfText(pdf.rawPayload);
      expect(foreign([...texts, text].join('\n'), lang), `${lang}: ${text}`).toEqual([]);
      if (lang !== 'zh') expect(text).toMatch(/Xi'an/);
      if (lang === 'en') expect(text).toMatch(/forecast for Shaanxi/);
    }
  });

  it('a risk product’s summaries, areas and PDF are in its language', async () => {
    const demo = await t.db.db.selectFrom('risk_product').selectAll().orderBy('id').executeTakeFirstOrThrow();
    const region = JSON.parse(demo.region) as { areaCode?: string; statsLayer?: string };
    const crop = demo.crop ? (JSON.parse(demo.crop) as { id?: number }) : null;
    for (const lang of LANGS) {
      const made = await data('demo-make', 'POST', '/api/risk/execute', lang, {
        name: { zh: '风险', en: 'Risk', es: 'Riesgo' }[lang],
        hazardId: demo.hazard_id,
        baseTime: demo.base_time,
        leadFrom: demo.lead_from,
        leadTo: demo.lead_to,
        lang,
        ...(region.areaCode ? { areaCode: region.areaCode } : {}),
        ...(region.statsLayer ? { statsLayer: region.statsLayer } : {}),
        ...(crop?.id ? { cropId: crop.id } : {}),
      });
      await t.jobs.waitFor(made.jobId);
      const product = await data('demo-make', 'GET', `/api/risk/product?productId=${made.productId}`, lang);
      expect(product.status, JSON.stringify(product)).toBe('done');
      const texts = [
        product.name,
        product.hazardName,
        product.region.name,
        product.method,
        ...product.summaries,
        ...strings(product.stats?.byArea ?? []),
        ...strings(product.stages),
      ].filter((s): s is string => typeof s === 'string');
      expect(product.summaries.length).toBeGreaterThan(0);
      const row = await t.db.db
        .selectFrom('download_file')
        .select(['storage_key', 'format'])
        .where('kind', '=', 'risk-product')
        .where('source_id', '=', String(made.productId))
        .execute();
      const pdfRow = row.find((r) => r.format === 'pdf');
      expect(pdfRow, JSON.stringify(row)).toBeDefined();
      const pdfText_ = pdfRow ? pdfText((await t.storage.get(pdfRow.storage_key))!) : '';
      expect(foreign([...texts, pdfText_].join('\n'), lang), `${lang}: ${texts.join(' | ')}`).toEqual([]);
    }
  });

  it('a bulletin made from each built-in kind’s template is in the reader’s language, its number and unit included', async () => {
    for (const lang of LANGS) {
      const kinds = await data('demo-products', 'GET', '/api/article/kinds', lang);
      expect(kinds.length).toBeGreaterThan(2);
      for (const kind of kinds as Array<{ id: number; name: string }>) {
        const made = await data('demo-products', 'POST', '/api/article/add', lang, {
          kindId: kind.id,
          title: { zh: '公报', en: 'Bulletin', es: 'Boletín' }[lang],
          fromTemplate: true,
        });
        const doc = await data('demo-products', 'GET', `/api/article/detail?id=${made.id}`, lang);
        // The body's words (tags left out) and the issue's label.
        const words = [doc.body.replace(/<[^>]*>/g, '\n'), doc.issueLabel].join('\n');
        expect(foreign(words, lang), `${lang} ${kind.name}: ${words}`).toEqual([]);
      }
    }
  });

  it('every word a legend is drawn with (element and unit, classes, risk levels, zoning classes, titles) is in its language', async () => {
    for (const lang of LANGS) {
      const caps = await t.app.inject({
        method: 'GET',
        url: `/api/wms?token=${tok['demo-make']}&SERVICE=WMS&VERSION=1.3.0&REQUEST=GetCapabilities`,
        headers: { 'accept-language': lang },
      });
      expect(caps.statusCode).toBe(200);
      const layers = [...caps.body.matchAll(/<Layer[^>]*>\s*<Name>([^<]+)<\/Name>/g)].map((m) => m[1]!);
      // The forecast layers (GetLegendGraphic titles them with the element's name and unit; wind with its speed's name).
      const words: string[] = [];
      let forecast = 0;
      for (const layer of layers) {
        const factor = await layerFactor(t.db.db, layer, 'LAYER').catch(() => undefined);
        if (!factor) continue;
        forecast += 1;
        const named = localisedFactor(factor, lang);
        words.push(named.name, named.unit, await windSpeedName(t.db.db, factor, lang));
      }
      expect(forecast, lang).toBeGreaterThan(5);
      // Weather codes by their phenomena's names; risk and zoning legends' titles and classes.
      words.push(...WEATHER_CODES.map((c) => c.names[lang]));
      words.push(translate(lang, 'risk.legendTitle'), translate(lang, 'risk.noRisk'), ...riskLevelNames(lang));
      words.push(translate(lang, 'zoning.legendTitle'), ...resolvedClassNames([], lang));
      expect(foreign(words.join('\n'), lang), lang).toEqual([]);
      if (lang !== 'zh') expect(words.join('\n'), lang).not.toMatch(/\p{Script=Han}/u);
      else expect(words.join('\n')).toMatch(/气温/);
    }
  });

  it('built-in bulletin kinds, criteria, crops and hazards are named in the reader’s language', async () => {
    for (const lang of ['en', 'es'] as const) {
      const kinds = await data('demo-products', 'GET', '/api/article/kinds', lang);
      expect(
        foreign(
          strings(kinds.map((k: { name: string; series: string; template: string }) => [k.name, k.series, k.template])).join('\n'),
          lang,
        ),
      ).toEqual([]);
      const crops = await data('demo-zoning', 'GET', '/api/crop/all', lang);
      expect(foreign(crops.map((c: { name: string }) => c.name).join('\n'), lang)).toEqual([]);
      const withCriteria = crops.filter((c: { criteriaCount: number }) => c.criteriaCount > 0);
      for (const c of withCriteria) {
        const criteria = await data('demo-zoning', 'GET', `/api/qhCriterion/allByCrop?cropId=${c.id}`, lang);
        const words = criteria.flatMap((x: { name: string; description: string; cropName: string }) => [x.name, x.description, x.cropName]);
        expect(foreign(words.join('\n'), lang)).toEqual([]);
      }
      const hazards = await data('demo-make', 'GET', '/api/risk/hazard/all', lang);
      expect(foreign(hazards.map((h: { name: string }) => h.name).join('\n'), lang)).toEqual([]);
    }
  });
});
