import { randomBytes } from 'node:crypto';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { menuIssues, type Menu, type MenuProblem, type WxEncryptMode } from '@agromet/contracts';
import { encryptMessage, msgSignature, msgSignatureMatches, openMessage } from './callback-crypto.js';
import { callbackSignature, parseXmlFields } from './callback-rules.js';

// A local stand-in for the part of WeChat's official-account API the console uses (docs/weixin.md#simulator): tokens,
// menus, followers and tags, stateful and answering WeChat's own error codes and limits, with faults to inject (busy,
// expired tokens, quota, IP not whitelisted). Tests use it, and `DEMO=1` runs it in process so the demo account works
// without the internet. Nothing here is reached by a real account: its base URL is WeChat's unless configured.
// It also plays WeChat's side of the callback (simulatedPush, deliver): pushes signed, and in the compatible and safe
// modes encrypted, exactly as WeChat sends them, and encrypted replies read back.

export interface SimFollower {
  openid: string;
  nickname: string;
  language: string;
  subscribe_time: number;
  tagid_list: number[];
  remark: string;
}

export interface SimMassSend {
  msgId: number;
  clientmsgid: string;
  to: 'all' | 'tag' | 'openids' | 'preview';
  count: number;
  msgtype: string;
  content: string;
}

export interface SimMaterial {
  media_id: string;
  type: string;
  name: string;
  size: number;
  update_time: number;
}

/** WeChat's size limits of permanent materials. */
const MATERIAL_MAX: Record<string, number> = { image: 10 << 20, voice: 2 << 20, video: 10 << 20, thumb: 64 << 10 };

interface SimApp {
  secret: string;
  sends: SimMassSend[];
  materials: SimMaterial[];
  tokens: Map<string, number>;
  menu: Menu | null;
  followers: SimFollower[];
  tags: Array<{ id: number; name: string }>;
}

export interface SimFaults {
  /** The next n calls (any endpoint) answer -1, system busy. */
  busy: number;
  /** Every call but the token's answers 45009 (daily quota reached). */
  quota: boolean;
  /** The token call answers 40164 (the caller's IP is not whitelisted). */
  ipBlocked: boolean;
  /** Every token is refused as invalid (40001), even a fresh one. */
  rejectTokens: boolean;
}

/** WeChat's code for a menu problem (the closest of its documented ones). */
const MENU_CODES: Record<MenuProblem, number> = {
  'menu.noButtons': 40016,
  'menu.tooManyTop': 40016,
  'menu.tooManySub': 40023,
  'menu.nameEmpty': 40018,
  'menu.nameTooLong': 40018,
  'menu.typeMissing': 40017,
  'menu.keyMissing': 40019,
  'menu.keyTooLong': 40019,
  'menu.urlMissing': 40027,
  'menu.urlTooLong': 40027,
  'menu.urlScheme': 40055,
  'menu.appidMissing': 40165,
  'menu.pagepathMissing': 40165,
};

const TOKEN_SECONDS = 7200;

export class WechatSimulator {
  readonly apps = new Map<string, SimApp>();
  readonly faults: SimFaults = { busy: 0, quota: false, ipBlocked: false, rejectTokens: false };
  /** Calls per path, for tests (e.g. how many tokens were asked for). */
  readonly calls = new Map<string, number>();
  private app: FastifyInstance | null = null;
  baseUrl = '';

  addApp(appId: string, secret: string, init: Partial<Pick<SimApp, 'followers' | 'tags' | 'menu'>> = {}): SimApp {
    const app: SimApp = {
      secret,
      sends: [],
      materials: [],
      tokens: new Map(),
      menu: init.menu ?? null,
      followers: init.followers ?? [],
      tags: init.tags ?? [],
    };
    this.apps.set(appId, app);
    return app;
  }

  /** Every token issued so far stops working (42001), as after WeChat's two hours or a token fetched elsewhere. */
  expireTokens(): void {
    for (const app of this.apps.values()) for (const token of app.tokens.keys()) app.tokens.set(token, 0);
  }

  count(path: string): number {
    return this.calls.get(path) ?? 0;
  }

  async start(port = 0): Promise<string> {
    const app = Fastify({ logger: false, bodyLimit: 2 * 1024 * 1024 });
    this.app = app;
    app.addHook('onRequest', async (req) => {
      const path = req.url.split('?')[0]!;
      this.calls.set(path, (this.calls.get(path) ?? 0) + 1);
    });
    tokenAndMenuRoutes(app, this);
    followerRoutes(app, this);
    await app.register(multipart, { limits: { fileSize: 11 << 20, files: 1 } });
    materialRoutes(app, this);
    massRoutes(app, this);
    this.baseUrl = await app.listen({ port, host: '127.0.0.1' });
    return this.baseUrl;
  }

  async stop(): Promise<void> {
    await this.app?.close();
    this.app = null;
  }
}

type WxFailure = { errcode: number; errmsg: string };

const fail = (errcode: number, errmsg: string): WxFailure => ({ errcode, errmsg });

/** The app a call's token belongs to, or WeChat's answer for a token that is not (or no longer) good. */
function authed(sim: WechatSimulator, query: unknown): SimApp | WxFailure {
  if (sim.faults.busy > 0) {
    sim.faults.busy--;
    return fail(-1, 'system error');
  }
  const token = (query as { access_token?: string }).access_token ?? '';
  for (const app of sim.apps.values()) {
    const expires = app.tokens.get(token);
    if (expires === undefined) continue;
    if (sim.faults.rejectTokens) return fail(40001, 'invalid credential, access_token is invalid or not latest');
    if (expires <= Date.now()) return fail(42001, 'access_token expired');
    if (sim.faults.quota) return fail(45009, 'reach max api daily quota limit');
    return app;
  }
  return fail(
    token === '' ? 41001 : 40001,
    token === '' ? 'access_token missing' : 'invalid credential, access_token is invalid or not latest',
  );
}

const isApp = (x: SimApp | { errcode: number }): x is SimApp => !('errcode' in x);

/** The access token, and the custom menu (create, get, delete). */
function tokenAndMenuRoutes(app: FastifyInstance, sim: WechatSimulator): void {
  app.get('/cgi-bin/token', async (req) => {
    const q = req.query as { grant_type?: string; appid?: string; secret?: string };
    if (sim.faults.busy > 0) {
      sim.faults.busy--;
      return fail(-1, 'system error');
    }
    if (q.grant_type !== 'client_credential') return fail(40002, 'invalid grant_type');
    if (sim.faults.ipBlocked) return fail(40164, `invalid ip ${req.ip}, not in whitelist`);
    const target = sim.apps.get(q.appid ?? '');
    if (!target) return fail(40013, 'invalid appid');
    if (target.secret !== q.secret) return fail(40125, 'invalid appsecret');
    const token = randomBytes(24).toString('base64url');
    target.tokens.set(token, Date.now() + TOKEN_SECONDS * 1000);
    return { access_token: token, expires_in: TOKEN_SECONDS };
  });

  app.post('/cgi-bin/menu/create', async (req) => {
    const target = authed(sim, req.query);
    if (!isApp(target)) return target;
    const menu = req.body as Menu;
    if (!menu || !Array.isArray(menu.button)) return fail(40016, 'invalid button size');
    const issues = menuIssues(menu);
    if (issues.length > 0) return fail(MENU_CODES[issues[0]!.problem], `invalid menu: ${issues[0]!.path}`);
    target.menu = structuredClone(menu);
    return fail(0, 'ok');
  });
  app.get('/cgi-bin/menu/get', async (req) => {
    const target = authed(sim, req.query);
    if (!isApp(target)) return target;
    return target.menu ? { menu: target.menu } : fail(46003, 'menu no exist');
  });
  app.get('/cgi-bin/menu/delete', async (req) => {
    const target = authed(sim, req.query);
    if (!isApp(target)) return target;
    target.menu = null;
    return fail(0, 'ok');
  });
}

/** Followers (the list in pages of 10 000, their details in batches of up to 100) and tags. */
function followerRoutes(app: FastifyInstance, sim: WechatSimulator): void {
  app.get('/cgi-bin/user/get', async (req) => {
    const target = authed(sim, req.query);
    if (!isApp(target)) return target;
    const next = (req.query as { next_openid?: string }).next_openid ?? '';
    const start = next ? target.followers.findIndex((f) => f.openid === next) + 1 : 0;
    if (next && start === 0) return fail(40003, 'invalid openid');
    const page = target.followers.slice(start, start + 10_000);
    return {
      total: target.followers.length,
      count: page.length,
      data: page.length > 0 ? { openid: page.map((f) => f.openid) } : undefined,
      next_openid: page.at(-1)?.openid ?? '',
    };
  });
  app.post('/cgi-bin/user/info/batchget', async (req) => {
    const target = authed(sim, req.query);
    if (!isApp(target)) return target;
    const list = (req.body as { user_list?: Array<{ openid: string }> }).user_list ?? [];
    if (list.length === 0 || list.length > 100) return fail(45035, 'user_list size out of limit');
    return {
      user_info_list: list.map(({ openid }) => {
        const f = target.followers.find((x) => x.openid === openid);
        return f ? { subscribe: 1, ...f } : { subscribe: 0, openid };
      }),
    };
  });
  app.get('/cgi-bin/tags/get', async (req) => {
    const target = authed(sim, req.query);
    if (!isApp(target)) return target;
    return {
      tags: target.tags.map((t) => ({ ...t, count: target.followers.filter((f) => f.tagid_list.includes(t.id)).length })),
    };
  });
}

/** Permanent materials: add (multipart, within WeChat's size limits), list, count, delete. */
function materialRoutes(app: FastifyInstance, sim: WechatSimulator): void {
  app.post('/cgi-bin/material/add_material', async (req) => {
    const target = authed(sim, req.query);
    if (!isApp(target)) return target;
    const type = (req.query as { type?: string }).type ?? '';
    if (!(type in MATERIAL_MAX)) return fail(40004, 'invalid media type');
    const part = await req.file();
    if (!part || part.fieldname !== 'media') return fail(41005, 'media data missing');
    const bytes = await part.toBuffer();
    if (bytes.length > MATERIAL_MAX[type]!) return fail(40006, 'invalid meida size');
    const material = {
      media_id: randomBytes(16).toString('base64url'),
      type,
      name: part.filename,
      size: bytes.length,
      update_time: Math.floor(Date.now() / 1000),
    };
    target.materials.push(material);
    return { media_id: material.media_id, url: type === 'image' ? `http://mmbiz.example/${material.media_id}` : undefined };
  });
  app.post('/cgi-bin/material/batchget_material', async (req) => {
    const target = authed(sim, req.query);
    if (!isApp(target)) return target;
    const { type, offset = 0, count = 20 } = req.body as { type?: string; offset?: number; count?: number };
    if (count < 1 || count > 20) return fail(40007, 'invalid count');
    const all = target.materials.filter((m) => m.type === type);
    return { total_count: all.length, item_count: all.slice(offset, offset + count).length, item: all.slice(offset, offset + count) };
  });
  app.get('/cgi-bin/material/get_materialcount', async (req) => {
    const target = authed(sim, req.query);
    if (!isApp(target)) return target;
    const n = (type: string) => target.materials.filter((m) => m.type === type).length;
    return { voice_count: n('voice'), video_count: n('video'), image_count: n('image') + n('thumb'), news_count: 0 };
  });
  app.post('/cgi-bin/material/del_material', async (req) => {
    const target = authed(sim, req.query);
    if (!isApp(target)) return target;
    const id = (req.body as { media_id?: string }).media_id;
    const k = target.materials.findIndex((m) => m.media_id === id);
    if (k < 0) return fail(40007, 'invalid media_id');
    target.materials.splice(k, 1);
    return fail(0, 'ok');
  });
}

/** Mass sending to all, a tag or a list of openIds, a preview to one follower, and a send's status. */
function massRoutes(app: FastifyInstance, sim: WechatSimulator): void {
  // Mass sending: a clientmsgid used before answers 45065 (WeChat's duplicate guard); lists of 2–10 000 openIds.
  let nextMsgId = 1_000_000_001;
  const mass = (target: SimApp, to: SimMassSend['to'], body: Record<string, unknown>, count: number) => {
    const clientmsgid = typeof body.clientmsgid === 'string' ? body.clientmsgid : '';
    if (clientmsgid && target.sends.some((x) => x.clientmsgid === clientmsgid)) return fail(45065, 'clientmsgid exist');
    const msgtype = String(body.msgtype ?? '');
    let content: string;
    if (msgtype === 'text') {
      content = String((body.text as { content?: string } | undefined)?.content ?? '');
      if (content === '') return fail(44004, 'empty content');
    } else if (msgtype === 'image') {
      content = String((body.image as { media_id?: string } | undefined)?.media_id ?? '');
      if (!target.materials.some((m) => m.media_id === content && m.type === 'image')) return fail(40007, 'invalid media_id');
    } else return fail(40008, 'invalid message type');
    const msgId = nextMsgId++;
    target.sends.push({ msgId, clientmsgid, to, count, msgtype, content });
    return { errcode: 0, errmsg: 'send job submission success', msg_id: msgId, msg_data_id: msgId + 7 };
  };
  app.post('/cgi-bin/message/mass/sendall', async (req) => {
    const target = authed(sim, req.query);
    if (!isApp(target)) return target;
    const body = req.body as { filter?: { is_to_all?: boolean; tag_id?: number } } & Record<string, unknown>;
    if (body.filter?.is_to_all) return mass(target, 'all', body, target.followers.length);
    const tag = body.filter?.tag_id;
    if (tag === undefined || !target.tags.some((t) => t.id === tag)) return fail(40050, 'invalid tag id');
    return mass(target, 'tag', body, target.followers.filter((f) => f.tagid_list.includes(tag)).length);
  });
  app.post('/cgi-bin/message/mass/send', async (req) => {
    const target = authed(sim, req.query);
    if (!isApp(target)) return target;
    const body = req.body as { touser?: string[] } & Record<string, unknown>;
    const to = [...new Set(body.touser ?? [])];
    if (to.length < 2 || to.length > 10_000) return fail(40130, 'invalid openid list size, at least two openid');
    return mass(target, 'openids', body, to.length);
  });
  app.post('/cgi-bin/message/mass/preview', async (req) => {
    const target = authed(sim, req.query);
    if (!isApp(target)) return target;
    const body = req.body as { touser?: string } & Record<string, unknown>;
    if (!target.followers.some((f) => f.openid === body.touser)) return fail(43004, 'require subscribe');
    const res = mass(target, 'preview', { ...body, clientmsgid: '' }, 1);
    return 'msg_id' in res ? { errcode: 0, errmsg: 'preview success', msg_id: res.msg_id } : res;
  });
  app.post('/cgi-bin/message/mass/get', async (req) => {
    const target = authed(sim, req.query);
    if (!isApp(target)) return target;
    const msgId = Number((req.body as { msg_id?: number | string }).msg_id);
    const sent = target.sends.find((x) => x.msgId === msgId);
    return sent
      ? { msg_id: msgId, msg_status: 'SEND_SUCCESS', total_count: sent.count, sent_count: sent.count, error_count: 0 }
      : fail(40007, 'invalid msg_id');
  });
}

/** An account's callback settings as WeChat's console holds them. */
export interface SimCallbackAccount {
  token: string;
  appId: string;
  mode: WxEncryptMode;
  /** The EncodingAESKey (compatible and safe modes). */
  aesKey?: string;
}

export interface SimPushOptions {
  /** The push's time in ms (default now). */
  now?: number;
  nonce?: string;
  /** The openid WeChat adds to the query (default the message's FromUserName). */
  openid?: string;
  /** For worked examples: the 16 random bytes that start the encrypted message. */
  random?: Buffer;
}

/** The query of WeChat's server check (GET): signature over token, timestamp and nonce, and the echostr. */
export function simulatedServerCheck(account: Pick<SimCallbackAccount, 'token'>, echostr: string, opts: SimPushOptions = {}): string {
  const timestamp = String(Math.floor((opts.now ?? Date.now()) / 1000));
  const nonce = opts.nonce ?? randomBytes(5).toString('hex');
  return new URLSearchParams({ signature: callbackSignature(account.token, timestamp, nonce), timestamp, nonce, echostr }).toString();
}

/**
 * A push of `xml` (a message or event) as WeChat sends it to the account's callback: the query string and the body.
 * Plaintext: the XML, signed in the query. Compatible: the XML with <Encrypt> added, and msg_signature. Safe: only
 * ToUserName and <Encrypt>, and msg_signature.
 */
export function simulatedPush(account: SimCallbackAccount, xml: string, opts: SimPushOptions = {}): { query: string; body: string } {
  const timestamp = String(Math.floor((opts.now ?? Date.now()) / 1000));
  const nonce = opts.nonce ?? randomBytes(5).toString('hex');
  const fields = parseXmlFields(xml) ?? {};
  const query: Record<string, string> = {
    signature: callbackSignature(account.token, timestamp, nonce),
    timestamp,
    nonce,
    openid: opts.openid ?? fields.FromUserName ?? '',
  };
  if (account.mode === 'plain') return { query: new URLSearchParams(query).toString(), body: xml };
  if (!account.aesKey) throw new Error('the compatible and safe modes need the EncodingAESKey');
  const encrypted = encryptMessage(account.aesKey, account.appId, xml, opts.random);
  query.encrypt_type = 'aes';
  query.msg_signature = msgSignature(account.token, timestamp, nonce, encrypted);
  const element = `<Encrypt><![CDATA[${encrypted}]]></Encrypt>`;
  const body =
    account.mode === 'compatible'
      ? xml.replace(/<\/xml>\s*$/, `${element}</xml>`)
      : `<xml><ToUserName><![CDATA[${fields.ToUserName ?? ''}]]></ToUserName>${element}</xml>`;
  return { query: new URLSearchParams(query).toString(), body };
}

/**
 * The reply XML inside an answer to a push, as WeChat reads it: in compatible and safe modes the <Encrypt> is checked
 * against its <MsgSignature> and opened for the account's AppID; 'success' and plaintext replies are returned as they
 * are. Throws for an encrypted reply that does not verify.
 */
export function readSimulatedReply(account: SimCallbackAccount, answer: string): string {
  const fields = answer.trim().startsWith('<') ? parseXmlFields(answer) : null;
  if (!fields?.Encrypt) return answer;
  const { Encrypt, MsgSignature = '', TimeStamp = '', Nonce = '' } = fields;
  if (!msgSignatureMatches(account.token, { timestamp: TimeStamp, nonce: Nonce }, Encrypt, MsgSignature))
    throw new Error('the reply’s MsgSignature does not match');
  return openMessage(account.aesKey ?? '', account.appId, Encrypt);
}

/** WeChat delivering a push to a callback address (the console's /api/wx/callback/:id): the answer's status and text. */
export async function deliverPush(
  callbackUrl: string,
  account: SimCallbackAccount,
  xml: string,
  opts: SimPushOptions = {},
): Promise<{ status: number; text: string }> {
  const { query, body } = simulatedPush(account, xml, opts);
  const res = await fetch(`${callbackUrl}?${query}`, { method: 'POST', headers: { 'content-type': 'text/xml' }, body });
  return { status: res.status, text: await res.text() };
}
