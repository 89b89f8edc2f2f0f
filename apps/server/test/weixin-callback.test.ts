import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callbackSignature } from '../src/modules/weixin/callback-rules.js';
import { DbReplayGuard } from '../src/modules/weixin/callback-replay.js';
import { readSimulatedReply, simulatedPush, simulatedServerCheck, type SimCallbackAccount } from '../src/modules/weixin/simulator.js';
import { fuzzWeixinCallback } from '../../../bench/src/reliability/weixin-callback-fuzz.js';
import { createTestApp, type TestApp } from './helpers.js';
import { freePort, runKeyPrefix, removeKeys, startRedisServer, TEST_REDIS_URL as REDIS_URL } from './redis-helpers.js';
import { addCustomer, addUser, call } from './revise-helpers.js';

/**
 * The callback as an attacker meets it (docs/weixin.md#callback): a timestamp more than 5 minutes off is refused, a
 * signature is accepted once (in the database, or in Redis with REDIS_URL), and in the compatible and safe modes only
 * a push encrypted under the account's EncodingAESKey for its AppID and signed over the ciphertext gets through. The
 * pushes are made by the simulator exactly as WeChat makes them.
 */
const TOKEN = 'callbackToken42';
const AES_KEY = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
const OTHER_KEY = 'ZYXWVUTSRQPONMLKJIHGFEDCBA9876543210zyxwvut';
const base = { nickname: '', secret: 'secret-0123456789abcdef0123', token: TOKEN };
let t: TestApp;
let tok = '';

beforeAll(async () => {
  t = await createTestApp({ WECHAT_API_BASE: 'http://127.0.0.1:9' });
  const customer = await addCustomer(t, '陕西省气象服务中心');
  tok = (await addUser(t, customer, 'wx-cb-admin', ['wx-mp-manage.account.admin'])).token;
});
afterAll(async () => {
  await t.close();
});

let seq = 0;
/** A new account of the given mode; its callback settings as WeChat's console holds them. */
async function newAccount(mode: SimCallbackAccount['mode']): Promise<{ id: number; wx: SimCallbackAccount }> {
  seq += 1;
  const appId = `wx${String(seq).padStart(16, '0')}`;
  const res = (
    await call(t, tok, 'POST', '/api/wx/account/insert', {
      ...base,
      name: `账号${seq}`,
      wxId: `gh_${String(seq).padStart(12, '0')}`,
      appId,
      encryptMode: mode,
      aesKey: mode === 'plain' ? '' : AES_KEY,
    })
  ).json();
  expect(res.code).toBe(0);
  return { id: res.data.id, wx: { token: TOKEN, appId, mode, aesKey: AES_KEY } };
}

const subscribe = (openId: string, to = 'gh_000000000001') =>
  `<xml><ToUserName><![CDATA[${to}]]></ToUserName><FromUserName><![CDATA[${openId}]]></FromUserName><CreateTime>${Math.floor(Date.now() / 1000)}</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[subscribe]]></Event></xml>`;
const post = (id: number, p: { query: string; body: string }) =>
  t.app.inject({ method: 'POST', url: `/api/wx/callback/${id}?${p.query}`, headers: { 'content-type': 'text/xml' }, payload: p.body });
const follower = async (openId: string) =>
  t.db.db.selectFrom('wx_follower').select(['account_id', 'subscribed']).where('open_id', '=', openId).executeTakeFirst();

describe('the timestamp window', () => {
  it('refuses a signature made in 2001, and one 5 minutes and a bit off either way; a minute off is fine', async () => {
    const { id, wx } = await newAccount('plain');
    const old = Date.UTC(2001, 8, 9, 1, 46, 40);
    const from2001 = await post(id, simulatedPush(wx, subscribe('oFrom2001'), { now: old }));
    expect([from2001.statusCode, from2001.json().code]).toEqual([403, 4003]);
    const check2001 = await t.app.inject({
      method: 'GET',
      url: `/api/wx/callback/${id}?${simulatedServerCheck(wx, 'echo1', { now: old })}`,
    });
    expect([check2001.statusCode, check2001.body]).not.toEqual([200, 'echo1']);
    for (const off of [-301_500, 301_500]) {
      const res = await post(id, simulatedPush(wx, subscribe(`oOff${off}`), { now: Date.now() + off }));
      expect([off, res.statusCode]).toEqual([off, 403]);
    }
    expect(await follower('oFrom2001')).toBeUndefined();
    const fine = await post(id, simulatedPush(wx, subscribe('oMinuteOff'), { now: Date.now() - 60_000 }));
    expect(fine.body).toBe('success');
    expect(await follower('oMinuteOff')).toMatchObject({ account_id: id, subscribed: 1 });
    // The message says why, in the caller's language.
    const en = await t.app.inject({
      method: 'POST',
      url: `/api/wx/callback/${id}?${simulatedPush(wx, subscribe('oX'), { now: old }).query}`,
      headers: { 'content-type': 'text/xml', 'accept-language': 'en' },
      payload: subscribe('oX'),
    });
    expect(en.json().msg).toMatch(/5 minutes/);
  });
});

describe('the replay guard (database)', () => {
  it('accepts a signature once: a replay with a forged body is refused and creates no follower', async () => {
    const { id, wx } = await newAccount('plain');
    const first = simulatedPush(wx, subscribe('oGenuine'));
    expect((await post(id, first)).body).toBe('success');
    const forged = await post(id, { query: first.query, body: subscribe('oForged') });
    expect([forged.statusCode, forged.json().code]).toEqual([403, 4003]);
    expect(await follower('oForged')).toBeUndefined();
    // The very same request again: refused too.
    expect((await post(id, first)).statusCode).toBe(403);
    // The server check's signature is accepted once as well.
    const check = simulatedServerCheck(wx, 'hello123');
    const echo = await t.app.inject({ method: 'GET', url: `/api/wx/callback/${id}?${check}` });
    expect([echo.statusCode, echo.body]).toEqual([200, 'hello123']);
    expect((await t.app.inject({ method: 'GET', url: `/api/wx/callback/${id}?${check}` })).statusCode).toBe(403);
    // Without REDIS_URL the guard is the database's table, each row kept until its timestamp leaves the window.
    const rows = await t.db.db.selectFrom('wx_callback_replay').selectAll().where('account_id', '=', id).execute();
    expect(rows).toHaveLength(2);
    for (const r of rows) expect(Number(r.expires_at) - Date.now()).toBeLessThanOrEqual(301_000 + 1000);
  });

  it('gives the claim back when handling a push fails, so that WeChat’s retry of it is handled', async () => {
    const { id, wx } = await newAccount('plain');
    const push = simulatedPush(wx, subscribe('oRetried'));
    // The push's own table gone for a moment: the push cannot be recorded, and fails.
    await sql`alter table wx_pushed rename to wx_pushed_away`.execute(t.db.db);
    let failed;
    try {
      failed = await post(id, push);
    } finally {
      await sql`alter table wx_pushed_away rename to wx_pushed`.execute(t.db.db);
    }
    expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    expect(await follower('oRetried')).toBeUndefined();
    // WeChat tries the same request again: handled, once.
    expect((await post(id, push)).body).toBe('success');
    expect(await follower('oRetried')).toMatchObject({ account_id: id, subscribed: 1 });
    expect((await post(id, push)).statusCode).toBe(403);
  });

  it('takes a key over once it has expired, and sweeps expired rows', async () => {
    const { id } = await newAccount('plain');
    let now = Date.now();
    const guard = new DbReplayGuard(t.db.db, () => now);
    expect(await guard.claim(id, 'k1', 1000)).toBe(true);
    expect(await guard.claim(id, 'k1', 1000)).toBe(false);
    expect(await guard.claim(id, 'k2', 120_000)).toBe(true);
    now += 61_000;
    expect(await guard.claim(id, 'k1', 1000)).toBe(true);
    const keys = await t.db.db.selectFrom('wx_callback_replay').select('replay_hash').where('account_id', '=', id).execute();
    expect(keys.map((k) => k.replay_hash).sort()).toEqual(['k1', 'k2']);
    now += 121_000;
    expect(await guard.claim(id, 'k3', 1000)).toBe(true);
    const left = await t.db.db.selectFrom('wx_callback_replay').select('replay_hash').where('account_id', '=', id).execute();
    expect(left.map((k) => k.replay_hash)).toEqual(['k3']);
    await guard.release(id, 'k3');
    expect(await guard.claim(id, 'k3', 1000)).toBe(true);
  });
});

describe('safe mode', () => {
  it('accepts an encrypted subscribe made by the simulator, and answers a text with an encrypted reply', async () => {
    const { id, wx } = await newAccount('safe');
    const push = simulatedPush(wx, subscribe('oSafeFan'));
    expect(push.body).not.toContain('oSafeFan');
    expect(push.query).toMatch(/encrypt_type=aes&msg_signature=[0-9a-f]{40}/);
    const res = await post(id, push);
    expect([res.statusCode, res.body]).toEqual([200, 'success']);
    expect(await follower('oSafeFan')).toMatchObject({ account_id: id, subscribed: 1 });

    const text = `<xml><ToUserName><![CDATA[gh_000000000001]]></ToUserName><FromUserName><![CDATA[oSafeFan]]></FromUserName><CreateTime>${Math.floor(Date.now() / 1000)}</CreateTime><MsgType><![CDATA[text]]></MsgType><Content><![CDATA[你好]]></Content><MsgId>7000000000000000001</MsgId></xml>`;
    const answer = await post(id, simulatedPush(wx, text));
    expect(answer.body).toMatch(/^<xml><Encrypt><!\[CDATA\[[A-Za-z0-9+/=]+\]\]><\/Encrypt><MsgSignature>/);
    expect(answer.body).not.toContain('oSafeFan');
    const reply = readSimulatedReply(wx, answer.body);
    expect(reply).toContain('<ToUserName><![CDATA[oSafeFan]]></ToUserName>');
    expect(reply).toContain('<MsgType><![CDATA[text]]></MsgType>');
  });

  it('refuses a changed Encrypt, a wrong msg_signature, another AppID, another key and a plaintext push', async () => {
    const { id, wx } = await newAccount('safe');
    const good = simulatedPush(wx, subscribe('oTampered'));
    const encrypt = /<Encrypt><!\[CDATA\[(.+?)\]\]>/.exec(good.body)![1]!;
    const flipped = `${encrypt.slice(0, 10)}${encrypt[10] === 'A' ? 'B' : 'A'}${encrypt.slice(11)}`;
    const tampered = await post(id, { query: good.query, body: good.body.replace(encrypt, flipped) });
    expect([tampered.statusCode, tampered.json().code]).toEqual([403, 4003]);

    const wrongSig = good.query.replace(/msg_signature=([0-9a-f])/, (_, c: string) => `msg_signature=${c === '0' ? '1' : '0'}`);
    expect((await post(id, { query: wrongSig, body: good.body })).statusCode).toBe(403);
    // The plain signature alone (msg_signature dropped) does not do in safe mode.
    expect((await post(id, { query: good.query.replace(/&msg_signature=[0-9a-f]+/, ''), body: good.body })).statusCode).toBe(403);

    const otherApp = await post(id, simulatedPush({ ...wx, appId: 'wx9999999999999999' }, subscribe('oOtherApp')));
    expect([otherApp.statusCode, otherApp.json().code]).toEqual([403, 4003]);
    const foreign = simulatedPush({ ...wx, appId: 'wx9999999999999999' }, subscribe('oOtherApp'));
    const en = await t.app.inject({
      method: 'POST',
      url: `/api/wx/callback/${id}?${foreign.query}`,
      headers: { 'content-type': 'text/xml', 'accept-language': 'en' },
      payload: foreign.body,
    });
    expect([en.statusCode, en.json().msg]).toEqual([403, expect.stringMatching(/AppID/)]);

    const otherKey = await post(id, simulatedPush({ ...wx, aesKey: OTHER_KEY }, subscribe('oOtherKey')));
    expect(otherKey.statusCode).not.toBe(200);

    const plain = await post(id, simulatedPush({ ...wx, mode: 'plain' }, subscribe('oPlainToSafe')));
    expect([plain.statusCode, plain.json().code]).toEqual([403, 4003]);

    for (const open of ['oTampered', 'oOtherApp', 'oOtherKey', 'oPlainToSafe']) expect(await follower(open)).toBeUndefined();
    // The genuine push, never sent until now, still gets through.
    expect((await post(id, good)).body).toBe('success');
    expect(await follower('oTampered')).toMatchObject({ account_id: id });
  });

  it('in compatible mode, reads the encrypted part and ignores the plain fields beside it', async () => {
    const { id, wx } = await newAccount('compatible');
    const push = simulatedPush(wx, subscribe('oCompatible'));
    expect(push.body).toContain('oCompatible');
    expect(push.body).toContain('<Encrypt>');
    // Someone rewrites the plain fields, which no signature covers: the encrypted ones are what counts.
    const res = await post(id, { query: push.query, body: push.body.replace('oCompatible', 'oRewritten') });
    expect(res.body).toBe('success');
    expect(await follower('oCompatible')).toMatchObject({ account_id: id });
    expect(await follower('oRewritten')).toBeUndefined();
  });
});

describe('the account’s mode', () => {
  it('needs an EncodingAESKey for compatible and safe, stores it sealed and never answers it', async () => {
    const noKey = (
      await call(
        t,
        tok,
        'POST',
        '/api/wx/account/insert',
        { ...base, name: '无密钥', wxId: 'gh_aaaaaaaaaaaa', appId: 'wxaaaaaaaaaaaaaaaa', encryptMode: 'safe' },
        'en',
      )
    ).json();
    expect([noKey.code, noKey.data.issues[0].field]).toEqual([4100, 'aesKey']);
    expect(noKey.msg).toMatch(/EncodingAESKey/);
    const { id } = await newAccount('plain');
    const list = async () => (await call(t, tok, 'GET', '/api/wx/account/list')).json().data.find((a: { id: number }) => a.id === id);
    const a = await list();
    expect(a).toMatchObject({ encryptMode: 'plain', hasAesKey: false });
    const fields = { name: a.name, nickname: a.nickname, wxId: a.wxId, appId: a.appId, avatar: a.avatar };
    const toSafe = (
      await call(t, tok, 'POST', '/api/wx/account/update', { ...fields, id, version: a.version, encryptMode: 'safe' })
    ).json();
    expect([toSafe.code, toSafe.data.issues[0].field]).toEqual([4100, 'aesKey']);
    const withKey = (
      await call(t, tok, 'POST', '/api/wx/account/update', { ...fields, id, version: a.version, encryptMode: 'safe', aesKey: AES_KEY })
    ).json();
    expect(withKey.data).toMatchObject({ encryptMode: 'safe', hasAesKey: true, aesKey: '••••••••' });
    // Back to compatible without typing the key again: the stored one does.
    const compat = (
      await call(t, tok, 'POST', '/api/wx/account/update', { ...fields, id, version: withKey.data.version, encryptMode: 'compatible' })
    ).json();
    expect(compat.data).toMatchObject({ encryptMode: 'compatible', hasAesKey: true });
    const body = (await call(t, tok, 'GET', '/api/wx/account/list')).body;
    expect(body).not.toContain(AES_KEY);
    const row = await t.db.db.selectFrom('wx_account').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(AES_KEY);
    // Nor does the operation log keep it (the insert and the update with the key were logged with their bodies).
    const logged = await t.db.db
      .selectFrom('operation_log')
      .selectAll()
      .where('action', 'in', ['wx.account.insert', 'wx.account.update'])
      .execute();
    expect(logged.length).toBeGreaterThan(1);
    expect(JSON.stringify(logged)).not.toContain(AES_KEY);
  });
});

describe('the callback fuzzer (bench/src/reliability/weixin-callback-fuzz.ts)', () => {
  for (const mode of ['plain', 'safe', 'compatible'] as const)
    it(`finds nothing wrong in ${mode} mode: genuine pushes accepted, every attack refused, no forged follower`, async () => {
      const { id, wx } = await newAccount(mode);
      const report = await fuzzWeixinCallback({
        account: wx,
        wxId: 'gh_000000000001',
        calls: 160,
        seed: 29,
        deadlineMs: 60_000,
        post: async (query, body) => {
          const res = await post(id, { query, body });
          return { status: res.statusCode, text: res.body };
        },
        followerExists: async (openId) => (await follower(openId)) !== undefined,
      });
      expect(report.calls).toBe(160);
      expect(report.fiveXx).toEqual([]);
      expect(report.wrong).toEqual([]);
      expect(report.forgedFollowers).toEqual([]);
      expect(report.accepted).toBeGreaterThan(40);
      expect(report.refused).toBeGreaterThan(40);
      const cases = Object.keys(report.byCase);
      expect(cases).toEqual(expect.arrayContaining(['genuine', 'replay', 'replayForged', 'stale', 'signature']));
      if (mode !== 'plain') expect(cases).toEqual(expect.arrayContaining(['encrypt', 'appId', 'key', 'plainToEncrypted']));
    });
});

describe('the replay guard with REDIS_URL', () => {
  const prefix = runKeyPrefix();
  let r: TestApp;
  let redis: Redis;
  beforeAll(async () => {
    r = await createTestApp({ WECHAT_API_BASE: 'http://127.0.0.1:9', REDIS_URL, REDIS_PREFIX: prefix });
    redis = new Redis(REDIS_URL);
  });
  afterAll(async () => {
    await r.close();
    await removeKeys(prefix, redis);
  });

  it('refuses a replayed signature, the key living in Redis under the deployment’s prefix until the window ends', async () => {
    const customer = await addCustomer(r, '甘肃省气象服务中心');
    const admin = (await addUser(r, customer, 'wx-redis', ['wx-mp-manage.account.admin'])).token;
    const appId = 'wx00000000000000aa';
    const created = (
      await call(r, admin, 'POST', '/api/wx/account/insert', {
        ...base,
        name: 'Redis',
        wxId: 'gh_0000000000aa',
        appId,
        encryptMode: 'safe',
        aesKey: AES_KEY,
      })
    ).json();
    const id = created.data.id as number;
    const wx: SimCallbackAccount = { token: TOKEN, appId, mode: 'safe', aesKey: AES_KEY };
    const push = simulatedPush(wx, subscribe('oRedisFan'));
    const inject = (p: { query: string; body: string }) =>
      r.app.inject({ method: 'POST', url: `/api/wx/callback/${id}?${p.query}`, headers: { 'content-type': 'text/xml' }, payload: p.body });
    expect((await inject(push)).body).toBe('success');
    const replay = await inject(push);
    expect([replay.statusCode, replay.json().code]).toEqual([403, 4003]);
    const keys = await redis.keys(`${prefix}wx:replay:${id}:*`);
    expect(keys).toHaveLength(1);
    const ttl = await redis.pttl(keys[0]!);
    expect(ttl).toBeGreaterThan(290_000);
    expect(ttl).toBeLessThanOrEqual(302_000);
    expect(await r.db.db.selectFrom('wx_callback_replay').select('account_id').execute()).toHaveLength(0);
    // A plaintext-signed GET of the same second and nonce is another triple; but a plain signature replayed is not.
    const plainQuery = `signature=${callbackSignature(TOKEN, String(Math.floor(Date.now() / 1000)), 'n1')}&timestamp=${Math.floor(Date.now() / 1000)}&nonce=n1&echostr=e`;
    expect((await r.app.inject({ method: 'GET', url: `/api/wx/callback/${id}?${plainQuery}` })).body).toBe('e');
    expect((await r.app.inject({ method: 'GET', url: `/api/wx/callback/${id}?${plainQuery}` })).statusCode).toBe(403);
  });

  it('answers 503 (5030) while Redis is down, accepting nothing, and takes pushes again once it is back', async () => {
    // A Redis of this test's own, stopped and started again as an operator's restart would.
    const port = await freePort();
    const startRedis = () => startRedisServer(port);
    let server = await startRedis();
    let app: TestApp | undefined;
    try {
      app = await createTestApp({ WECHAT_API_BASE: 'http://127.0.0.1:9', REDIS_URL: `redis://127.0.0.1:${port}` });
      const a = app;
      const customer = await addCustomer(a, '宁夏气象服务中心');
      const admin = (await addUser(a, customer, 'wx-redis-down', ['wx-mp-manage.account.admin'])).token;
      const appId = 'wx00000000000000bb';
      const res = await call(a, admin, 'POST', '/api/wx/account/insert', {
        ...base,
        name: 'Redis down',
        wxId: 'gh_0000000000bb',
        appId,
      });
      const id = res.json().data.id as number;
      const wx: SimCallbackAccount = { token: TOKEN, appId, mode: 'plain' };
      const inject = (p: { query: string; body: string }) =>
        a.app.inject({
          method: 'POST',
          url: `/api/wx/callback/${id}?${p.query}`,
          headers: { 'content-type': 'text/xml' },
          payload: p.body,
        });
      const stopped = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGKILL');
      await stopped;
      const down = await inject(simulatedPush(wx, subscribe('oWhileDown')));
      expect([down.statusCode, down.json().code, down.headers['retry-after']]).toEqual([503, 5030, '1']);
      const fans = () => a.db.db.selectFrom('wx_follower').select('open_id').where('account_id', '=', id).execute();
      expect(await fans()).toEqual([]);
      server = await startRedis();
      await expect.poll(async () => (await inject(simulatedPush(wx, subscribe('oWhileDown')))).body, { timeout: 15_000 }).toBe('success');
      expect(await fans()).toEqual([{ open_id: 'oWhileDown' }]);
    } finally {
      server.kill('SIGKILL');
      await app?.close();
    }
  });
});
