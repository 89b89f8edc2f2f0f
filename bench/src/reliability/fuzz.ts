// Fuzzing every route of the contracts' API table with requests generated from its own schemas: mostly valid values
// (with ids and names the server answered earlier, to get past "not found"), some deliberately wrong ones, some
// malformed requests; as users of several roles and without a token. Every answer must be a documented status in
// the envelope; a batch of calls whose writes were all refused must leave the database as it was.
import { ADMIN, holdsPlatformScope, type ApiAccess } from '@agromet/contracts';
import fc from 'fast-check';
import {
  apiRoutes,
  formProblem,
  pathFor,
  pick,
  prng,
  queryString,
  send,
  callJson,
  type Answer,
  type Call,
  type RouteInfo,
  type SchemaPart,
} from './api-routes.js';
import { changedTables, parseFingerprint, type ParsedFingerprint } from './fingerprint.js';
import { HUGE_STRING_LENGTH, oddText, type JsonSchema, type JsonSchemaObject } from './json-schema-arb.js';

export { postgresFingerprint, sqliteFingerprint, VOLATILE_TABLES } from './fingerprint.js';

export interface FuzzOptions {
  baseUrl: string;
  /** Access tokens by a label (the role or username), each a session the fuzz may use until the end. */
  tokens: Record<string, string>;
  /** How many fuzz calls at most (the warm-up reads come on top). */
  calls: number;
  seed?: number;
  /** Stop starting calls after this long. */
  deadlineMs: number;
  /** The database's fingerprint (see fingerprint.ts); without it no batch is checked. */
  dbFingerprint?: () => Promise<string>;
  /**
   * A new session of a user the fuzz may sign out or whose password it may try to change (sign-out and the password
   * change would end the sessions in `tokens`). Without it those two routes are called only without a valid token.
   */
  freshToken?: () => Promise<string>;
  /** Calls between two fingerprints (default 20). */
  batchSize?: number;
  /** Calls in flight at once (default 4). */
  concurrency?: number;
  /** Share of calls made without a token (default 0.12). */
  anonymousShare?: number;
  /** Per-call time limit (default 30 s). */
  callTimeoutMs?: number;
  log?: (line: string) => void;
}

export interface CallRecord {
  route: string;
  method: string;
  path: string;
  caller: string;
  mode: Mode;
  status: number;
  code?: number;
  /** The request body as sent (cut), to reproduce. */
  request?: string;
  body: string;
}

export interface FuzzReport {
  calls: number;
  warmupCalls: number;
  durationMs: number;
  byStatus: Record<string, number>;
  /** Envelope codes (raw answers count as `raw`). */
  byCode: Record<string, number>;
  byMode: Record<Mode, number>;
  /** Every answer with an HTTP status of 500 or more but the documented ones below: server errors. */
  fiveXx: CallRecord[];
  /** 502 / 5020 (WeChat, or its simulator, answered an error) and 503 / 5030 (Redis unreachable): documented answers. */
  documentedFiveXx: CallRecord[];
  /** Answers not in the documented form: not JSON where JSON is due, no envelope, a code with another HTTP status. */
  malformed: Array<CallRecord & { reason: string }>;
  /** Calls without an answer (reset, timeout). */
  networkErrors: Array<CallRecord & { error: string }>;
  routes: { total: number; called: number; notCalled: string[]; excluded: Array<{ route: string; reason: string }> };
  perRoute: Record<string, { calls: number; ok: number; refused: number; fiveXx: number }>;
  batches: number;
  /** Batches with at least one write call, every write refused, and the database checked unchanged around them. */
  refusedWriteBatches: number;
  /** Batches of reads only, checked the same way. */
  readOnlyBatches: number;
  /** Batches not checked: a write succeeded, jobs were running, or the database kept moving. */
  unchecked: { writeSucceeded: number; busy: number; unstable: number; noFingerprint: number };
  unchangedViolations: Array<{
    batch: number;
    changedTables: string[];
    calls: Array<{ route: string; method: string; path: string; status: number; code?: number; caller: string }>;
  }>;
  fingerprintMs: number;
}

export type Mode = 'valid' | 'invalid' | 'chaos';

/** Routes that end or change the session that calls them: called with `freshToken` sessions only. */
const SESSION_ENDING = new Set(['logout', 'changePassword']);
/** Changes to these users or roles would end or weaken the fuzz's own sessions: their ids are swapped for a missing one. */
const USER_TARGETING = new Set(['userUpdate', 'userEnable', 'userResetPassword', 'userDelete']);
const ROLE_TARGETING = new Set(['roleUpdate', 'roleDelete']);
const MISSING_ID = 99_999_999;
const WEIRD_PARAMS = [
  '0',
  '-1',
  '99999999',
  'abc',
  '../x',
  '..%2F..%2Fetc%2Fpasswd',
  '1.5',
  '1e3',
  ' 1',
  '０',
  '١',
  '%00',
  'x'.repeat(301),
  '',
  'null',
  '9'.repeat(30),
];
const LANGUAGES = ['zh', 'en', 'es', 'es-MX', 'fr', 'en-US,en;q=0.9,zh;q=0.8', '*', 'xx', ';;q=', 'zh-CN;q=abc', 'ÿ'];
/** Keys whose values are never reused in requests. */
const SECRET_KEY = /pass|token|secret|aeskey|signature|authorization|cookie/i;
const MAX_POOL = 48;

/** Files for the multipart routes: nothing the server should accept as it is, and a few that come close. */
const FILES: Array<{ name: string; type: string; bytes: () => Uint8Array }> = [
  { name: 'empty.csv', type: 'text/csv', bytes: () => new Uint8Array() },
  { name: 'stations.csv', type: 'text/csv', bytes: () => utf8('stationNumber,name,lon,lat\n57036,西安,108.9,34.3\n,,abc,\n') },
  { name: 'normals.csv', type: 'text/csv', bytes: () => utf8('station,factor,value\n57036,tavg,13.5\n57036,nope,NaN\n') },
  {
    name: 'area.geojson',
    type: 'application/geo+json',
    bytes: () =>
      utf8(
        JSON.stringify({
          type: 'Polygon',
          coordinates: [
            [
              [108, 34],
              [109, 34],
              [109, 35],
              [108, 34],
            ],
          ],
        }),
      ),
  },
  { name: 'open.geojson', type: 'application/geo+json', bytes: () => utf8('{"type":"Polygon","coordinates":[[[108,34],[109,34]]]}') },
  {
    name: 'grid.m4',
    type: 'text/plain',
    bytes: () => utf8('diamond 4 test\n26 01 01 08 000 999 0.1 -0.1 100 101 30 31 2 2 5 0 10 0 0\n1 2\n3 4\n'),
  },
  { name: 'x.tif', type: 'image/tiff', bytes: () => new Uint8Array([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0, 0, 0]) },
  {
    name: 'pixel.png',
    type: 'image/png',
    bytes: () => base64('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
  },
  { name: 'fake.png', type: 'image/png', bytes: () => utf8('<svg xmlns="http://www.w3.org/2000/svg"/>') },
  { name: '../../etc/passwd', type: 'application/octet-stream', bytes: () => randomBytes(512) },
  { name: 'big.bin', type: 'application/octet-stream', bytes: () => randomBytes(300_000) },
  { name: 'doc.pdf', type: 'application/pdf', bytes: () => utf8('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF') },
];

function utf8(s: string): Uint8Array {
  return new TextEncoder().encode(s);
}
function base64(s: string): Uint8Array {
  return Uint8Array.from(Buffer.from(s, 'base64'));
}
function randomBytes(n: number): Uint8Array {
  const rng = prng(n);
  return Uint8Array.from({ length: n }, () => Math.floor(rng() * 256));
}

/** Request bodies no route should take: malformed, mistyped, oversized, hostile. */
const CHAOS_BODIES: Array<{ contentType?: string; body: () => string | Uint8Array }> = [
  { contentType: 'application/json', body: () => '{"a":' },
  { contentType: 'application/json', body: () => '' },
  { contentType: 'application/json', body: () => 'null' },
  { contentType: 'application/json', body: () => '[]' },
  { contentType: 'application/json', body: () => '"text"' },
  { contentType: 'application/json', body: () => '123' },
  { contentType: 'application/json', body: () => `${'['.repeat(5000)}${']'.repeat(5000)}` },
  { contentType: 'application/json', body: () => `{"a":"${'x'.repeat(1_200_000)}"}` },
  { contentType: 'application/json', body: () => '{"__proto__":{"admin":true},"constructor":{"prototype":{"isAdmin":true}}}' },
  { contentType: 'application/json', body: () => '\ufeff{"id":1}' },
  { contentType: 'application/json', body: () => '{"id":1,"id":"two"}' },
  { contentType: 'application/json; charset=utf-16', body: () => '{"id":1}' },
  { contentType: 'application/json', body: () => Uint8Array.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]) },
  { contentType: 'text/plain', body: () => '{"id":1}' },
  { contentType: 'application/x-www-form-urlencoded', body: () => 'id=1&name=x' },
  { contentType: 'application/xml', body: () => '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>' },
  { contentType: 'multipart/form-data', body: () => '--x\r\n' },
  {
    contentType: 'multipart/form-data; boundary=zz',
    body: () => '--zz\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nabc',
  },
  { body: () => '{"id":1}' },
];

interface Caller {
  label: string;
  token?: string;
  platform: boolean;
  codes?: Set<string>;
  /** For SESSION_ENDING routes: a new session is taken for each call. */
  fresh?: boolean;
}

interface Pool {
  values: Map<string, unknown[]>;
}

export async function fuzzApi(opts: FuzzOptions): Promise<FuzzReport> {
  const started = Date.now();
  const deadline = started + opts.deadlineMs;
  const seed = opts.seed ?? 1;
  const rng = prng(seed);
  const batchSize = Math.max(1, opts.batchSize ?? 20);
  const concurrency = Math.max(1, opts.concurrency ?? 4);
  const anonymousShare = opts.anonymousShare ?? 0.12;
  const callTimeout = opts.callTimeoutMs ?? 30_000;
  const log = opts.log ?? (() => undefined);
  const routes = apiRoutes();

  const report: FuzzReport = {
    calls: 0,
    warmupCalls: 0,
    durationMs: 0,
    byStatus: {},
    byCode: {},
    byMode: { valid: 0, invalid: 0, chaos: 0 },
    fiveXx: [],
    documentedFiveXx: [],
    malformed: [],
    networkErrors: [],
    routes: { total: routes.length, called: 0, notCalled: [], excluded: [] },
    perRoute: Object.fromEntries(routes.map((r) => [r.name, { calls: 0, ok: 0, refused: 0, fiveXx: 0 }])),
    batches: 0,
    refusedWriteBatches: 0,
    readOnlyBatches: 0,
    unchecked: { writeSucceeded: 0, busy: 0, unstable: 0, noFingerprint: 0 },
    unchangedViolations: [],
    fingerprintMs: 0,
  };

  // ---- who calls: the given sessions (their users and roles are protected), a throw-away one, no token ----
  const callers: Caller[] = [];
  const protectedUsers = new Set<number>();
  const protectedRoles = new Set<number>();
  const protect = async (token: string) => {
    const info = await callJson(opts.baseUrl, token, 'GET', '/api/user/info');
    const user = info.data as { id: number; roles: string[] };
    protectedUsers.add(user.id);
    const rids = await callJson(opts.baseUrl, token, 'GET', `/api/user/${user.id}/rids`);
    if (rids.code === 0) for (const id of rids.data as number[]) protectedRoles.add(id);
    return user;
  };
  for (const [label, token] of Object.entries(opts.tokens)) {
    const user = await protect(token);
    callers.push({ label, token, platform: holdsPlatformScope(user.roles), codes: new Set(user.roles) });
  }
  let freshAvailable = false;
  if (opts.freshToken) {
    try {
      await protect(await opts.freshToken());
      freshAvailable = true;
    } catch (e) {
      log(`fuzz: no throw-away session (${(e as Error).message}); sign-out and password change run without a valid token`);
    }
  }
  if (!freshAvailable) {
    for (const name of SESSION_ENDING)
      report.routes.excluded.push({
        route: name,
        reason: 'would end the sessions in use: called without a token and with bad tokens only (no freshToken)',
      });
  }
  let freshToken: string | undefined;
  const takeFresh = async (): Promise<string | undefined> => {
    if (!freshAvailable || !opts.freshToken) return undefined;
    freshToken ??= await opts.freshToken().catch(() => undefined);
    return freshToken;
  };

  const pool: Pool = { values: new Map() };
  const harvest = (value: unknown, depth = 0) => {
    if (depth > 5 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const v of value.slice(0, 20)) harvest(v, depth + 1);
      return;
    }
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      if ((typeof v === 'number' || (typeof v === 'string' && v.length <= 200)) && !SECRET_KEY.test(key)) {
        let list = pool.values.get(key);
        if (!list) pool.values.set(key, (list = []));
        if (!list.includes(v)) {
          if (list.length < MAX_POOL) list.push(v);
          else list[Math.floor(rng() * MAX_POOL)] = v;
        }
      } else harvest(v, depth + 1);
    }
  };

  // ---- one call --------------------------------------------------------------------------------------
  const record = (route: RouteInfo, call: Call, caller: Caller, mode: Mode, answer: Answer, requestText: string | undefined) => {
    const stats = report.perRoute[route.name]!;
    stats.calls++;
    report.byStatus[String(answer.status)] = (report.byStatus[String(answer.status)] ?? 0) + 1;
    const codeKey = answer.envelope ? String(answer.envelope.code) : answer.error ? 'none' : 'raw';
    report.byCode[codeKey] = (report.byCode[codeKey] ?? 0) + 1;
    report.byMode[mode]++;
    const rec: CallRecord = {
      route: route.name,
      method: call.method,
      path: cut(call.path, 400),
      caller: caller.label,
      mode,
      status: answer.status,
      code: answer.envelope?.code,
      request: requestText === undefined ? undefined : cut(requestText, 1000),
      body: cut(answer.text, 2000),
    };
    if (answer.error) {
      report.networkErrors.push({ ...rec, error: answer.error });
      return;
    }
    if (answer.status >= 500) {
      const documented = (answer.status === 502 && rec.code === 5020) || (answer.status === 503 && rec.code === 5030);
      if (documented) report.documentedFiveXx.push(rec);
      else {
        stats.fiveXx++;
        report.fiveXx.push(rec);
      }
    }
    const problem = formProblem(route, answer);
    if (problem) report.malformed.push({ ...rec, reason: answer.server ? `${problem}, answered by ${answer.server}` : problem });
    if (answer.envelope?.code === 0 || (route.def.raw && answer.status === 200 && !answer.envelope)) stats.ok++;
    else stats.refused++;
    if (answer.envelope?.code === 0) harvest(answer.envelope.data);
  };

  /** Whether a write's answer says it changed nothing: an envelope with a non-zero code. */
  const refused = (answer: Answer) => !answer.error && answer.envelope !== undefined && answer.envelope.code !== 0;

  const oneCall = async (index: number, route: RouteInfo) => {
    const r = prng(seed * 1_000_003 + index);
    const modeRoll = r();
    const mode: Mode = modeRoll < 0.62 ? 'valid' : modeRoll < 0.9 ? 'invalid' : 'chaos';
    let caller: Caller;
    if (SESSION_ENDING.has(route.name)) {
      caller =
        r() < 0.75 && freshAvailable ? { label: 'throw-away', platform: false, fresh: true } : { label: 'anonymous', platform: false };
    } else {
      // Mostly a caller the route admits, so that most calls reach validation and the handler.
      const admitted = callers.filter((c) => admits(route.def.access, c));
      const roll = r();
      if (roll < anonymousShare || callers.length === 0) caller = { label: 'anonymous', platform: false };
      else if (admitted.length > 0 && roll < 0.8) caller = pick(r, admitted);
      else caller = pick(r, callers);
    }
    let token = caller.token;
    if (caller.fresh) token = await takeFresh();
    const built = buildCall(route, mode, r, index, caller, token);
    const answer = await send(opts.baseUrl, built.call, Math.max(1000, Math.min(callTimeout, deadline - Date.now() + 5000)));
    record(route, built.call, caller, mode, answer, built.requestText);
    // A session that was signed out (or ended) is replaced before the next call that needs one.
    if (caller.fresh && (answer.envelope?.code === 0 || answer.envelope?.code === 4002)) freshToken = undefined;
    return { route, call: built.call, caller, answer };
  };

  // ---- building requests --------------------------------------------------------------------------------
  const sampleOne = <T>(arb: fc.Arbitrary<T>, s: number): T => fc.sample(arb, { seed: s, numRuns: 1 })[0]!;

  /** Swaps in values the server answered earlier under the same key (ids, versions, names, times), where they fit. */
  const reuse = (part: SchemaPart, schema: JsonSchema, value: unknown, r: () => number, depth = 0): unknown => {
    if (depth > 3 || typeof value !== 'object' || value === null) return value;
    if (Array.isArray(value)) {
      const s = part.arbs.resolve(schema);
      const items = typeof s === 'object' ? s.items : undefined;
      return items === undefined ? value : value.map((v) => reuse(part, items, v, r, depth + 1));
    }
    const s = part.arbs.resolve(schema);
    const props = typeof s === 'object' ? objectProps(part, s) : undefined;
    if (!props) return value;
    const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    for (const [key, v] of Object.entries(out)) {
      const propSchema = props[key];
      if (propSchema === undefined) continue;
      const seen = pool.values.get(key);
      if (seen && seen.length > 0 && r() < 0.55) {
        const candidate = pick(r, seen);
        if (part.arbs.conforms(propSchema, candidate)) {
          out[key] = candidate;
          continue;
        }
        // Query numbers arrive as text: a numeric id fits an integer field written as text too.
        if (typeof candidate === 'string' && /^\d+$/.test(candidate) && part.arbs.conforms(propSchema, Number(candidate))) {
          out[key] = Number(candidate);
          continue;
        }
      }
      out[key] = reuse(part, propSchema, v, r, depth + 1);
    }
    return out;
  };

  const guard = (route: RouteInfo, value: unknown): unknown => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    const v = value as Record<string, unknown>;
    if (USER_TARGETING.has(route.name) && protectedUsers.has(Number(v.id))) return { ...v, id: MISSING_ID };
    if (ROLE_TARGETING.has(route.name) && protectedRoles.has(Number(v.id))) return { ...v, id: MISSING_ID };
    return value;
  };

  const valueFor = (route: RouteInfo, part: SchemaPart, mode: Mode, r: () => number, s: number): unknown => {
    if (mode === 'invalid' && r() < 0.7) {
      const bad = part.arbs.invalid();
      if (bad) return sampleOne(bad, s);
    }
    const v = sampleOne(part.arbs.valid(), s);
    return mode === 'valid' || r() < 0.5 ? reuse(part, part.json, v, r) : v;
  };

  const buildCall = (route: RouteInfo, mode: Mode, r: () => number, index: number, caller: Caller, token: string | undefined) => {
    const s = seed * 7919 + index;
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (mode !== 'valid' && r() < 0.15) {
      headers.authorization = pick(r, [
        'Bearer',
        'Bearer x.y.z',
        'Basic YWRtaW46YWRtaW4=',
        `Bearer ${token ? token.slice(0, -2) + (token.endsWith('A') ? 'BB' : 'AA') : 'eyJhbGciOiJub25lIn0.eyJ1aWQiOjF9.'}`,
        `Bearer ${'a'.repeat(5000)}`,
      ]);
    }
    if (r() < 0.2) headers['accept-language'] = pick(r, LANGUAGES);
    if (r() < 0.06) {
      // Naming another customer: refused (4003) to anyone but the platform, which gets only ids no customer has,
      // so that its calls never switch into another customer's context (reads there may seed its defaults).
      headers['x-act-as-customer'] = caller.platform
        ? pick(r, ['0', '-1', 'abc', '1.5', '99999999', ' '])
        : pick(r, ['1', '2', '3', '0', 'abc', '99999999']);
    }

    // Path parameters.
    let params: Record<string, unknown> | undefined;
    if (route.params) {
      if (mode === 'valid' || r() < 0.3) params = valueFor(route, route.params, 'valid', r, s + 1) as Record<string, unknown>;
      else {
        params = {};
        for (const key of route.url.match(/:(\w+)/g) ?? []) params[key.slice(1)] = pick(r, WEIRD_PARAMS);
      }
    }
    let path = pathFor(route.url, params);

    // Query.
    if (route.query) {
      let query = valueFor(route, route.query, mode, r, s + 2);
      query = guard(route, query);
      if (typeof query === 'object' && query !== null && !Array.isArray(query)) {
        const q = { ...(query as Record<string, unknown>) };
        if (mode !== 'valid' && r() < 0.3) q[pick(r, ['extra', 'page', 'size', 'id', '__proto__', 'token'])] = sampleOne(oddText(), s + 3);
        path += queryString(q);
      } else path += `?q=${encodeURIComponent(JSON.stringify(query))}`;
    }
    if (mode === 'chaos' && r() < 0.3)
      path +=
        (path.includes('?') ? '&' : '?') + pick(r, ['a=%zz', '&&==&', 'page=1&page=2', `x=${'y'.repeat(9000)}`, 'size[]=1', 'id=1%00']);

    let body: Call['body'];
    let requestText: string | undefined;
    if (route.def.multipart) {
      if (mode === 'chaos') {
        const c = pick(r, CHAOS_BODIES);
        if (c.contentType) headers['content-type'] = c.contentType;
        body = c.body();
        requestText = typeof body === 'string' ? body : `<${body.length} bytes>`;
      } else {
        const form = new FormData();
        const fields = route.fields ? valueFor(route, route.fields, mode, r, s + 4) : {};
        const shown: Record<string, string> = {};
        if (typeof fields === 'object' && fields !== null && !Array.isArray(fields)) {
          for (const [k, v] of Object.entries(fields)) {
            const text = typeof v === 'string' ? v : JSON.stringify(v);
            form.append(k, text);
            shown[k] = cut(text, 100);
          }
        }
        const file = pick(r, FILES);
        const fieldName = mode === 'invalid' && r() < 0.2 ? 'notfile' : 'file';
        if (!(mode === 'invalid' && r() < 0.15)) form.append(fieldName, new Blob([file.bytes()], { type: file.type }), file.name);
        body = form;
        requestText = JSON.stringify({ fields: shown, [fieldName]: file.name });
      }
    } else if (route.method !== 'GET') {
      if (mode === 'chaos') {
        const c = pick(r, CHAOS_BODIES);
        if (c.contentType) headers['content-type'] = c.contentType;
        body = c.body();
        requestText = typeof body === 'string' ? body : `<${body.length} bytes>`;
      } else if (route.body) {
        const value = guard(route, valueFor(route, route.body, mode, r, s + 5));
        headers['content-type'] = 'application/json';
        body = JSON.stringify(value);
        requestText = body;
      } else if (mode === 'invalid') {
        headers['content-type'] = 'application/json';
        body = JSON.stringify({ unexpected: sampleOne(oddText(), s + 6) });
        requestText = body;
      }
    }
    if (requestText !== undefined && requestText.length > HUGE_STRING_LENGTH)
      requestText = `${requestText.slice(0, 300)}… (${requestText.length} chars)`;
    return { call: { method: route.method, path, headers, body } as Call, requestText };
  };

  // ---- the database around batches ---------------------------------------------------------------------------
  const fingerprint = async (): Promise<ParsedFingerprint | undefined> => {
    if (!opts.dbFingerprint) return undefined;
    const t = performance.now();
    try {
      return parseFingerprint(await opts.dbFingerprint());
    } finally {
      report.fingerprintMs += performance.now() - t;
    }
  };
  const same = (a: ParsedFingerprint, b: ParsedFingerprint) => changedTables(a, b).length === 0;
  /** A fingerprint once no job runs and two readings agree (bounded: undefined if the database keeps moving). */
  const settled = async (): Promise<{ fp?: ParsedFingerprint; why?: 'busy' | 'unstable' }> => {
    let previous: ParsedFingerprint | undefined;
    const until = Math.min(deadline, Date.now() + 4000);
    for (;;) {
      const fp = await fingerprint();
      if (!fp) return {};
      if (fp.busy && fp.busy > 0) {
        if (Date.now() > until) return { why: 'busy' };
        previous = undefined;
        await sleep(250);
        continue;
      }
      if (previous && same(previous, fp)) return { fp };
      if (Date.now() > until) return { why: 'unstable' };
      previous = fp;
      await sleep(60);
    }
  };

  // ---- warm-up: the reads without required input, once per caller, to learn ids and to let the server seed the
  // defaults it makes on first use (hazards, templates) before the database is watched ----
  for (const caller of callers) {
    for (const route of routes) {
      if (route.method !== 'GET' || route.write || route.params || Date.now() > deadline) continue;
      if (route.query && Object.keys(route.query.arbs.minimal() as object).length > 0) continue;
      const answer = await send(
        opts.baseUrl,
        { method: 'GET', path: route.url, headers: { authorization: `Bearer ${caller.token}` } },
        callTimeout,
      );
      report.warmupCalls++;
      if (answer.envelope?.code === 0) harvest(answer.envelope.data);
    }
  }
  log(`fuzz: warm-up ${report.warmupCalls} reads, ${pool.values.size} keys learnt`);

  // ---- the batches --------------------------------------------------------------------------------------
  const order: RouteInfo[] = [];
  const nextRoute = (i: number): RouteInfo => {
    // Every route once per round, in a new order each round.
    if (i % routes.length === 0) {
      order.length = 0;
      order.push(...routes);
      for (let k = order.length - 1; k > 0; k--) {
        const j = Math.floor(rng() * (k + 1));
        [order[k], order[j]] = [order[j]!, order[k]!];
      }
    }
    return order[i % routes.length]!;
  };

  let before = opts.dbFingerprint ? await settled() : {};
  let index = 0;
  while (index < opts.calls && Date.now() < deadline) {
    const batchNo = report.batches++;
    const batch: Array<Awaited<ReturnType<typeof oneCall>>> = [];
    const end = Math.min(opts.calls, index + batchSize);
    let next = index;
    const worker = async () => {
      while (next < end && Date.now() < deadline) {
        const i = next++;
        batch.push(await oneCall(i, nextRoute(i)));
      }
    };
    // Routes are taken in order, so the rounds stay whole even with several calls in flight.
    await Promise.all(Array.from({ length: concurrency }, worker));
    index = next;
    report.calls += batch.length;

    const writes = batch.filter((b) => b.route.write);
    const anyWriteDone = writes.some((b) => !refused(b.answer));
    if (!opts.dbFingerprint) report.unchecked.noFingerprint++;
    else if (!before.fp) {
      if (before.why === 'busy') report.unchecked.busy++;
      else report.unchecked.unstable++;
    } else if (anyWriteDone) report.unchecked.writeSucceeded++;
    else {
      let after = await fingerprint();
      let changed = after ? changedTables(before.fp, after) : [];
      if (changed.length > 0) {
        // Look again: a change still under way is not one this batch made alone.
        await sleep(300);
        const again = await fingerprint();
        if (again && after && !same(again, after)) {
          report.unchecked.unstable++;
          changed = [];
          after = undefined;
        } else {
          report.unchangedViolations.push({
            batch: batchNo,
            changedTables: changed,
            calls: batch.map((b) => ({
              route: b.route.name,
              method: b.call.method,
              path: cut(b.call.path, 200),
              status: b.answer.status,
              code: b.answer.envelope?.code,
              caller: b.caller.label,
            })),
          });
        }
      }
      if (after) {
        if (changed.length === 0) {
          if (writes.length > 0) report.refusedWriteBatches++;
          else report.readOnlyBatches++;
        }
        before = { fp: after };
        continue;
      }
    }
    before = opts.dbFingerprint ? await settled() : {};
    if (report.batches % 50 === 0)
      log(`fuzz: ${report.calls} calls, ${report.fiveXx.length} 5xx, ${Math.round((Date.now() - started) / 1000)} s`);
  }

  const called = routes.filter((r) => report.perRoute[r.name]!.calls > 0);
  report.routes.called = called.length;
  report.routes.notCalled = routes.filter((r) => report.perRoute[r.name]!.calls === 0).map((r) => r.name);
  report.durationMs = Date.now() - started;
  report.fingerprintMs = Math.round(report.fingerprintMs);
  return report;
}

/** Whether the access guard lets the caller through (docs/security.md#permissions; `admin` passes every code). */
function admits(access: ApiAccess, caller: Caller): boolean {
  const codes = caller.codes ?? new Set<string>();
  if (access.kind === 'public' || access.kind === 'user' || access.kind === 'self-or-codes') return true;
  const holds = codes.has(ADMIN) || access.codes.some((c) => codes.has(c));
  return holds && (!access.platform || holdsPlatformScope(codes));
}

function objectProps(part: SchemaPart, s: JsonSchemaObject): Record<string, JsonSchema> | undefined {
  if (s.properties) return s.properties;
  const branches = s.anyOf ?? s.oneOf;
  if (!branches) return undefined;
  const merged: Record<string, JsonSchema> = {};
  for (const b of branches) {
    const rb = part.arbs.resolve(b);
    if (typeof rb === 'object' && rb.properties) Object.assign(merged, rb.properties);
  }
  return Object.keys(merged).length > 0 ? merged : undefined;
}

function cut(s: string, n: number): string {
  return s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
