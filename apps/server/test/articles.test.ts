import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTICLE_APPROVE_CODE as APPROVE, ARTICLE_WRITE_CODE as WRITE } from '@agromet/contracts';
import { seedDemoArticles } from '../src/modules/articles/demo.js';
import type { TestApp } from './helpers.js';
import { articleDesk, uploadPng } from './article-desk.js';
import { addCustomer, addUser, call } from './revise-helpers.js';

/**
 * Service products: documents with issue numbers per kind and year (never repeated under concurrent creation), the
 * sanitised body, the workflow (the author cannot review; a published document is frozen; a refusal changes nothing;
 * every step in the history), revisions, tenancy, and the PDF read back with pdftotext.
 */
let t: TestApp;
let tok: Record<string, string> = {};
let kindId = 0;

beforeAll(async () => {
  // Only the rule that nobody reviews their own document keeps the author (holding both codes) from approving it.
  ({ t, tok } = await articleDesk('ar', { writer: ['ar-writer', [WRITE], '王编写'], none: ['ar-none', []] }));
});
afterAll(async () => {
  await t.close();
});

const year = Number(new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Asia/Shanghai' }).format(new Date()));
const state = async (id: number) => (await call(t, tok.author!, 'GET', `/api/article/detail?id=${id}`)).json().data;

const upload = (token: string) => uploadPng(t, token, 'map.png', 120, 80, '#2266cc');

describe('kinds and issue numbers', () => {
  it('gives the customer four kinds with templates, named in the reader’s language until renamed', async () => {
    const kinds = (await call(t, tok.author!, 'GET', '/api/article/kinds')).json().data;
    expect(kinds.map((k: { name: string }) => k.name)).toEqual(['农业气象周报', '专题服务材料', '决策服务快报', '农业气象灾害预警']);
    expect(kinds[0].template).toContain('<h2>一、天气实况</h2>');
    kindId = kinds[0].id;
    const en = (await call(t, tok.author!, 'GET', '/api/article/kinds', undefined, 'en')).json().data;
    expect(en.map((k: { name: string }) => k.name)).toEqual([
      'Weekly agro-met bulletin',
      'Special report',
      'Decision briefing',
      'Warning note',
    ]);
    expect(en[0].template).toContain('<h2>1. Recent weather</h2>');
    const es = (await call(t, tok.author!, 'GET', '/api/article/kinds', undefined, 'es')).json().data;
    expect(es[3].name).toBe('Nota de aviso');
    expect((await call(t, tok.none!, 'GET', '/api/article/kinds')).json().code).toBe(4003);
  });

  it('numbers documents per kind and year, fills the template, and refuses a number in use', async () => {
    const next = (await call(t, tok.author!, 'GET', `/api/article/nextIssue?kindId=${kindId}`)).json().data;
    expect(next).toMatchObject({ year, issueNo: 1, unit: '陕西省农业气象中心' });
    const a = (await call(t, tok.author!, 'POST', '/api/article/add', { kindId, title: '第一期', fromTemplate: true })).json();
    expect(a.code).toBe(0);
    const d = await state(a.data.id);
    expect(d).toMatchObject({ issueNo: 1, issueLabel: `${year} 年第 1 期`, state: 'draft', authorName: '李写作', revision: 1 });
    expect(d.body).toContain('<p>陕西省农业气象中心　');
    expect(d.body).not.toContain('{unit}');
    const taken = (await call(t, tok.author!, 'POST', '/api/article/add', { kindId, title: 'x', issueNo: 1 }, 'en')).json();
    expect(taken).toMatchObject({ code: 4009, msg: `Issue 1 of ${year} is already used` });
    const chosen = (await call(t, tok.author!, 'POST', '/api/article/add', { kindId, title: '跳号', issueNo: 10 })).json();
    expect((await state(chosen.data.id)).issueNo).toBe(10);
  });

  it('writes a document in its template’s language, the date included, whoever reads it', async () => {
    const kinds = (await call(t, tok.author!, 'GET', '/api/article/kinds')).json().data;
    const warning = kinds[3];
    // An English reader gets the default kind in English, and the date in English.
    const next = (await call(t, tok.author!, 'GET', `/api/article/nextIssue?kindId=${warning.id}`, undefined, 'en')).json().data;
    expect(next.date).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
    const en = (
      await call(t, tok.author!, 'POST', '/api/article/add', { kindId: warning.id, title: 'Frost', fromTemplate: true }, 'en')
    ).json();
    const enBody: string = (await state(en.data.id)).body;
    expect(enBody).toContain(`, issued ${next.date}: …`);
    // Apart from the customer's name (typed by its administrator) no Chinese in an English document.
    expect(enBody.replaceAll('陕西省农业气象中心', '')).not.toMatch(/\p{Script=Han}/u);
    // A customer's own Chinese template stays Chinese for an English reader, and so does its date.
    const own = (
      await call(t, tok.author!, 'POST', '/api/article/kind/save', {
        id: warning.id,
        version: warning.version,
        name: '霜冻预警',
        series: '霜冻预警',
        template: '<p>截至 {date}，全省……</p>',
        sort: warning.sort,
      })
    ).json();
    expect(own.code).toBe(0);
    const enKinds = (await call(t, tok.author!, 'GET', '/api/article/kinds', undefined, 'en')).json().data;
    expect(enKinds[3].name).toBe('霜冻预警');
    const zh = (
      await call(t, tok.author!, 'POST', '/api/article/add', { kindId: warning.id, title: '霜冻', fromTemplate: true }, 'en')
    ).json();
    const zhBody: string = (await state(zh.data.id)).body;
    expect(zhBody).toMatch(/截至 \d{4}年\d{1,2}月\d{1,2}日，/);
    expect(zhBody).not.toMatch(/January|February|March|April|May|June|July|August|September|October|November|December/);
  });

  it('never repeats an issue number when twelve documents are created at once', async () => {
    const kinds = (await call(t, tok.author!, 'GET', '/api/article/kinds')).json().data;
    const k = kinds[2].id;
    const res = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call(t, i % 2 ? tok.author! : tok.writer!, 'POST', '/api/article/add', { kindId: k, title: `并发 ${i}` }),
      ),
    );
    expect(res.map((r) => r.json().code)).toEqual(Array(12).fill(0));
    const rows = await t.db.db.selectFrom('article').select('issue_no').where('kind_id', '=', k).execute();
    expect(rows.map((r) => r.issue_no).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });
});

describe('workflow', () => {
  let id = 0;
  it('sanitises the body on the way in', async () => {
    const res = await call(t, tok.author!, 'POST', '/api/article/add', {
      kindId,
      title: '农业气象周报',
      body: '<h2>一、实况</h2><p onclick="x()">气温<script>alert(1)</script>偏高</p><img src="https://evil.example/a.png"><iframe src="//x"></iframe>',
    });
    id = res.json().data.id;
    expect((await state(id)).body).toBe('<h2>一、实况</h2><p>气温偏高</p>');
  });

  it('edits a draft with its version and answers 4009 on a stale one', async () => {
    const ok = await call(t, tok.author!, 'POST', '/api/article/update', {
      id,
      version: 1,
      title: '农业气象周报（改）',
      body: '<p>正文</p>',
    });
    expect(ok.json().data).toMatchObject({ version: 2, title: '农业气象周报（改）', body: '<p>正文</p>' });
    const stale = await call(t, tok.author!, 'POST', '/api/article/update', { id, version: 1, title: 'y' });
    expect(stale.json()).toMatchObject({ code: 4009, data: { currentVersion: 2 } });
  });

  it('refuses illegal steps with 4009 or 4003 and changes nothing', async () => {
    const before = await state(id);
    expect((await call(t, tok.reviewer!, 'POST', '/api/article/approve', { id })).json().code).toBe(4009);
    expect((await call(t, tok.reviewer!, 'POST', '/api/article/publish', { id })).json().code).toBe(4009);
    expect((await call(t, tok.author!, 'POST', '/api/article/submit', { id })).json().data.state).toBe('submitted');
    const own = (await call(t, tok.author!, 'POST', '/api/article/approve', { id }, 'en')).json();
    expect(own).toMatchObject({ code: 4003, msg: 'The author cannot review (approve or return) their own document' });
    expect((await call(t, tok.author!, 'POST', '/api/article/return', { id, comment: '自己退回' })).json().code).toBe(4003);
    expect((await call(t, tok.author!, 'POST', '/api/article/update', { id, version: 3, title: 'z' })).json().code).toBe(4009);
    expect((await call(t, tok.author!, 'POST', '/api/article/delete', { id })).json().code).toBe(4009);
    expect(await state(id)).toMatchObject({ ...before, state: 'submitted', version: before.version + 1, updatedAt: expect.any(String) });
    expect((await call(t, tok.reviewer!, 'POST', '/api/article/return', { id, comment: '' })).json().code).toBe(4100);
  });

  it('returns with a comment, then goes through to published; the published document is frozen', async () => {
    const ret = (await call(t, tok.reviewer!, 'POST', '/api/article/return', { id, comment: '请补充墒情数据' })).json().data;
    expect(ret).toMatchObject({ state: 'draft', returnComment: '请补充墒情数据' });
    await call(t, tok.author!, 'POST', '/api/article/submit', { id });
    expect((await call(t, tok.reviewer!, 'POST', '/api/article/approve', { id })).json().data).toMatchObject({
      state: 'approved',
      reviewerName: '张审核',
    });
    const pub = (await call(t, tok.author!, 'POST', '/api/article/publish', { id })).json().data;
    expect(pub.state).toBe('published');
    expect(pub.issuedAt).toEqual(expect.any(String));
    const frozen = (await call(t, tok.author!, 'POST', '/api/article/update', { id, version: pub.version, title: 'changed' }, 'en')).json();
    expect(frozen.code).toBe(4009);
    expect(frozen.msg).toContain('published');
    expect((await call(t, tok.author!, 'POST', '/api/article/delete', { id })).json().code).toBe(4009);
    expect((await state(id)).title).toBe('农业气象周报（改）');
    const history = (await call(t, tok.author!, 'GET', `/api/article/history?id=${id}`)).json().data;
    expect(history.map((h: { action: string; userName: string }) => `${h.action}:${h.userName}`)).toEqual([
      'create:李写作',
      'submit:李写作',
      'return:张审核',
      'submit:李写作',
      'approve:张审核',
      'publish:李写作',
    ]);
    expect(history[2]).toMatchObject({ fromState: 'submitted', toState: 'draft', comment: '请补充墒情数据' });
  });

  it('revises a published document as a new revision of the same issue, keeping the old one readable', async () => {
    const old = await state(id);
    const rev = (await call(t, tok.author!, 'POST', '/api/article/revise', { id })).json().data.id;
    const r = await state(rev);
    expect(r).toMatchObject({ issueNo: old.issueNo, revision: 2, revisionOf: id, state: 'draft', body: old.body });
    await call(t, tok.author!, 'POST', '/api/article/submit', { id: rev });
    await call(t, tok.reviewer!, 'POST', '/api/article/approve', { id: rev });
    await call(t, tok.reviewer!, 'POST', '/api/article/publish', { id: rev });
    expect(await state(id)).toMatchObject({ state: 'published', superseded: true, body: old.body });
    expect((await state(rev)).superseded).toBe(false);
    expect((await call(t, tok.author!, 'POST', '/api/article/revise', { id: rev + 1000 })).json().code).toBe(4004);
  });

  it('duplicates as a new draft with the next number and deletes drafts', async () => {
    const dup = (await call(t, tok.author!, 'POST', '/api/article/duplicate', { id })).json().data.id;
    const d = await state(dup);
    expect(d).toMatchObject({ state: 'draft', revision: 1, title: '农业气象周报（改）' });
    expect(d.issueNo).toBe(12);
    expect((await call(t, tok.author!, 'POST', '/api/article/delete', { id: dup })).json().code).toBe(0);
    expect((await call(t, tok.author!, 'GET', `/api/article/detail?id=${dup}`)).json().code).toBe(4004);
  });

  it('searches title and text, filters by state and kind, and keeps to the customer', async () => {
    const page = (q: string, token = tok.author!) => call(t, token, 'GET', `/api/article/page?${q}`).then((r) => r.json().data);
    expect((await page('keyword=正文')).list.map((a: { id: number }) => a.id)).toContain(id);
    expect((await page('keyword=不存在的词')).total).toBe(0);
    expect((await page('state=published')).list.every((a: { state: string }) => a.state === 'published')).toBe(true);
    expect((await page(`kindId=${kindId}&size=100`)).list.every((a: { kindId: number }) => a.kindId === kindId)).toBe(true);
    expect((await page('', tok.other!)).total).toBe(0);
    expect((await call(t, tok.other!, 'GET', `/api/article/detail?id=${id}`)).json().code).toBe(4004);
    expect((await call(t, tok.other!, 'POST', '/api/article/submit', { id })).json().code).toBe(4004);
    expect((await call(t, tok.other!, 'GET', `/api/article/pdf?id=${id}`)).json().code).toBe(4004);
    const logs = await t.db.db.selectFrom('operation_log').select('action').where('type', '=', 'article').execute();
    expect(logs.map((l) => l.action)).toContain('article.publish');
  });
});

describe('separation of duties', () => {
  it('a writer cannot approve, return or publish; a reviewer cannot write, and both read', async () => {
    const doc = (await call(t, tok.writer!, 'POST', '/api/article/add', { kindId, title: '分权测试' })).json().data.id as number;
    expect((await call(t, tok.writer!, 'POST', '/api/article/submit', { id: doc })).json().data.state).toBe('submitted');
    for (const [url, body] of [
      ['/api/article/approve', { id: doc }],
      ['/api/article/return', { id: doc, comment: '退回' }],
      ['/api/article/publish', { id: doc }],
    ] as const)
      expect((await call(t, tok.writer!, 'POST', url, body, 'en')).json(), url).toMatchObject({ code: 4003, data: null });

    const draft = (await call(t, tok.writer!, 'POST', '/api/article/add', { kindId, title: '分权草稿' })).json().data.id as number;
    for (const [url, body] of [
      ['/api/article/add', { kindId, title: '审核员的稿' }],
      ['/api/article/update', { id: draft, version: 1, title: '审核员改' }],
      ['/api/article/submit', { id: draft }],
      ['/api/article/delete', { id: draft }],
      ['/api/article/duplicate', { id: draft }],
      ['/api/article/revise', { id: draft }],
      ['/api/article/kind/save', { name: '审核员的类型', series: '审核员' }],
      ['/api/article/platform/save', { name: '审核员的平台', type: 'website' }],
    ] as const)
      expect((await call(t, tok.reviewer!, 'POST', url, body)).json(), url).toMatchObject({ code: 4003, data: null });
    expect((await call(t, tok.reviewer!, 'GET', `/api/article/nextIssue?kindId=${kindId}`)).json().code).toBe(4003);
    // Nothing the refusals named changed.
    expect(await state(draft)).toMatchObject({ state: 'draft', title: '分权草稿', version: 1 });

    // The reviewer reads the documents, their history and PDF, the kinds and platforms, and approves the writer's.
    expect(
      (await call(t, tok.reviewer!, 'GET', `/api/article/page?state=submitted`)).json().data.list.map((a: { id: number }) => a.id),
    ).toContain(doc);
    expect((await call(t, tok.reviewer!, 'GET', `/api/article/detail?id=${doc}`)).json().data.title).toBe('分权测试');
    expect((await call(t, tok.reviewer!, 'GET', `/api/article/history?id=${doc}`)).json().code).toBe(0);
    expect((await call(t, tok.reviewer!, 'GET', `/api/article/pdf?id=${doc}`)).statusCode).toBe(200);
    expect((await call(t, tok.reviewer!, 'GET', '/api/article/kinds')).json().code).toBe(0);
    expect((await call(t, tok.reviewer!, 'GET', '/api/article/platforms')).json().code).toBe(0);
    expect((await call(t, tok.reviewer!, 'POST', '/api/article/approve', { id: doc })).json().data.state).toBe('approved');
    expect((await call(t, tok.reviewer!, 'POST', '/api/article/publish', { id: doc })).json().data.state).toBe('published');
    // The writer revises the published document (a new draft), which the reviewer may not.
    expect((await call(t, tok.writer!, 'POST', '/api/article/revise', { id: doc })).json().code).toBe(0);
  });
});

describe('PDF', () => {
  it('prints the masthead, issue line, title, body text, table and embedded image, fonts embedded', async () => {
    const img = await upload(tok.author!);
    const foreign = await upload(tok.other!);
    const body =
      '<h2>一、天气实况</h2><p>全省平均气温<strong>偏高 1.2℃</strong>，降水偏少。</p>' +
      '<table><tr><th>区域</th><th>气温</th></tr><tr><td>关中</td><td>8.1</td></tr></table>' +
      `<p><img src="${img}" alt="图1 气温预报"></p><p><img src="${foreign}" alt="别人的图"></p>` +
      '<ol><li><p>适时冬灌</p></li><li><p>防范降温</p></li></ol>';
    const id = (await call(t, tok.author!, 'POST', '/api/article/add', { kindId, title: '冬小麦墒情偏差宜适时冬灌', body })).json().data.id;
    await call(t, tok.author!, 'POST', '/api/article/submit', { id });
    await call(t, tok.reviewer!, 'POST', '/api/article/approve', { id });
    await call(t, tok.author!, 'POST', '/api/article/publish', { id });
    const res = await call(t, tok.author!, 'GET', `/api/article/pdf?id=${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'article-pdf-'));
    const file = path.join(dir, 'a.pdf');
    fs.writeFileSync(file, res.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    const issueNo = (await state(id)).issueNo;
    for (const s of [
      '农业气象周报',
      `${year} 年第 ${issueNo} 期`,
      '签发：张审核',
      '陕西省农业气象中心',
      '冬小麦墒情偏差宜适时冬灌',
      '一、天气实况',
      '偏高 1.2℃',
      '关中',
      '8.1',
      '图1 气温预报',
      '1.',
      '适时冬灌',
      '第 1 页',
    ])
      expect(text, s).toContain(s);
    expect(text).not.toContain('未发布稿');
    const fonts = execFileSync('pdffonts', [file]).toString();
    expect(fonts).toMatch(/NotoSansSC/);
    expect(
      fonts
        .split('\n')
        .slice(2)
        .filter(Boolean)
        .every((l) => /\byes\s+yes\b/.test(l)),
    ).toBe(true);
    const images = execFileSync('pdfimages', ['-list', file]).toString().split('\n').slice(2).filter(Boolean);
    // Only the customer's own picture is embedded; the other customer's is left out.
    expect(images).toHaveLength(1);
    expect(images[0]).toMatch(/\s120\s+80\s/);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('demo', () => {
  it('seeds a published weekly bulletin with the library map and a draft, once', async () => {
    const demo = await addCustomer(t, '示例中心');
    const author = await addUser(t, demo, 'demo-products', [WRITE], '服务产品专员');
    await addUser(t, demo, 'demo-reviewer', [APPROVE], '服务产品审核员');
    // A map product's PNG in the library, as the demo's product maker leaves it.
    const png = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#aa3300' } })
      .png()
      .toBuffer();
    await t.storage.put('products/demo-map.png', png);
    await t.db.db
      .insertInto('download_file')
      .values({
        customer_id: demo,
        kind: 'map-product',
        name: '陕西省最高气温预报.png',
        format: 'png',
        content_type: 'image/png',
        size: png.length,
        storage_key: 'products/demo-map.png',
        created_at: new Date().toISOString(),
      })
      .execute();
    await seedDemoArticles({ db: t.db.db, storage: t.storage }, demo);
    await seedDemoArticles({ db: t.db.db, storage: t.storage }, demo);
    const list = (await call(t, author.token, 'GET', '/api/article/page')).json().data;
    expect(list.list.map((a: { state: string; kindName: string }) => `${a.state}:${a.kindName}`).sort()).toEqual([
      'draft:专题服务材料',
      'published:农业气象周报',
    ]);
    const pub = list.list.find((a: { state: string }) => a.state === 'published');
    expect(pub.reviewerName).toBe('服务产品审核员');
    const body = (await call(t, author.token, 'GET', `/api/article/detail?id=${pub.id}`)).json().data.body;
    expect(body).toMatch(/<img src="\/api\/files\/uploads\/[^"]+\.png" alt="图1 陕西省最高气温预报" \/>/);
    expect((await call(t, author.token, 'GET', '/api/article/libraryImages')).json().data).toMatchObject([
      { name: '陕西省最高气温预报.png', kind: 'map-product' },
    ]);
    const pdf = await call(t, author.token, 'GET', `/api/article/pdf?id=${pub.id}`);
    expect(pdf.statusCode).toBe(200);
    // Published by the reviewer to the customer's website: a record and a public page.
    const detail = (await call(t, author.token, 'GET', `/api/article/detail?id=${pub.id}`)).json().data;
    expect(detail.publications).toMatchObject([{ platformType: 'website', state: 'published', userName: '服务产品审核员' }]);
    expect((await t.app.inject({ method: 'GET', url: detail.publications[0].url })).statusCode).toBe(200);
  });
});
