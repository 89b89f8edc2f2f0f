import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callbackSignature } from '../src/modules/weixin/callback-rules.js';
import { WechatClient, WxError } from '../src/modules/weixin/client.js';
import { WechatSimulator, type SimFollower } from '../src/modules/weixin/simulator.js';
import { wxSecretBox } from '../src/modules/weixin/setup.js';
import { createTestApp, type TestApp } from './helpers.js';
import { addCustomer, addUser, call, multipartForm } from './revise-helpers.js';
import { WEIXIN_ACCOUNT } from './sample-records.js';

/**
 * The official-account manager against the local WeChat simulator (never the internet): secrets sealed and never
 * answered, the shared token fetched once under concurrent calls, a stale token refreshed once and not looped, busy
 * backed off within a bound, configuration errors surfaced with advice and no retry, menus checked before WeChat sees
 * them and recorded only once published, followers synced in pages, and the signed callback handled once.
 */
const { appId: APP_ID, secret: SECRET, token: TOKEN } = WEIXIN_ACCOUNT;
const sim = new WechatSimulator();
let t: TestApp;
let tok = '';
let otherTok = '';
let approverTok = '';
let secondApproverTok = '';
let accountId = 0;

const followers = (n: number): SimFollower[] =>
  Array.from({ length: n }, (_, k) => ({
    openid: `o${String(k).padStart(6, '0')}`,
    nickname: k === 7 ? '李果农' : `用户${k}`,
    language: 'zh_CN',
    subscribe_time: 1_760_000_000 + k,
    tagid_list: k % 2 === 0 ? [100] : [],
    remark: '',
  }));

beforeAll(async () => {
  sim.addApp(APP_ID, SECRET, { followers: followers(10_250), tags: [{ id: 100, name: '种植大户' }] });
  await sim.start();
  t = await createTestApp({ WECHAT_API_BASE: sim.baseUrl });
  const customer = await addCustomer(t, '陕西省气象服务中心');
  const other = await addCustomer(t, '甘肃省气象服务中心');
  tok = (
    await addUser(t, customer, 'wx-admin', [
      'wx-mp-manage.account.admin',
      'wx-mp-manage.wxuser.admin',
      'wx-mp-manage.menu.admin',
      'wx-mp-manage.send.admin',
      // Both send codes, as a role from before the split: only the own-send rule keeps it from approving its own.
      'wx-mp-manage.send.approve',
      'wx-mp-manage.material.admin',
    ])
  ).token;
  approverTok = (await addUser(t, customer, 'wx-approver', ['wx-mp-manage.send.approve'], '审核员')).token;
  secondApproverTok = (await addUser(t, customer, 'wx-approver2', ['wx-mp-manage.send.approve'])).token;
  otherTok = (await addUser(t, other, 'wx-other', ['wx-mp-manage.account.admin', 'wx-mp-manage.menu.admin'])).token;
});
afterAll(async () => {
  await t.close();
  await sim.stop();
});
beforeEach(() => {
  Object.assign(sim.faults, { busy: 0, quota: false, ipBlocked: false, rejectTokens: false });
});

const account = WEIXIN_ACCOUNT;

describe('accounts', () => {
  it('stores the secrets sealed, never answers them, and keeps them when an edit leaves them empty', async () => {
    const res = (await call(t, tok, 'POST', '/api/wx/account/insert', account)).json();
    expect(res.code).toBe(0);
    accountId = res.data.id;
    expect(res.data).toMatchObject({ secret: '••••••••', token: '••••••••', hasAesKey: false, version: 1 });
    expect(res.data.callbackUrl).toMatch(new RegExp(`/api/wx/callback/${accountId}$`));
    const row = await t.db.db.selectFrom('wx_account').selectAll().where('id', '=', accountId).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(SECRET);
    expect(JSON.stringify(row)).not.toContain(TOKEN);
    const list = await call(t, tok, 'GET', '/api/wx/account/list');
    expect(list.body).not.toContain(SECRET);
    const upd = (
      await call(t, tok, 'POST', '/api/wx/account/update', { ...account, id: accountId, version: 1, secret: '', nickname: '新昵称' })
    ).json();
    expect(upd.data).toMatchObject({ nickname: '新昵称', version: 2 });
    expect((await call(t, tok, 'POST', '/api/wx/account/test', { accountId })).json().data).toMatchObject({ ok: true, errcode: 0 });
    // The same AppID twice, another customer's account, bad fields: refused, nothing stored.
    const dup = (await call(t, otherTok, 'POST', '/api/wx/account/insert', account, 'en')).json();
    expect([dup.code, dup.data.issues[0].field]).toEqual([4100, 'appId']);
    expect((await call(t, otherTok, 'POST', '/api/wx/account/test', { accountId })).json().code).toBe(4004);
    for (const [field, change] of [
      ['wxId', { wxId: 'gh_1' }],
      ['appId', { appId: 'wxZZ' }],
      ['token', { token: 'a b' }],
      ['secret', { secret: 'short' }],
    ] as const) {
      const bad = (
        await call(t, otherTok, 'POST', '/api/wx/account/insert', { ...account, appId: 'wx1111111111111111', ...change }, 'en')
      ).json();
      expect([field, bad.code, bad.data.issues[0].field]).toEqual([field, 4100, field]);
    }
    expect(await t.db.db.selectFrom('wx_account').select('id').execute()).toHaveLength(1);
  });

  it('tells configuration errors in the caller’s language with what to do, without retrying', async () => {
    sim.faults.ipBlocked = true;
    const before = sim.count('/cgi-bin/token');
    const en = (await call(t, tok, 'POST', '/api/wx/account/test', { accountId }, 'en')).json().data;
    expect(en).toMatchObject({ ok: false, errcode: 40164 });
    expect(en.advice).toMatch(/whitelist/);
    const es = (await call(t, tok, 'POST', '/api/wx/account/test', { accountId }, 'es')).json().data;
    expect(es.advice).toMatch(/lista blanca/);
    expect(sim.count('/cgi-bin/token') - before).toBe(2);
  });
});

describe('the token', () => {
  const client = () => new WechatClient({ baseUrl: sim.baseUrl, db: t.db.db, box: wxSecretBox(t.config), busyBackoffMs: [5, 10, 20] });
  const keys = () => ({ id: accountId, appId: APP_ID, secret: SECRET });

  it('is fetched once for 20 concurrent calls and shared through the database', async () => {
    await t.db.db.deleteFrom('wx_token').execute();
    const before = sim.count('/cgi-bin/token');
    const res = await Promise.all(Array.from({ length: 20 }, () => call(t, tok, 'GET', `/api/wx/menu/current?accountId=${accountId}`)));
    expect(res.map((r) => r.json().code)).toEqual(Array(20).fill(0));
    expect(sim.count('/cgi-bin/token') - before).toBe(1);
    // Another client (another server process) uses the stored token.
    await client().call(keys(), '/cgi-bin/tags/get');
    expect(sim.count('/cgi-bin/token') - before).toBe(1);
  });

  it('is fetched again once when WeChat says it expired, and a refusal of every token is not looped', async () => {
    sim.expireTokens();
    const before = sim.count('/cgi-bin/token');
    await client().call(keys(), '/cgi-bin/tags/get');
    expect(sim.count('/cgi-bin/token') - before).toBe(1);
    sim.faults.rejectTokens = true;
    const err = await client()
      .call(keys(), '/cgi-bin/tags/get')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WxError);
    expect((err as WxError).errcode).toBe(40001);
    expect(sim.count('/cgi-bin/token') - before).toBe(2);
  });

  it('backs off while WeChat is busy, within a bound; quota is surfaced at once', async () => {
    sim.faults.busy = 2;
    const calls = sim.count('/cgi-bin/tags/get');
    await client().call(keys(), '/cgi-bin/tags/get');
    expect(sim.count('/cgi-bin/tags/get') - calls).toBe(3);
    sim.faults.busy = 100;
    const busy = await client()
      .call(keys(), '/cgi-bin/tags/get')
      .catch((e: unknown) => e);
    expect((busy as WxError).errcode).toBe(-1);
    expect(sim.count('/cgi-bin/tags/get') - calls).toBe(3 + 4);
    sim.faults.busy = 0;
    sim.faults.quota = true;
    const quota = (await call(t, tok, 'GET', `/api/wx/menu/current?accountId=${accountId}`, undefined, 'en')).json();
    expect(quota).toMatchObject({ code: 5020, data: { errcode: 45009 } });
    expect(quota.msg).toMatch(/quota/);
    expect(sim.count('/cgi-bin/tags/get') - calls).toBe(7);
  });
});

describe('menus', () => {
  const menu = {
    button: [
      { type: 'click', name: '今日天气', key: 'TODAY' },
      { name: '农业气象', sub_button: [{ type: 'view', name: '农业气象周报', url: 'https://agromet.example.cn/weekly' }] },
    ],
  };

  it('refuses an invalid menu before WeChat sees it, publishes a valid one, and records it only once WeChat took it', async () => {
    const creates = sim.count('/cgi-bin/menu/create');
    const bad = (
      await call(
        t,
        tok,
        'POST',
        '/api/wx/menu/save',
        { accountId, version: 0, menu: { button: [{ type: 'view', name: '七个汉字的名字', url: 'x' }] } },
        'en',
      )
    ).json();
    expect(bad.code).toBe(4100);
    expect(bad.data.issues[0].field).toBe('menu.button.0.name');
    const saved = (await call(t, tok, 'POST', '/api/wx/menu/save', { accountId, version: 0, menu })).json().data;
    expect(saved).toMatchObject({ version: 1, published: null });
    expect((await call(t, tok, 'POST', '/api/wx/menu/save', { accountId, version: 0, menu })).json().code).toBe(4009);

    sim.faults.quota = true;
    const refused = (await call(t, tok, 'POST', '/api/wx/menu/publish', { accountId, version: 1 })).json();
    expect(refused.code).toBe(5020);
    expect((await call(t, tok, 'GET', `/api/wx/menu/get?accountId=${accountId}`)).json().data.published).toBeNull();
    sim.faults.quota = false;

    const published = (await call(t, tok, 'POST', '/api/wx/menu/publish', { accountId, version: 1 })).json().data;
    expect(published.published).toEqual(menu);
    expect(published.publishedAt).not.toBeNull();
    expect(sim.apps.get(APP_ID)!.menu).toEqual(menu);
    expect(sim.count('/cgi-bin/menu/create') - creates).toBe(2);
    expect((await call(t, tok, 'GET', `/api/wx/menu/current?accountId=${accountId}`)).json().data.menu).toEqual(menu);
    expect((await call(t, otherTok, 'GET', `/api/wx/menu/get?accountId=${accountId}`)).json().code).toBe(4004);
  });
});

describe('followers', () => {
  // Three syncs of 10 250 followers through the local WeChat: a bound for a loaded two-core machine.
  it('syncs 10 250 followers in two list calls and batches of 100, marks those who left, and filters', { timeout: 120_000 }, async () => {
    const lists = sim.count('/cgi-bin/user/get');
    const batches = sim.count('/cgi-bin/user/info/batchget');
    const first = (await call(t, tok, 'POST', '/api/wx/follower/sync', { accountId })).json().data;
    expect(first).toEqual({ total: 10_250, added: 10_250, updated: 0, left: 0 });
    expect(sim.count('/cgi-bin/user/get') - lists).toBe(2);
    expect(sim.count('/cgi-bin/user/info/batchget') - batches).toBe(103);
    sim.apps.get(APP_ID)!.followers.splice(0, 1);
    const second = (await call(t, tok, 'POST', '/api/wx/follower/sync', { accountId })).json().data;
    expect(second).toEqual({ total: 10_249, added: 0, updated: 10_249, left: 1 });
    const found = (await call(t, tok, 'GET', `/api/wx/follower/page?accountId=${accountId}&keyword=${encodeURIComponent('果农')}`)).json()
      .data;
    expect(found.list.map((f: { nickname: string }) => f.nickname)).toEqual(['李果农']);
    const tagged = (await call(t, tok, 'GET', `/api/wx/follower/page?accountId=${accountId}&tagId=100&subscribed=true&size=1`)).json().data;
    expect(tagged.total).toBe(5124);
    const remark = (await call(t, tok, 'POST', '/api/wx/follower/remark', { id: found.list[0].id, remark: '苹果种植户' })).json().data;
    expect(remark.remark).toBe('苹果种植户');
    expect((await call(t, otherTok, 'POST', '/api/wx/follower/remark', { id: found.list[0].id, remark: 'x' })).json().code).not.toBe(0);
  });
});

describe('callback', () => {
  const signed = (extra = '') => {
    // Within 5 minutes of the server's clock: an older timestamp is refused (weixin-callback.test.ts).
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = `n${Math.random().toString(36).slice(2, 8)}`;
    return `signature=${callbackSignature(TOKEN, timestamp, nonce)}&timestamp=${timestamp}&nonce=${nonce}${extra}`;
  };
  const push = (xml: string, query = signed()) =>
    t.app.inject({ method: 'POST', url: `/api/wx/callback/${accountId}?${query}`, headers: { 'content-type': 'text/xml' }, payload: xml });
  const event = (open: string, ev: string, time: number) =>
    `<xml><ToUserName><![CDATA[gh_0123456789ab]]></ToUserName><FromUserName><![CDATA[${open}]]></FromUserName><CreateTime>${time}</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[${ev}]]></Event></xml>`;

  it('echoes the server check for a right signature only', async () => {
    const ok = await t.app.inject({ method: 'GET', url: `/api/wx/callback/${accountId}?${signed('&echostr=hello123')}` });
    expect([ok.statusCode, ok.body]).toEqual([200, 'hello123']);
    const q = signed('&echostr=hello123').replace(/signature=([0-9a-f])/, (_, c: string) => `signature=${c === 'a' ? 'b' : 'a'}`);
    expect((await t.app.inject({ method: 'GET', url: `/api/wx/callback/${accountId}?${q}` })).statusCode).toBe(403);
  });

  it('adds a subscriber once however often WeChat repeats the push, and marks an unsubscribe', async () => {
    const xml = event('oNewFan001', 'subscribe', 1764000100);
    const answers = await Promise.all([push(xml), push(xml), push(xml)]);
    expect(answers.map((a) => a.body)).toEqual(['success', 'success', 'success']);
    expect(await t.db.db.selectFrom('wx_pushed').select('push_key').where('account_id', '=', accountId).execute()).toHaveLength(1);
    const fan = await t.db.db.selectFrom('wx_follower').selectAll().where('open_id', '=', 'oNewFan001').executeTakeFirstOrThrow();
    expect(fan.subscribed).toBe(1);
    await push(event('oNewFan001', 'unsubscribe', 1764000200));
    expect(
      (await t.db.db.selectFrom('wx_follower').select('subscribed').where('open_id', '=', 'oNewFan001').executeTakeFirstOrThrow())
        .subscribed,
    ).toBe(0);
  });

  it('refuses an external entity and an unsigned push, changing nothing', async () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE xml [<!ENTITY e SYSTEM "file:///etc/passwd">]>${event('&e;', 'subscribe', 1764000300)}`;
    expect((await push(xxe)).json().code).toBe(4100);
    const unsigned = await push(event('oSneaky', 'subscribe', 1764000400), 'signature=00&timestamp=1&nonce=2');
    expect(unsigned.statusCode).toBe(403);
    expect(await t.db.db.selectFrom('wx_follower').select('id').where('open_id', 'in', ['oSneaky', '&e;']).execute()).toHaveLength(0);
  });
});

describe('mass sending', () => {
  const sendsOf = () => sim.apps.get(APP_ID)!.sends.filter((x) => x.to !== 'preview');

  it('waits for another person’s approval, is handed to WeChat once however often it is approved, and is reported', async () => {
    const created = (
      await call(t, tok, 'POST', '/api/wx/send/create', { accountId, kind: 'text', text: '明日有霜冻，请注意防护', target: 'all' })
    ).json().data;
    expect(created).toMatchObject({ state: 'pending', clientMsgId: `agromet-${accountId}-${created.id}` });
    // A preview to one follower first; not a mass send.
    expect((await call(t, tok, 'POST', '/api/wx/send/preview', { id: created.id, openId: 'o000001' })).json().code).toBe(0);
    expect(sim.apps.get(APP_ID)!.sends.filter((x) => x.to === 'preview')).toHaveLength(1);
    const own = (await call(t, tok, 'POST', '/api/wx/send/approve', { id: created.id }, 'en')).json();
    expect(own.code).toBe(4003);
    const before = sendsOf().length;
    const [a, b] = await Promise.all([
      call(t, approverTok, 'POST', '/api/wx/send/approve', { id: created.id }),
      call(t, secondApproverTok, 'POST', '/api/wx/send/approve', { id: created.id }),
    ]);
    expect([a.json().code, b.json().code].sort()).toEqual([0, 4009]);
    expect(sendsOf().length - before).toBe(1);
    const sent = (a.json().code === 0 ? a : b).json().data;
    expect(sent).toMatchObject({ state: 'submitted', approvedBy: expect.any(String) });
    expect(sent.msgId).not.toBe('');

    // WeChat's report arrives through the callback.
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = 'mass1';
    const xml = `<xml><ToUserName><![CDATA[gh_0123456789ab]]></ToUserName><FromUserName><![CDATA[oSystem]]></FromUserName><CreateTime>1764000999</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[MASSSENDJOBFINISH]]></Event><MsgID>${sent.msgId}</MsgID><Status><![CDATA[send success]]></Status><TotalCount>10249</TotalCount><FilterCount>10249</FilterCount><SentCount>10240</SentCount><ErrorCount>9</ErrorCount></xml>`;
    await t.app.inject({
      method: 'POST',
      url: `/api/wx/callback/${accountId}?signature=${callbackSignature(TOKEN, timestamp, nonce)}&timestamp=${timestamp}&nonce=${nonce}`,
      headers: { 'content-type': 'text/xml' },
      payload: xml,
    });
    const page = (await call(t, tok, 'GET', `/api/wx/send/page?accountId=${accountId}`)).json().data;
    expect(page.list.find((x: { id: number }) => x.id === created.id)).toMatchObject({
      state: 'sent',
      totalCount: 10249,
      sentCount: 10240,
      errorCount: 9,
    });
  });

  it('a retry of a send WeChat had in fact accepted is not sent twice (45065 counts as submitted)', async () => {
    const s = (
      await call(t, tok, 'POST', '/api/wx/send/create', { accountId, kind: 'text', text: '寒潮预警', target: 'tag', tagId: 100 })
    ).json().data;
    await call(t, approverTok, 'POST', '/api/wx/send/approve', { id: s.id });
    const count = sendsOf().length;
    // The answer was lost: the console recorded a failure although WeChat took the job.
    await t.db.db.updateTable('wx_send').set({ state: 'failed', msg_id: '' }).where('id', '=', s.id).execute();
    const retried = (await call(t, tok, 'POST', '/api/wx/send/retry', { id: s.id })).json().data;
    expect(retried).toMatchObject({ state: 'submitted', errcode: 45065 });
    expect(sendsOf().length).toBe(count);
    expect((await call(t, tok, 'POST', '/api/wx/send/retry', { id: s.id })).json().code).toBe(4009);
  });

  it('refuses one follower as a mass send, and a refusal needs a reason; another customer sees nothing', async () => {
    const one = (
      await call(
        t,
        tok,
        'POST',
        '/api/wx/send/create',
        { accountId, kind: 'text', text: 'x', target: 'openids', openIds: ['o000001', 'o000001'] },
        'en',
      )
    ).json();
    expect([one.code, one.data.issues[0].field]).toEqual([4100, 'openIds']);
    const chosen = (
      await call(t, tok, 'POST', '/api/wx/send/create', {
        accountId,
        kind: 'text',
        text: '测试',
        target: 'openids',
        openIds: ['o000001', 'o000002'],
      })
    ).json().data;
    expect((await call(t, approverTok, 'POST', '/api/wx/send/reject', { id: chosen.id, reason: '' })).json().code).toBe(4100);
    const rejected = (await call(t, approverTok, 'POST', '/api/wx/send/reject', { id: chosen.id, reason: '措辞需修改' })).json().data;
    expect(rejected).toMatchObject({ state: 'rejected', reason: '措辞需修改' });
    expect((await call(t, otherTok, 'GET', '/api/wx/send/page')).json().code).toBe(4003);
  });
});

describe('media', () => {
  function form(fields: Record<string, string>, file: { name: string; bytes: Buffer }) {
    const m = multipartForm(fields, file);
    return { payload: m.payload, headers: { ...m.headers, ...t.bearer(tok), 'accept-language': 'en' } };
  }
  const upload = (type: string, name: string, bytes: Buffer) =>
    t.app.inject({ method: 'POST', url: '/api/wx/media/upload', ...form({ accountId: String(accountId), type }, { name, bytes }) });
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2000, 7)]);

  it('checks the format by content before WeChat sees it, keeps a copy for previews, and deletes at both ends', async () => {
    const materials = sim.apps.get(APP_ID)!.materials;
    const disguised = (await upload('image', 'photo.png', Buffer.from('<svg onload="alert(1)"/>'))).json();
    expect([disguised.code, disguised.data.issues[0].field]).toEqual([4100, 'file']);
    expect(disguised.msg).toMatch(/jpg, png, gif, bmp/);
    const bigThumb = (await upload('thumb', 't.jpg', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(70 * 1024)]))).json();
    expect(bigThumb.msg).toMatch(/64 KB/);
    expect(materials).toHaveLength(0);

    const ok = (await upload('image', '麦田.png', png)).json();
    expect(ok.code).toBe(0);
    expect(ok.data).toMatchObject({ type: 'image', format: 'png', size: png.length, name: '麦田.png' });
    expect(materials.map((m) => m.media_id)).toEqual([ok.data.mediaId]);
    const file = await t.app.inject({ method: 'GET', url: ok.data.previewUrl, headers: t.bearer(tok) });
    expect([file.statusCode, file.headers['content-type']]).toEqual([200, 'image/png']);
    expect(file.rawPayload.equals(png)).toBe(true);
    const page = (await call(t, tok, 'GET', `/api/wx/media/page?accountId=${accountId}&type=image`)).json().data;
    expect(page).toMatchObject({ total: 1, counts: { image: 1, voice: 0, video: 0, thumb: 0 } });
    expect((await call(t, otherTok, 'GET', `/api/wx/media/deleteById?id=${ok.data.id}`)).json().code).not.toBe(0);
    expect((await call(t, tok, 'GET', `/api/wx/media/deleteById?id=${ok.data.id}`)).json().code).toBe(0);
    expect(materials).toHaveLength(0);
    expect((await t.app.inject({ method: 'GET', url: ok.data.previewUrl, headers: t.bearer(tok) })).statusCode).toBe(404);
  });

  it('sends a picture of the library by WeChat’s media id; an unknown picture is refused', async () => {
    const pic = (await upload('image', '苹果花.png', png)).json().data;
    const bad = (
      await call(t, tok, 'POST', '/api/wx/send/create', { accountId, kind: 'image', mediaId: 999999, target: 'all' }, 'en')
    ).json();
    expect([bad.code, bad.data.issues[0].field]).toEqual([4100, 'mediaId']);
    const send = (await call(t, tok, 'POST', '/api/wx/send/create', { accountId, kind: 'image', mediaId: pic.id, target: 'all' })).json()
      .data;
    expect(send.content).toBe(`${pic.mediaId}\n苹果花.png`);
    const approved = (await call(t, approverTok, 'POST', '/api/wx/send/approve', { id: send.id })).json().data;
    expect(approved.state).toBe('submitted');
    expect(sim.apps.get(APP_ID)!.sends.at(-1)).toMatchObject({ msgtype: 'image', content: pic.mediaId, to: 'all' });
  });
});
