// Fuzzing WeChat's callback (docs/weixin.md#callback) as an attacker and as WeChat: genuine pushes made by the
// simulator in the account's mode (plaintext, compatible or safe) with random messages, mixed with the attacks the
// callback must refuse: replays (as sent, and with a forged body under the old signature), timestamps out of the
// 5-minute window, changed signatures, a changed <Encrypt>, another AppID or key, plaintext sent to an encrypted
// account, and bodies and queries that are not WeChat's at all. Every genuine push must be accepted (and an encrypted
// reply must verify), every attack refused with a 4xx envelope, nothing answered 5xx, and no refused subscribe may
// leave a follower behind.
import { randomBytes } from 'node:crypto';
import { readSimulatedReply, simulatedPush, type SimCallbackAccount } from '../../../apps/server/src/modules/weixin/simulator.js';
import { pick, prng } from './api-routes.js';

export interface CallbackFuzzOptions {
  /** Sends one callback request (query string and body): the answer's status and text. */
  post: (query: string, body: string) => Promise<{ status: number; text: string }>;
  /** The account as WeChat's console holds it. */
  account: SimCallbackAccount;
  /** The account's original id (ToUserName). */
  wxId: string;
  calls: number;
  seed?: number;
  deadlineMs: number;
  /** Whether a follower with this openId exists (to check that refused subscribes created none). */
  followerExists?: (openId: string) => Promise<boolean>;
}

export type CallbackCase =
  'genuine' | 'replay' | 'replayForged' | 'stale' | 'signature' | 'encrypt' | 'appId' | 'key' | 'plainToEncrypted' | 'junk' | 'query';

export interface CallbackProblem {
  case: CallbackCase;
  status: number;
  query: string;
  body: string;
  answer: string;
  why: string;
}

export interface CallbackFuzzReport {
  mode: SimCallbackAccount['mode'];
  calls: number;
  durationMs: number;
  byCase: Partial<Record<CallbackCase, number>>;
  accepted: number;
  refused: number;
  /** Answers of 500 or more. */
  fiveXx: CallbackProblem[];
  /** Genuine pushes refused, attacks accepted, refusals outside the envelope, replies that do not verify. */
  wrong: CallbackProblem[];
  /** Refused subscribes whose openId nonetheless became a follower. */
  forgedFollowers: string[];
}

const EVENTS = ['subscribe', 'unsubscribe', 'CLICK', 'VIEW', 'LOCATION', 'SCAN', 'TEMPLATESENDJOBFINISH', 'MASSSENDJOBFINISH'];
const TEXTS = ['洛川', '宝塔区明天', 'hello', ']]>', '<b>x</b>', '&amp;', '天气'.repeat(200), '🌧️ 雨', '', ' '];
const JUNK = [
  '',
  'not xml <<<',
  '<xml></xml>',
  '<xml><Encrypt></Encrypt></xml>',
  '<xml><Encrypt><![CDATA[!!!]]></Encrypt></xml>',
  '<?xml version="1.0"?><!DOCTYPE xml [<!ENTITY e SYSTEM "file:///etc/passwd">]><xml><FromUserName>&e;</FromUserName><MsgType>text</MsgType></xml>',
  `<xml>${'<a>'.repeat(2000)}</xml>`,
  '{"json": true}',
  '\u0000\u0001\u0002',
];

const cdata = (s: string) => `<![CDATA[${s.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;

export async function fuzzWeixinCallback(opts: CallbackFuzzOptions): Promise<CallbackFuzzReport> {
  const started = Date.now();
  const deadline = started + opts.deadlineMs;
  const rng = prng(opts.seed ?? 1);
  const { account } = opts;
  const encrypted = account.mode !== 'plain';
  const report: CallbackFuzzReport = {
    mode: account.mode,
    calls: 0,
    durationMs: 0,
    byCase: {},
    accepted: 0,
    refused: 0,
    fiveXx: [],
    wrong: [],
    forgedFollowers: [],
  };
  const accepted: Array<{ query: string; body: string }> = [];
  const refusedSubscribes: string[] = [];
  let n = 0;

  const message = (openId: string): { xml: string; text: boolean } => {
    const time = Math.floor(Date.now() / 1000);
    const head = `<ToUserName>${cdata(opts.wxId)}</ToUserName><FromUserName>${cdata(openId)}</FromUserName><CreateTime>${time}</CreateTime>`;
    if (rng() < 0.3) {
      const msgId = `${9_100_000_000_000_000_000 + Math.floor(rng() * 1e15)}`;
      return {
        xml: `<xml>${head}<MsgType><![CDATA[text]]></MsgType><Content>${cdata(pick(rng, TEXTS))}</Content><MsgId>${msgId}</MsgId></xml>`,
        text: true,
      };
    }
    const event = pick(rng, EVENTS);
    const extra = event === 'MASSSENDJOBFINISH' ? `<MsgID>${Math.floor(rng() * 1e9)}</MsgID><Status><![CDATA[send success]]></Status>` : '';
    return { xml: `<xml>${head}<MsgType><![CDATA[event]]></MsgType><Event>${cdata(event)}</Event>${extra}</xml>`, text: false };
  };
  const subscribe = (openId: string) =>
    `<xml><ToUserName>${cdata(opts.wxId)}</ToUserName><FromUserName>${cdata(openId)}</FromUserName><CreateTime>${Math.floor(Date.now() / 1000)}</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[subscribe]]></Event></xml>`;
  /** An openId no genuine push uses: a follower with it can only come from a forged push. */
  const forgedId = () => `oFuzzForged${opts.seed ?? 1}x${n}x${randomBytes(3).toString('hex')}`;
  const flipHex = (s: string, param: string) =>
    s.replace(new RegExp(`${param}=([0-9a-f])`), (_, c: string) => `${param}=${c === '0' ? '1' : '0'}`);

  const oneCall = async (): Promise<void> => {
    n += 1;
    const roll = rng();
    let kind: CallbackCase;
    let query: string;
    let body: string;
    let text = false;
    let forged: string | undefined;
    const cases: CallbackCase[] = ['replay', 'replayForged', 'stale', 'signature', 'junk', 'query'];
    if (encrypted) cases.push('encrypt', 'appId', 'key', 'plainToEncrypted');
    if (roll < 0.45 || accepted.length === 0) kind = 'genuine';
    else kind = pick(rng, cases);
    switch (kind) {
      case 'genuine': {
        const m = message(`oFuzz${n}`);
        text = m.text;
        ({ query, body } = simulatedPush(account, m.xml));
        break;
      }
      case 'replay':
        ({ query, body } = pick(rng, accepted));
        break;
      case 'replayForged': {
        const old = pick(rng, accepted);
        forged = forgedId();
        const fresh = simulatedPush(account, subscribe(forged));
        // The old query (its signature and msg_signature) with a new body.
        query = old.query;
        body = fresh.body;
        break;
      }
      case 'stale': {
        forged = forgedId();
        const off = (301 + Math.floor(rng() * 1e9)) * 1000 * (rng() < 0.5 ? -1 : 1);
        ({ query, body } = simulatedPush(account, subscribe(forged), { now: Math.max(0, Date.now() + off) }));
        break;
      }
      case 'signature': {
        forged = forgedId();
        ({ query, body } = simulatedPush(account, subscribe(forged)));
        query = flipHex(query, encrypted ? 'msg_signature' : 'signature');
        break;
      }
      case 'encrypt': {
        forged = forgedId();
        ({ query, body } = simulatedPush(account, subscribe(forged)));
        body = body.replace(/<Encrypt><!\[CDATA\[(.)/, (_, c: string) => `<Encrypt><![CDATA[${c === 'A' ? 'B' : 'A'}`);
        break;
      }
      case 'appId':
        forged = forgedId();
        ({ query, body } = simulatedPush({ ...account, appId: 'wx0000000000000000' }, subscribe(forged)));
        break;
      case 'key':
        forged = forgedId();
        ({ query, body } = simulatedPush({ ...account, aesKey: randomBytes(32).toString('base64').slice(0, 43) }, subscribe(forged)));
        break;
      case 'plainToEncrypted':
        forged = forgedId();
        ({ query, body } = simulatedPush({ ...account, mode: 'plain' }, subscribe(forged)));
        break;
      case 'junk': {
        const signed = simulatedPush(account, subscribe('oJunk'));
        query = signed.query;
        body = pick(rng, JUNK);
        break;
      }
      case 'query': {
        body = simulatedPush(account, subscribe('oQuery')).body;
        query = pick(rng, [
          '',
          'signature=&timestamp=&nonce=',
          'timestamp=abc&nonce=1&signature=00',
          `timestamp=${'9'.repeat(16)}&nonce=x&signature=${'0'.repeat(40)}`,
          `timestamp=${Math.floor(Date.now() / 1000)}&nonce=${'n'.repeat(64)}&signature=${'z'.repeat(64)}&msg_signature=${'0'.repeat(40)}`,
          'timestamp=1&timestamp=2&nonce=1&signature=1',
          '%zz=1',
        ]);
        break;
      }
    }
    report.byCase[kind] = (report.byCase[kind] ?? 0) + 1;
    let answer: { status: number; text: string };
    try {
      answer = await opts.post(query, body);
    } catch (e) {
      report.wrong.push({ case: kind, status: 0, query, body: body.slice(0, 300), answer: (e as Error).message, why: 'no answer' });
      return;
    }
    report.calls += 1;
    const problem = (why: string) =>
      report.wrong.push({
        case: kind,
        status: answer.status,
        query: query.slice(0, 300),
        body: body.slice(0, 300),
        answer: answer.text.slice(0, 300),
        why,
      });
    if (answer.status >= 500) {
      report.fiveXx.push({
        case: kind,
        status: answer.status,
        query: query.slice(0, 300),
        body: body.slice(0, 300),
        answer: answer.text.slice(0, 300),
        why: '5xx',
      });
      return;
    }
    if (answer.status === 200) report.accepted += 1;
    else report.refused += 1;
    if (kind === 'genuine') {
      if (answer.status !== 200) return void problem('a genuine push was refused');
      accepted.push({ query, body });
      if (text) {
        try {
          const reply = readSimulatedReply(account, answer.text);
          if (answer.text !== 'success' && !reply.includes('<MsgType><![CDATA[text]]></MsgType>'))
            problem('the reply is not a text message');
          if (encrypted && answer.text !== 'success' && !answer.text.includes('<Encrypt>'))
            problem('the reply to an encrypted push is not encrypted');
        } catch (e) {
          problem(`the reply does not verify: ${(e as Error).message}`);
        }
      }
      return;
    }
    if (answer.status === 200) return void problem('an attack was accepted');
    let code: unknown;
    try {
      code = (JSON.parse(answer.text) as { code?: unknown }).code;
    } catch {
      code = undefined;
    }
    if (typeof code !== 'number' || code === 0) problem('a refusal outside the envelope');
    if (forged) refusedSubscribes.push(forged);
  };

  while (report.calls < opts.calls && Date.now() < deadline) await oneCall();

  if (opts.followerExists)
    for (const openId of refusedSubscribes) if (await opts.followerExists(openId)) report.forgedFollowers.push(openId);
  report.durationMs = Date.now() - started;
  return report;
}
