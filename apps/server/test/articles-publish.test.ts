import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentType } from '../src/modules/articles/publishing.js';
import type { TestApp } from './helpers.js';
import { articleDesk, uploadPng } from './article-desk.js';
import { call, multipartForm } from './revise-helpers.js';

/**
 * Service products, publishing and attachments (docs/articles.md#platforms): the customer's platforms, a user's
 * choice limited to them, one publication record per platform when a document is published (website: public page;
 * official account: pending), attachments checked by content, kept within the customer, frozen once published and
 * copied to revisions; kinds deleted only when unused; the PDF's pictures in table cells, italic and attachment list.
 */
let t: TestApp;
let tok: Record<string, string> = {};
let kindId = 0;

beforeAll(async () => {
  // The author publishes; the reviewer only approves.
  ({ t, tok } = await articleDesk('ap'));
  kindId = (await call(t, tok.author!, 'GET', '/api/article/kinds')).json().data[0].id;
});
afterAll(async () => {
  await t.close();
});

async function attach(token: string, articleId: number, name: string, bytes: Buffer) {
  const f = multipartForm({ articleId: String(articleId) }, { name, bytes });
  return (
    await t.app.inject({
      method: 'POST',
      url: '/api/article/attachment/upload',
      payload: f.payload,
      headers: { ...t.bearer(token), ...f.headers },
    })
  ).json();
}

const uploadImage = (token: string) => uploadPng(t, token, 'cell.png', 90, 60, '#22aa44');

const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function publishedDraft(title: string, body = '<p>正文</p>') {
  const id = (await call(t, tok.author!, 'POST', '/api/article/add', { kindId, title, body })).json().data.id as number;
  return id;
}
async function approve(id: number) {
  await call(t, tok.author!, 'POST', '/api/article/submit', { id });
  await call(t, tok.reviewer!, 'POST', '/api/article/approve', { id });
}

describe('platforms', () => {
  it('gives the customer the official account and a website, and a user may choose only those', async () => {
    const list = (await call(t, tok.author!, 'GET', '/api/article/platforms')).json().data;
    expect(list.map((p: { type: string }) => p.type)).toEqual(['officialAccount', 'website']);
    const foreign = (await call(t, tok.other!, 'GET', '/api/article/platforms')).json().data;
    const bad = (
      await call(t, tok.author!, 'POST', '/api/user/setting', { name: '李写作', articlePlatform: [String(foreign[0].id)] }, 'en')
    ).json();
    expect(bad.code).not.toBe(0);
    expect(JSON.stringify(bad)).toContain("Only your unit's publishing platforms can be chosen");
    const ok = (
      await call(t, tok.author!, 'POST', '/api/user/setting', {
        name: '李写作',
        articlePlatform: list.map((p: { id: number }) => String(p.id)),
      })
    ).json();
    expect(ok.code).toBe(0);
    expect(ok.data.setting.articlePlatform).toEqual(list.map((p: { id: number }) => String(p.id)));
    const stored = await t.db.db.selectFrom('app_user').select('setting').where('username', '=', 'ap-author').executeTakeFirstOrThrow();
    expect(JSON.parse(stored.setting).articlePlatform).toHaveLength(2);
  });

  it('adds, renames and deletes a platform of the customer only', async () => {
    const added = (await call(t, tok.author!, 'POST', '/api/article/platform/save', { name: '电视台', type: 'manual' })).json();
    expect(added.data).toMatchObject({ name: '电视台', type: 'manual' });
    const renamed = (
      await call(t, tok.author!, 'POST', '/api/article/platform/save', { id: added.data.id, version: 1, name: '省电视台', type: 'manual' })
    ).json();
    expect(renamed.data).toMatchObject({ name: '省电视台', version: 2 });
    expect((await call(t, tok.other!, 'POST', '/api/article/platform/delete', { id: added.data.id })).json().code).toBe(4004);
    expect((await call(t, tok.author!, 'POST', '/api/article/platform/save', { name: '省电视台', type: 'manual' })).json().code).toBe(4009);
    // A user who chose it keeps the others and can save the settings again after it is deleted.
    const mine = (await call(t, tok.author!, 'GET', '/api/user/info')).json().data.setting.articlePlatform as string[];
    await call(t, tok.author!, 'POST', '/api/user/setting', { name: '李写作', articlePlatform: [...mine, String(added.data.id)] });
    expect((await call(t, tok.author!, 'POST', '/api/article/platform/delete', { id: added.data.id })).json().code).toBe(0);
    const after = (await call(t, tok.author!, 'GET', '/api/user/info')).json().data.setting.articlePlatform;
    expect(after).toEqual(mine);
    expect((await call(t, tok.author!, 'GET', '/api/article/platforms')).json().data).toHaveLength(2);
  });

  it('records one publication per chosen platform: the website published at its public address, the official account pending', async () => {
    const id = await publishedDraft('发布到各平台', '<p>全省<em>偏暖</em>。</p><script>alert(1)</script>');
    await approve(id);
    const before = await call(t, tok.author!, 'GET', `/api/public/articles/${id}`);
    expect(before.statusCode).toBe(404);
    const d = (await call(t, tok.author!, 'POST', '/api/article/publish', { id })).json().data;
    expect(d.state).toBe('published');
    expect(d.publications).toHaveLength(2);
    const [wx, web] = d.publications;
    expect(wx).toMatchObject({
      platformType: 'officialAccount',
      state: 'pending',
      note: 'officialAccountNotConnected',
      userName: '李写作',
    });
    expect(web).toMatchObject({ platformType: 'website', state: 'published', url: `/api/public/articles/${id}`, note: '' });
    expect(web.at).toBe(d.issuedAt);
    const rows = await t.db.db.selectFrom('article_publication').selectAll().where('article_id', '=', id).execute();
    expect(rows.map((r) => r.state).sort()).toEqual(['pending', 'published']);
    // The public page: no token needed, the sanitised body, strict headers.
    const page = await t.app.inject({ method: 'GET', url: web.url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('发布到各平台');
    expect(page.body).toContain('<em>偏暖</em>');
    expect(page.body).not.toContain('<script');
  });

  it('records nothing for a publisher without platforms, and the public page stays closed', async () => {
    const id = await publishedDraft('无平台');
    await call(t, tok.author!, 'POST', '/api/article/submit', { id });
    await call(t, tok.author!, 'POST', '/api/user/setting', { name: '李写作', articlePlatform: [] });
    await call(t, tok.reviewer!, 'POST', '/api/article/approve', { id });
    const d = (await call(t, tok.reviewer!, 'POST', '/api/article/publish', { id })).json().data;
    expect(d.publications).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/api/public/articles/${id}` })).statusCode).toBe(404);
  });
});

describe('attachments', () => {
  it('decides the type by content, not by name', () => {
    expect(attachmentType(PDF_BYTES, 'a.pdf')).toBe('application/pdf');
    expect(attachmentType(PDF_BYTES, 'a.docx')).toBeNull();
    expect(attachmentType(Buffer.from('MZ\x90\x00'), 'a.pdf')).toBeNull();
    expect(attachmentType(Buffer.from('站点,气温\n西安,8.1\n'), 'a.csv')).toBe('text/csv');
    expect(attachmentType(Buffer.from('<html><script>x</script>'), 'a.txt')).toBeNull();
    expect(attachmentType(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0]), 'a.xlsx')).toContain('spreadsheetml');
    expect(attachmentType(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0]), 'a.exe')).toBeNull();
  });

  it('attaches to a draft, downloads within the customer only, freezes with the publication and follows a revision', async () => {
    const id = await publishedDraft('带附件的文档');
    const a = await attach(tok.author!, id, '降水统计表.pdf', PDF_BYTES);
    expect(a.code).toBe(0);
    expect(a.data).toMatchObject({ name: '降水统计表.pdf', mime: 'application/pdf', size: PDF_BYTES.length });
    const refused = await attach(tok.author!, id, 'run.pdf', Buffer.from('MZ\x90\x00binary'));
    expect(refused.code).not.toBe(0);
    // Another customer can neither attach to it nor read or remove its attachment.
    expect((await attach(tok.other!, id, 'x.pdf', PDF_BYTES)).code).toBe(4004);
    expect((await call(t, tok.other!, 'GET', `/api/article/attachment?id=${a.data.id}`)).json().code).toBe(4004);
    expect((await call(t, tok.other!, 'POST', '/api/article/attachment/delete', { id: a.data.id })).json().code).toBe(4004);
    const dl = await call(t, tok.author!, 'GET', `/api/article/attachment?id=${a.data.id}`);
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(dl.headers['content-disposition']).toContain('attachment');
    expect(dl.rawPayload.equals(PDF_BYTES)).toBe(true);
    const detail = (await call(t, tok.author!, 'GET', `/api/article/detail?id=${id}`)).json().data;
    expect(detail.attachments.map((x: { name: string }) => x.name)).toEqual(['降水统计表.pdf']);

    await approve(id);
    await call(t, tok.author!, 'POST', '/api/article/publish', { id });
    expect((await attach(tok.author!, id, 'late.pdf', PDF_BYTES)).code).toBe(4009);
    expect((await call(t, tok.author!, 'POST', '/api/article/attachment/delete', { id: a.data.id })).json().code).toBe(4009);

    const rev = (await call(t, tok.author!, 'POST', '/api/article/revise', { id })).json().data.id;
    const revDetail = (await call(t, tok.author!, 'GET', `/api/article/detail?id=${rev}`)).json().data;
    expect(revDetail.attachments.map((x: { name: string }) => x.name)).toEqual(['降水统计表.pdf']);
    // Removing it from the revision leaves the published document's attachment and bytes.
    expect((await call(t, tok.author!, 'POST', '/api/article/attachment/delete', { id: revDetail.attachments[0].id })).json().code).toBe(0);
    const again = await call(t, tok.author!, 'GET', `/api/article/attachment?id=${a.data.id}`);
    expect(again.rawPayload.equals(PDF_BYTES)).toBe(true);
    const dup = (await call(t, tok.author!, 'POST', '/api/article/duplicate', { id })).json().data.id;
    expect((await call(t, tok.author!, 'GET', `/api/article/detail?id=${dup}`)).json().data.attachments).toHaveLength(1);
  });
});

describe('kinds', () => {
  it('adds, renames and deletes an unused kind, and refuses to delete a kind in use', async () => {
    const k = (
      await call(t, tok.author!, 'POST', '/api/article/kind/save', { name: '春播专报', series: '春播气象服务', template: '<p>{unit}</p>' })
    ).json();
    expect(k.code).toBe(0);
    const r = (
      await call(t, tok.author!, 'POST', '/api/article/kind/save', {
        id: k.data.id,
        version: 1,
        name: '春播气象专报',
        series: '春播气象服务',
        template: '<h2>一、天气</h2><p>{date}</p>',
      })
    ).json();
    expect(r.data).toMatchObject({ name: '春播气象专报', template: '<h2>一、天气</h2><p>{date}</p>' });
    expect((await call(t, tok.other!, 'POST', '/api/article/kind/delete', { id: k.data.id })).json().code).toBe(4004);
    expect((await call(t, tok.author!, 'POST', '/api/article/kind/delete', { id: k.data.id })).json().code).toBe(0);
    const used = (await call(t, tok.author!, 'POST', '/api/article/kind/delete', { id: kindId }, 'en')).json();
    expect(used).toMatchObject({ code: 4009, msg: 'Documents use this kind; it cannot be deleted' });
    const names = (await call(t, tok.author!, 'GET', '/api/article/kinds')).json().data.map((x: { name: string }) => x.name);
    expect(names).not.toContain('春播气象专报');
  });
});

describe('PDF', () => {
  it('prints pictures inside table cells, italic slanted, and the attachments at the end', async () => {
    const img = await uploadImage(tok.author!);
    const body =
      '<p>气温<em>明显偏高</em>。</p>' +
      `<table><tr><th>站点</th><th>实景</th></tr><tr><td>西安</td><td><p><img src="${img}" alt="西安"></p></td></tr></table>`;
    const id = await publishedDraft('表格图片', body);
    await attach(tok.author!, id, '观测数据.csv', Buffer.from('站点,气温\n西安,8.1\n'));
    const res = await call(t, tok.author!, 'GET', `/api/article/pdf?id=${id}`);
    expect(res.statusCode).toBe(200);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'article-pdf2-'));
    const file = path.join(dir, 'a.pdf');
    fs.writeFileSync(file, res.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    expect(text).toContain('明显偏高');
    expect(text).toContain('西安');
    expect(text).toMatch(/附件：1\. 观测数据\.csv/);
    const images = execFileSync('pdfimages', ['-list', file]).toString().split('\n').slice(2).filter(Boolean);
    expect(images).toHaveLength(1);
    expect(images[0]).toMatch(/\s90\s+60\s/);
    // The italic run is drawn under a skew of 12° (tan 12° = 0.2126) in the page's content stream.
    const raw = res.rawPayload.toString('latin1');
    const streams = [...raw.matchAll(/stream\r?\n([\s\S]*?)endstream/g)].map((m) => {
      try {
        return zlib.inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1');
      } catch {
        return '';
      }
    });
    expect(streams.some((s) => /1 0 -0\.2125\d* 1 [\d.-]+ 0 cm/.test(s))).toBe(true);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
