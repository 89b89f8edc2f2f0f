import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callbackSignature } from '../src/modules/weixin/callback-rules.js';
import { DEMO_WX } from '../src/modules/weixin/demo.js';
import { HELP_TEXT } from '../src/modules/weixin/forecast-reply.js';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers.js';
import { call } from './revise-helpers.js';

/**
 * The demo official account (DEMO=1, no WECHAT_API_BASE): wired to the simulator the server starts in process, and a
 * follower naming a station or county answered with the forecast there.
 */
let t: TestApp;
let tok = '';
let accountId = 0;
beforeAll(async () => {
  t = await createTestApp({ DEMO: '1' });
  tok = (await t.login('demo-weixin', ADMIN_PASSWORD)).access_token;
  accountId = (await call(t, tok, 'GET', '/api/wx/account/list')).json().data[0].id;
});
afterAll(async () => {
  await t.close();
});

const say = async (content: string, msgId: string) => {
  // Now: a timestamp more than 5 minutes off is refused.
  const timestamp = String(Math.floor(Date.now() / 1000));
  // A nonce of its own per delivery: the same signature twice is refused as a replay.
  const nonce = `n${msgId}${Math.random().toString(36).slice(2, 8)}`;
  const xml = `<xml><ToUserName><![CDATA[${DEMO_WX.wxId}]]></ToUserName><FromUserName><![CDATA[oDemo0001Shaanxi]]></FromUserName><CreateTime>1764001234</CreateTime><MsgType><![CDATA[text]]></MsgType><Content><![CDATA[${content}]]></Content><MsgId>${msgId}</MsgId></xml>`;
  return t.app.inject({
    method: 'POST',
    url: `/api/wx/callback/${accountId}?signature=${callbackSignature(DEMO_WX.token, timestamp, nonce)}&timestamp=${timestamp}&nonce=${nonce}`,
    headers: { 'content-type': 'text/xml' },
    payload: xml,
  });
};

describe('demo official account', () => {
  it('tests its connection against the in-process simulator, and has its followers, menu and a sent message', async () => {
    expect((await call(t, tok, 'POST', '/api/wx/account/test', { accountId })).json().data).toMatchObject({ ok: true });
    expect((await call(t, tok, 'GET', `/api/wx/follower/page?accountId=${accountId}`)).json().data.total).toBe(36);
    expect((await call(t, tok, 'GET', `/api/wx/menu/current?accountId=${accountId}`)).json().data.menu.button).toHaveLength(3);
    expect((await call(t, tok, 'GET', '/api/wx/send/page')).json().data.list[0].state).toBe('sent');
    const media = (await call(t, tok, 'GET', `/api/wx/media/page?accountId=${accountId}&type=image`)).json().data;
    expect(media).toMatchObject({ total: 1, counts: { image: 1 } });
    const picture = await t.app.inject({ method: 'GET', url: media.list[0].previewUrl, headers: t.bearer(tok) });
    expect([picture.statusCode, picture.headers['content-type']]).toEqual([200, 'image/png']);
  });

  it('answers a follower naming a station or a county with the coming 24 hours there, once per message', async () => {
    const res = await say('洛川明天天气怎么样', '9000000000000000001');
    expect(res.headers['content-type']).toMatch(/xml/);
    expect(res.body).toContain('<ToUserName><![CDATA[oDemo0001Shaanxi]]></ToUserName>');
    expect(res.body).toMatch(/洛川（洛川县） \d+月\d+日 \d+时起 24 小时：气温 -?[\d.]+～-?[\d.]+ ℃/);
    expect((await say('宝塔', '9000000000000000002')).body).toContain('延安（宝塔区）');
    expect((await say('你好', '9000000000000000003')).body).toContain(HELP_TEXT);
    // WeChat repeats a push it thinks unanswered: the repeat is only acknowledged.
    expect((await say('洛川明天天气怎么样', '9000000000000000001')).body).toBe('success');
  });
});
