// The route-access rules and customer boundaries as calls: every guarded route of the contracts' API table, as each
// user given (one per role of one customer) and as the administrator of a second customer made for the purpose,
// with a request that names an object of the other customer wherever the route takes one. A caller without the
// route's code must get 4003; a call naming another customer's object 4004 (docs/security.md#customers-and-tenancy);
// nothing the caller may read may show the other customer's objects. The expectations come from the `access` of
// each route and the codes the server reports for each caller, not from a table.
import { ADMIN, holdsPlatformScope, PLATFORM_SCOPE_CODE, type ApiAccess } from '@agromet/contracts';
import fc from 'fast-check';
import {
  apiRoutes,
  callJson,
  pathFor,
  queryString,
  send,
  signIn,
  type Answer,
  type Call,
  type RouteInfo,
  type SchemaPart,
} from './api-routes.js';
import { DEMO_ROLE_GROUPS } from '../../../apps/server/src/modules/seed/seed.js';
import type { JsonSchema, JsonSchemaObject } from './json-schema-arb.js';

export interface TenancyOptions {
  baseUrl: string;
  /** A session of a platform administrator: it makes the second customer and the objects of both customers. */
  adminToken?: string;
  /** Or its password (user `adminUsername`, default `admin`), to sign in with. */
  adminPassword?: string;
  adminUsername?: string;
  /**
   * Users of the first customer, one per role: the callers besides the second customer's administrator. Default: the
   * demo users (DEMO=1, apps/server/src/modules/seed), whose password is the administrator's.
   */
  users?: Array<{ username: string; password: string }>;
  log?: (line: string) => void;
}

export type Expectation = '4003' | '4004' | 'pass' | 'no-leak';

export interface TenancyCheck {
  route: string;
  /** The caller's username. */
  as: string;
  expected: Expectation;
  got: number | string;
  /** The other customer's objects the request named (`field=kind#id`), or `none`. */
  target: string;
  ok: boolean;
  note?: string;
}

export interface TenancyReport {
  checks: number;
  violations: Array<{
    route: string;
    as: string;
    expected: Expectation;
    got: number | string;
    target: string;
    note?: string;
    request?: string;
    answer?: string;
  }>;
  /** Refusals that came before the boundary could be tested (the request failed validation first). */
  unverified: Array<{
    route: string;
    as: string;
    expected: Expectation;
    got: number | string;
    target: string;
    answer: string;
    note?: string;
  }>;
  byExpectation: Record<Expectation, number>;
  /**
   * Reads that name another customer's object in a filter they require and answer code 0, but exactly as they answer
   * for a record that does not exist (an empty list): nothing leaks, though docs/security.md has such calls answer 4004.
   */
  answeredAsMissing: Array<{ route: string; as: string; code: number; target: string; answer: string }>;
  /** Writes that went through with an optional reference to another customer's object left out of what they made. */
  ignoredReferences: Array<{ route: string; as: string; target: string; answer: string }>;
  customers: { first: { id: number; name: string }; second: { id: number; name: string } };
  /** Objects of each customer the checks named (by kind): kinds missing in a customer were named by a missing id. */
  objects: Record<string, { first?: number | string; second?: number | string }>;
  /** Guarded routes left out, with the reason. */
  notCovered: Array<{ route: string; reason: string }>;
  results: TenancyCheck[];
}

/**
 * Separation of duties (docs/security.md#separation-of-duties) as the tenancy step must have checked it with the demo
 * users: each author refused every approving call, each reviewer or approver refused the writing calls. The step
 * derives what it expects from the API table; this list is written out, so that a table giving one user both duties
 * again shows up here and not as a quiet 'pass'.
 */
export const SEPARATION_OF_DUTIES: ReadonlyArray<{ as: string; route: string }> = [
  ...['articleApprove', 'articleReturn', 'articlePublish'].map((route) => ({ as: 'demo-products', route })),
  ...['articleAdd', 'articleUpdate', 'articleSubmit', 'articleRevise', 'articleDelete'].map((route) => ({ as: 'demo-reviewer', route })),
  ...['wxSendApprove', 'wxSendReject'].map((route) => ({ as: 'demo-weixin', route })),
  ...['wxSendCreate', 'wxSendPreview'].map((route) => ({ as: 'demo-wx-approver', route })),
];

/** The pairs of SEPARATION_OF_DUTIES that the checks did not find refused (expected and answered 4003), as "user route". */
export function separationGaps(results: ReadonlyArray<Pick<TenancyCheck, 'route' | 'as' | 'expected' | 'ok'>>): string[] {
  return SEPARATION_OF_DUTIES.filter(
    (p) => !results.some((c) => c.route === p.route && c.as === p.as && c.expected === '4003' && c.ok),
  ).map((p) => `${p.as} ${p.route}`);
}

/** Objects a route acts on, by its address (first match). */
const KIND_BY_PATH: Array<[RegExp, string]> = [
  [/^\/api\/sandstorm\//, 'sandstorm'],
  [/^\/api\/travel\/spot\//, 'travelSpot'],
  [/^\/api\/travel\/comment\//, 'travelComment'],
  [/^\/api\/travel\/landscape\//, 'travelLandscape'],
  [/^\/api\/travel\/greenway\//, 'travelGreenway'],
  [/^\/api\/travel\/route\//, 'travelRoute'],
  [/^\/api\/travel\/weather/, 'travelSpot'],
  [/^\/api\/wx\/account\//, 'wxAccount'],
  [/^\/api\/wx\/follower\//, 'wxFollower'],
  [/^\/api\/wx\/send\//, 'wxSend'],
  [/^\/api\/wx\/media\//, 'wxMedia'],
  [/^\/api\/article\/kind/, 'articleKind'],
  [/^\/api\/article\/platform/, 'articlePlatform'],
  [/^\/api\/article\/attachment/, 'articleAttachment'],
  [/^\/api\/article\/libraryImage/, 'libraryImage'],
  [/^\/api\/article\//, 'article'],
  [/^\/api\/user\//, 'user'],
  [/^\/api\/customer\//, 'customer'],
  [/^\/api\/role\//, 'role'],
  [/^\/api\/permission\//, 'permission'],
  [/^\/api\/log\//, 'log'],
  [/^\/api\/job\//, 'job'],
  [/^\/api\/station\//, 'station'],
  [/^\/api\/forecasr\/(insert|delete)Allocation/, 'allocation'],
  [/^\/api\/filestate\//, 'issueFile'],
  [/^\/api\/record\//, 'revision'],
  [/^\/api\/gis\/boundar/, 'boundary'],
  [/^\/api\/crop\//, 'crop'],
  [/^\/api\/qhCriterion\//, 'criterion'],
  [/^\/api\/quhua\//, 'zoningProduct'],
  [/^\/api\/download\//, 'download'],
  [/^\/api\/product\/template\//, 'productTemplate'],
  [/^\/api\/product\/schedule\//, 'productSchedule'],
  [/^\/api\/product\//, 'mapProduct'],
  [/^\/api\/risk\/hazard\//, 'riskHazard'],
  [/^\/api\/risk\//, 'riskProduct'],
];

/** Objects named by a field, whatever the route. `id`, `ids` and `productId` name the route's own kind. */
const KIND_BY_FIELD: Record<string, string> = {
  customerId: 'customer',
  roleIds: 'role',
  roleId: 'role',
  userId: 'user',
  authorId: 'user',
  cropId: 'crop',
  criteriaId: 'criterion',
  spotId: 'travelSpot',
  targetId: 'travelSpot',
  stopId: 'travelSpot',
  accountId: 'wxAccount',
  kindId: 'articleKind',
  templateId: 'productTemplate',
  hazardId: 'riskHazard',
  articleId: 'article',
  mediaId: 'wxMedia',
  zoningProductId: 'zoningProduct',
};

/** Objects named by `id` inside a field (a route's stops are spots). */
const KIND_BY_PARENT: Record<string, string> = { stops: 'travelSpot' };

/** The sibling values that make an optional reference count (from the contracts' comments on these fields). */
const FIELD_NEEDS: Record<string, Record<string, unknown>> = { articleId: { kind: 'article' }, mediaId: { kind: 'image' } };

/** Shared by every customer (docs/security.md#customers-and-tenancy): naming one is no crossing. */
const SHARED_KINDS = new Set(['permission']);

/** The order objects are made in (a kind after the kinds its fields name). */
const MAKE_ORDER = [
  'role',
  'user',
  'station',
  'crop',
  'criterion',
  'articleKind',
  'article',
  'articlePlatform',
  'sandstorm',
  'travelSpot',
  'travelLandscape',
  'travelGreenway',
  'travelRoute',
  'riskHazard',
  'productTemplate',
  'productSchedule',
  'wxAccount',
  'boundary',
];

const MISSING_ID = 99_999_998;
/** Fields that carry the marker of the customer an object is made for. */
const NAME_KEYS = new Set(['name', 'title', 'nickname', 'location']);
const GUARD_CODES = new Set([4000, 4001, 4002, 4003, 4031]);
/** A 1×1 PNG, a closed polygon, a station CSV: files the upload routes can take. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const uploadFile = (route: string, marker: string): { name: string; type: string; bytes: Uint8Array } => {
  if (/boundary/i.test(route))
    return {
      name: 'area.geojson',
      type: 'application/geo+json',
      bytes: new TextEncoder().encode(
        JSON.stringify({
          type: 'Feature',
          properties: { name: marker },
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [108, 34],
                [108.5, 34],
                [108.5, 34.5],
                [108, 34],
              ],
            ],
          },
        }),
      ),
    };
  if (/station|normals|sandstorm/i.test(route))
    return { name: 'rows.csv', type: 'text/csv', bytes: new TextEncoder().encode('a,b,c\n1,2,3\n') };
  if (/grid/i.test(route)) return { name: 'grid.txt', type: 'text/plain', bytes: new TextEncoder().encode('not a grid\n') };
  return { name: 'pixel.png', type: 'image/png', bytes: new Uint8Array(PNG) };
};

interface Customer {
  id: number;
  name: string;
  /** Text in every name this check gave the customer's objects: seeing it from the other customer is a leak. */
  marker: string;
  objects: Map<string, number | string>;
  /** One record of each kind as the customer's lists show it: the base of edit requests. */
  items: Map<string, Record<string, unknown>>;
  pool: Map<string, unknown[]>;
}

interface Caller {
  username: string;
  token: string;
  password: string;
  userId: number;
  name: string;
  codes: Set<string>;
  home: Customer;
  other: Customer;
}

export function routeKind(url: string): string | undefined {
  return KIND_BY_PATH.find(([re]) => re.test(url))?.[1];
}

function fieldKind(route: RouteInfo, key: string): string | undefined {
  if (key === 'id' || key === 'ids' || key === 'productId') return routeKind(route.url);
  return KIND_BY_FIELD[key];
}

/** Whether the access guard lets the caller through (`self-or-codes` on someone else's record needs the codes). */
function admits(access: ApiAccess, codes: Set<string>): boolean {
  if (access.kind === 'public' || access.kind === 'user') return true;
  const holds = codes.has(ADMIN) || access.codes.some((c) => codes.has(c));
  if (access.kind === 'self-or-codes') return holds;
  return holds && (!access.platform || holdsPlatformScope(codes));
}

export async function checkTenancy(opts: TenancyOptions): Promise<TenancyReport> {
  const { baseUrl } = opts;
  if (!opts.adminToken && !opts.adminPassword) throw new Error('checkTenancy needs adminToken or adminPassword');
  const adminToken = opts.adminToken ?? (await signIn(baseUrl, opts.adminUsername ?? 'admin', opts.adminPassword!));
  const users = opts.users ?? DEMO_ROLE_GROUPS.map((g) => ({ username: g.username, password: opts.adminPassword ?? '' }));
  const log = opts.log ?? (() => undefined);
  const routes = apiRoutes();
  const NOBODY: Customer = { id: -1, name: '', marker: '\u0000', objects: new Map(), items: new Map(), pool: new Map() };
  const marker = `tn${Date.now().toString(36)}`;
  const admin = (method: string, path: string, body?: unknown, actAs?: Customer) =>
    callJson(baseUrl, adminToken, method, path, body, actAs ? { 'x-act-as-customer': String(actAs.id) } : {});

  // ---- the two customers and their callers ----
  const firstUsers: Caller[] = [];
  const infoOf = async (token: string) =>
    (await callJson(baseUrl, token, 'GET', '/api/user/info')).data as {
      id: number;
      name: string;
      roles: string[];
      customerId: number;
      customer: string;
    };
  const first: Customer = { id: 0, name: '', marker: `${marker}-A`, objects: new Map(), items: new Map(), pool: new Map() };
  const second: Customer = {
    id: 0,
    name: `${marker}-B 第二客户`,
    marker: `${marker}-B`,
    objects: new Map(),
    items: new Map(),
    pool: new Map(),
  };
  const sharedPool = (key: string) => [...(first.pool.get(key) ?? []), ...(second.pool.get(key) ?? [])];
  for (const u of users) {
    const token = await signIn(baseUrl, u.username, u.password);
    const info = await infoOf(token);
    if (!first.id) Object.assign(first, { id: info.customerId, name: info.customer });
    if (info.customerId !== first.id) throw new Error(`${u.username} is not of the first user's customer`);
    firstUsers.push({
      username: u.username,
      token,
      password: u.password,
      userId: info.id,
      name: info.name,
      codes: new Set(info.roles),
      home: first,
      other: second,
    });
  }
  if (!first.id) throw new Error('no users given');
  first.objects.set('customer', first.id);

  const catalogue = (await admin('GET', '/api/permission/all')).data as Array<{ code: string }>;
  const customerCodes = catalogue.map((p) => p.code).filter((c) => c !== ADMIN && c !== PLATFORM_SCOPE_CODE);
  // The second customer has bought every module, so its administrator's role may hold them (docs/security.md#entitlements).
  const added = await admin('POST', '/api/customer/add', {
    name: second.name,
    centerLat: 36,
    centerLon: 104,
    zoom: 5,
    entitlements: customerCodes,
  });
  if (added.code !== 0) throw new Error(`second customer: ${added.code} ${added.msg}`);
  second.id = (added.data as { id: number }).id;
  second.objects.set('customer', second.id);
  const role = await admin('POST', '/api/role/add', { name: `${second.marker} 管理员`, permissions: customerCodes, customerId: second.id });
  if (role.code !== 0) throw new Error(`second customer's role: ${role.code} ${role.msg}`);
  const firstPassword = `Tn-${marker}-1`;
  const secondPassword = `Tn-${marker}-2`;
  const adminName = `${marker}-B-admin`;
  const user = await admin('POST', '/api/user/add', {
    username: adminName,
    password: firstPassword,
    name: `${second.marker} 管理员`,
    customerId: second.id,
    roleIds: [(role.data as { id: number }).id],
  });
  if (user.code !== 0) throw new Error(`second customer's administrator: ${user.code} ${user.msg}`);
  // An administrator-set password must be replaced before anything else (docs/security.md#initial-passwords).
  let secondToken = await signIn(baseUrl, adminName, firstPassword);
  const changed = await callJson(baseUrl, secondToken, 'POST', '/api/user/changePassword', {
    password: firstPassword,
    newPassword: secondPassword,
    confirmPassword: secondPassword,
  });
  if (changed.code !== 0) throw new Error(`password change of ${adminName}: ${changed.code} ${changed.msg}`);
  if ((await callJson(baseUrl, secondToken, 'GET', '/api/user/info')).code !== 0)
    secondToken = await signIn(baseUrl, adminName, secondPassword);
  const secondInfo = await infoOf(secondToken);
  const secondAdmin: Caller = {
    username: adminName,
    token: secondToken,
    password: secondPassword,
    userId: secondInfo.id,
    name: secondInfo.name,
    codes: new Set(secondInfo.roles),
    home: second,
    other: first,
  };
  const callers = [...firstUsers, secondAdmin];
  log(`tenancy: customers ${first.id} and ${second.id} (${second.name}); ${callers.length} callers`);

  // ---- objects of both customers: what their lists show, and what the platform makes in their context ----
  const harvestInto = (c: Customer, value: unknown, depth = 0) => {
    if (depth > 4 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) return value.slice(0, 20).forEach((v) => harvestInto(c, v, depth + 1));
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (typeof v === 'number' || (typeof v === 'string' && v.length < 200)) {
        const list = c.pool.get(k) ?? [];
        if (!list.includes(v) && list.length < 30) list.push(v);
        c.pool.set(k, list);
      } else harvestInto(c, v, depth + 1);
    }
  };
  const listItems = (data: unknown): Array<Record<string, unknown>> => {
    const list = Array.isArray(data) ? data : Array.isArray((data as { list?: unknown })?.list) ? (data as { list: unknown[] }).list : [];
    return list.filter((x): x is Record<string, unknown> => typeof x === 'object' && x !== null);
  };
  const learn = async (c: Customer) => {
    for (const route of routes) {
      if (route.method !== 'GET' || route.write || route.params || route.def.raw) continue;
      if (route.query && Object.keys(route.query.arbs.minimal() as object).length > 0) continue;
      const kind = routeKind(route.url);
      const answer = await admin('GET', route.url, undefined, c).catch(() => undefined);
      if (!answer || answer.code !== 0) continue;
      harvestInto(c, answer.data);
      if (!kind || SHARED_KINDS.has(kind) || kind === 'customer') continue;
      for (const item of listItems(answer.data)) {
        if (item.customerId !== undefined && item.customerId !== c.id) continue;
        if ((typeof item.id === 'number' || typeof item.id === 'string') && !c.objects.has(kind)) {
          c.objects.set(kind, item.id);
          c.items.set(kind, item);
        }
      }
    }
  };
  await learn(first);
  await learn(second);

  const named = (c: Customer, kind: string) => `${c.marker} ${kind}`;
  const make = async (c: Customer, kind: string) => {
    const route = routes.find(
      (r) => routeKind(r.url) === kind && /(Insert|Add|Save|Upload)$/.test(r.name) && r.name !== 'articleLibraryImage',
    );
    if (!route) return;
    const attempts = 10;
    for (let i = 0; i < attempts; i++) {
      const built = buildCall(route, { home: c, source: () => c, nameText: named(c, kind), attempt: i, token: adminToken, actAs: c });
      if (!built.valid && i < attempts - 1) continue;
      const answer = await send(baseUrl, built.call);
      const id = (answer.envelope?.data as { id?: number | string } | undefined)?.id;
      if (answer.envelope?.code === 0 && id !== undefined) {
        c.objects.set(kind, id);
        c.items.set(kind, answer.envelope.data as Record<string, unknown>);
        harvestInto(c, answer.envelope.data);
        return;
      }
      if (i === attempts - 1) log(`tenancy: could not make a ${kind} for customer ${c.id}: ${answer.status} ${answer.text.slice(0, 160)}`);
    }
  };
  for (const c of [first, second]) {
    for (const kind of MAKE_ORDER) {
      // Users and roles are always new ones: the callers' own must not be the target of resets and deletions.
      if (c.objects.has(kind) && kind !== 'user' && kind !== 'role') continue;
      c.objects.delete(kind);
      c.items.delete(kind);
      await make(c, kind);
    }
  }
  // Operation-log rows: those of each customer's own calls.
  for (const c of [first, second]) {
    const page = await admin('GET', `/api/log/page${queryString({ size: 50 })}`, undefined, c).catch(() => undefined);
    const row = listItems(page?.data).find((r) => r.customerId === c.id);
    if (row) c.objects.set('log', row.id as number);
  }

  // ---- the checks ----
  const results: TenancyCheck[] = [];
  const report: TenancyReport = {
    checks: 0,
    violations: [],
    unverified: [],
    byExpectation: { '4003': 0, '4004': 0, pass: 0, 'no-leak': 0 },
    answeredAsMissing: [],
    ignoredReferences: [],
    customers: { first: { id: first.id, name: first.name }, second: { id: second.id, name: second.name } },
    objects: {},
    notCovered: [],
    results,
  };
  for (const c of [first, second])
    for (const [kind, id] of c.objects) {
      const entry = (report.objects[kind] ??= {});
      entry[c === first ? 'first' : 'second'] = id;
    }

  const judge = (route: string, caller: Caller, expected: Expectation, target: string, answer: Answer, request: string, extra?: string) => {
    const code = answer.envelope?.code ?? (answer.error ? 'no answer' : answer.status === 200 ? 'raw 200' : `HTTP ${answer.status}`);
    const leak = answer.text.includes(caller.other.marker);
    let ok: boolean;
    let note = extra;
    if (answer.status >= 500 || answer.error) ok = false;
    else if (expected === '4003') ok = code === 4003;
    else if (expected === '4004') ok = code === 4004;
    else if (expected === 'no-leak') ok = (code === 0 || code === 'raw 200' || code === 4004 || code === 4100) && !leak;
    else ok = !(typeof code === 'number' && GUARD_CODES.has(code)) && !leak;
    if (leak) note = `${note ? `${note}; ` : ''}the answer shows the other customer's objects (${caller.other.marker})`;
    const check: TenancyCheck = { route, as: caller.username, expected, got: code, target, ok, note };
    results.push(check);
    report.checks++;
    report.byExpectation[expected]++;
    // A validation refusal comes before the boundary is looked at: the crossing was not tried (unless the same call
    // naming missing records is answered otherwise, which tells the two apart).
    if (!ok && expected === '4004' && code === 4100 && !note?.startsWith('told apart')) {
      check.ok = true;
      report.unverified.push({ route, as: caller.username, expected, got: code, target, answer: answer.text.slice(0, 300), note });
      return;
    }
    if (!ok)
      report.violations.push({
        route,
        as: caller.username,
        expected,
        got: code,
        target,
        note,
        request: request.slice(0, 600),
        answer: answer.text.slice(0, 600),
      });
  };

  interface Target {
    /** Where in the request: `id`, `cropId`, `stops.1.id`. */
    path: string;
    kind: string;
    id: number | string;
    /** False when the customer has no such object: a missing id stands in. */
    known: boolean;
    required: boolean;
  }
  interface BuildContext {
    home: Customer;
    /** The customer whose object each id-field names, by the field's path. */
    source: (path: string) => Customer;
    nameText?: string;
    attempt: number;
    token: string;
    actAs?: Customer;
    ownName?: string;
  }

  function buildCall(route: RouteInfo, ctx: BuildContext) {
    let targets: Target[] = [];
    let valid = true;
    const fill = (part: SchemaPart | undefined, asText: boolean, seedOffset: number): Record<string, unknown> | undefined => {
      if (!part) return undefined;
      const candidates: unknown[] = [part.arbs.minimal(), ...fc.sample(part.arbs.valid(), { seed: 17 + seedOffset, numRuns: 12 })];
      // An edit starts from the record as its customer's list shows it (edits check more than the schema says).
      const kind = routeKind(route.url);
      const item = kind ? ctx.source('id').items.get(kind) : undefined;
      if (item && /(Update|Save)$/.test(route.name) && part === route.body) candidates.unshift(item);
      const kept = targets;
      let chosen: Record<string, unknown> | undefined;
      let chosenTargets: Target[] = [];
      for (let i = 0; i < candidates.length; i++) {
        const base = candidates[(i + ctx.attempt) % candidates.length];
        if (typeof base !== 'object' || base === null || Array.isArray(base)) continue;
        targets = [];
        const value = setFields(part, part.json, { ...(base as Record<string, unknown>) }, '');
        chosen = value;
        chosenTargets = targets;
        if (part.zod.safeParse(asText ? textual(value) : value).success) break;
      }
      if (!chosen || !part.zod.safeParse(asText ? textual(chosen) : chosen).success) valid = false;
      targets = [...kept, ...chosenTargets];
      return chosen;
    };
    const idFor = (part: SchemaPart, schema: JsonSchema, from: Customer, kind: string): { id: number | string; known: boolean } => {
      const id = from.objects.get(kind);
      if (id !== undefined) return { id, known: true };
      const missing = [MISSING_ID, `lib-${MISSING_ID}`, String(MISSING_ID)].find((m) => part.arbs.conforms(schema, m)) ?? MISSING_ID;
      return { id: missing, known: false };
    };
    const setFields = (part: SchemaPart, schema: JsonSchema, value: Record<string, unknown>, prefix: string): Record<string, unknown> => {
      const s = part.arbs.resolve(schema);
      if (typeof s !== 'object') return value;
      const props = propsOf(part, s);
      const required = new Set(requiredOf(part, s));
      const depth = prefix ? prefix.split('.').length : 0;
      // Only the schema's own keys (a record used as the base of an edit has more).
      for (const key of Object.keys(value)) if (!(key in props) && s.additionalProperties === false) delete value[key];
      for (const [key, propSchema] of Object.entries(props)) {
        const path = prefix ? `${prefix}.${key}` : key;
        const parent = prefix
          .split('.')
          .filter((p) => !/^\d+$/.test(p))
          .pop();
        let kind = fieldKind(route, key);
        if (parent !== undefined && key === 'id') {
          kind = KIND_BY_PARENT[parent];
          // A route's stops: spots and landscapes in turn, so that no stop repeats the one before.
          if (parent === 'stops') {
            const index = Number(prefix.split('.').pop());
            kind = index % 2 === 0 ? 'travelSpot' : 'travelLandscape';
            const type = index % 2 === 0 ? 'spot' : 'landscape';
            if (props.type && part.arbs.conforms(props.type, type)) value.type = type;
          }
        }
        const isArray = part.arbs.kinds(propSchema).has('array') && !part.arbs.kinds(propSchema).has('integer');
        if (kind && !SHARED_KINDS.has(kind)) {
          const itemSchema = isArray ? (part.arbs.resolve(propSchema) as JsonSchemaObject).items : propSchema;
          const { id, known } = idFor(part, itemSchema ?? propSchema, ctx.source(path), kind);
          const candidate = isArray ? [id] : id;
          if (part.arbs.conforms(propSchema, candidate) || required.has(key)) {
            value[key] = candidate;
            // An optional reference counts only with the sibling value that uses it (a send's article, kind 'article').
            const needs = FIELD_NEEDS[key];
            if (needs && ctx.source(path) !== ctx.home)
              for (const [k, v] of Object.entries(needs)) if (props[k] && part.arbs.conforms(props[k], v)) value[k] = v;
            targets.push({ path, kind, id, known, required: required.has(key) && (depth === 0 || parent === 'stops') });
            continue;
          }
        }
        if (NAME_KEYS.has(key) && ctx.nameText && part.arbs.conforms(propSchema, ctx.nameText)) value[key] = ctx.nameText;
        else if (key === 'name' && ctx.ownName && route.name === 'setting') value[key] = ctx.ownName;
        else if (!(key in value) || value[key] === undefined) continue;
        else if (!kind) {
          // Values the customers' own lists showed under the same key (a region code, a forecast type), where they fit;
          // never one carrying a marker, which would put one customer's names into the other's requests (and log).
          const seen = [...(ctx.home.pool.get(key) ?? []), ...(ctx.source(path).pool.get(key) ?? []), ...sharedPool(key)];
          const pickFrom = seen.find((v) => !(typeof v === 'string' && v.includes(marker)) && part.arbs.conforms(propSchema, v));
          if (pickFrom !== undefined && ctx.attempt % 2 === 0 && !/version/i.test(key)) value[key] = pickFrom;
        }
        const v = value[key];
        if (depth < 3 && typeof v === 'object' && v !== null) {
          if (Array.isArray(v)) {
            const items = part.arbs.resolve(propSchema);
            const itemSchema = typeof items === 'object' ? items.items : undefined;
            if (itemSchema !== undefined)
              value[key] = v.map((x, i) =>
                typeof x === 'object' && x !== null && !Array.isArray(x) ? setFields(part, itemSchema, { ...x }, `${path}.${i}`) : x,
              );
          } else value[key] = setFields(part, propSchema, { ...(v as Record<string, unknown>) }, path);
        }
      }
      return value;
    };

    const params = fill(route.params, true, 1);
    // A path parameter is always the object the route acts on.
    targets = targets.map((t) => ({ ...t, required: true }));
    const query = fill(route.query, true, 2);
    const headers: Record<string, string> = { authorization: `Bearer ${ctx.token}` };
    if (ctx.actAs) headers['x-act-as-customer'] = String(ctx.actAs.id);
    let body: Call['body'];
    let shown = '';
    if (route.def.multipart) {
      const fields = fill(route.fields, true, 3) ?? {};
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, typeof v === 'string' ? v : JSON.stringify(v));
      const file = uploadFile(route.name, ctx.nameText ?? ctx.home.marker);
      form.append('file', new Blob([file.bytes], { type: file.type }), file.name);
      body = form;
      shown = JSON.stringify({ fields, file: file.name });
    } else if (route.method !== 'GET' && route.body) {
      const value = fill(route.body, false, 4);
      headers['content-type'] = 'application/json';
      body = JSON.stringify(value ?? {});
      shown = body;
    }
    const path = pathFor(route.url, params) + queryString(query);
    return { call: { method: route.method, path, headers, body } as Call, targets, valid, shown: `${route.method} ${path} ${shown}` };
  }

  const describe = (t: Target) => `${t.path}=${t.kind}#${t.id}${t.known ? '' : ' (none made)'}`;
  const issueFields = (a: Answer) =>
    ((a.envelope?.data as { issues?: Array<{ field?: string }> } | null)?.issues ?? []).map((i) => String(i.field ?? ''));
  const namesPath = (a: Answer, path: string) =>
    issueFields(a).some((f) => f === path || path.startsWith(`${f}.`) || f.startsWith(`${path}.`) || f === path.split('.')[0]);

  for (const route of routes) {
    if (route.def.access.kind === 'public') continue;
    for (const caller of callers) {
      const ownSession = async () => (route.name === 'logout' ? signIn(baseUrl, caller.username, caller.password) : caller.token);
      const base = { home: caller.home, attempt: 0, ownName: caller.name };
      // The id-fields of the request: each is tried alone naming the other customer's object, the rest the caller's own.
      const probe = buildCall(route, { ...base, token: caller.token, source: () => caller.other });
      if (!admits(route.def.access, caller.codes)) {
        const built = buildCall(route, { ...base, token: await ownSession(), source: () => caller.other });
        const answer = await send(baseUrl, built.call);
        judge(route.name, caller, '4003', built.targets.map(describe).join(', ') || 'none', answer, built.shown);
        continue;
      }
      if (probe.targets.length === 0) {
        const built = buildCall(route, { ...base, token: await ownSession(), source: () => caller.home });
        const answer = await send(baseUrl, built.call);
        judge(route.name, caller, 'pass', 'none', answer, built.shown, built.valid ? undefined : 'no request found that passes validation');
        continue;
      }
      for (const foreign of probe.targets.map((t) => t.path)) {
        const token = await ownSession();
        const built = buildCall(route, { ...base, token, source: (p) => (p === foreign ? caller.other : caller.home) });
        const target = built.targets.find((t) => t.path === foreign);
        if (!target) continue;
        let expected: Expectation = target.required || route.method !== 'GET' ? '4004' : 'no-leak';
        const answer = await send(baseUrl, built.call);
        let note = built.valid ? undefined : 'no request found that passes validation';
        const code = answer.envelope?.code;
        const granted = code === 0 || (route.def.raw === true && answer.status === 200 && !answer.envelope);
        const echoed = (answer.envelope?.data as Record<string, unknown> | null | undefined)?.[foreign];
        if (
          expected === '4004' &&
          granted &&
          route.write &&
          !target.required &&
          echoed !== undefined &&
          String(echoed) !== String(target.id)
        ) {
          // The write went through but left the reference out (the answer shows the field without it): nothing crossed.
          report.ignoredReferences.push({
            route: route.name,
            as: caller.username,
            target: describe(target),
            answer: answer.text.slice(0, 200),
          });
          expected = 'no-leak';
          note = 'the optional reference was ignored';
        } else if (expected === '4004' && (granted || code === 4100) && route.name !== 'logout') {
          // "Exactly like a missing one": the same call naming a record that does not exist. An answer that differs
          // from it only by the id (an empty list; 4100 naming the field) tells nothing about the other customer's.
          const missing = buildCall(route, { ...base, token, source: (p) => (p === foreign ? NOBODY : caller.home) });
          const again = granted && route.write ? undefined : await send(baseUrl, missing.call);
          const ids = [String(target.id)];
          const same = again !== undefined && again.status === answer.status && normalise(again.text, ids) === normalise(answer.text, ids);
          if (same && (granted || namesPath(answer, foreign)) && !answer.text.includes(caller.other.marker)) {
            report.answeredAsMissing.push({
              route: route.name,
              as: caller.username,
              code: code ?? answer.status,
              target: describe(target),
              answer: answer.text.slice(0, 200),
            });
            expected = 'no-leak';
            note = 'answers as for a missing record';
          } else if (again && code === 4100) {
            note = `a missing record is answered ${again.envelope?.code ?? again.status}: ${again.text.slice(0, 160)}`;
            if (again.envelope?.code === 4004 || (namesPath(answer, foreign) && !same)) note = `told apart from a missing record: ${note}`;
          }
        }
        judge(route.name, caller, expected, describe(target), answer, built.shown, note);
      }
    }
  }

  // Naming another customer's context: refused to anyone but the platform, never ignored (docs/security.md#customer-context).
  for (const caller of callers) {
    const answer = await send(baseUrl, {
      method: 'GET',
      path: '/api/user/info',
      headers: { authorization: `Bearer ${caller.token}`, 'x-act-as-customer': String(caller.other.id) },
    });
    judge(
      'userInfo (X-Act-As-Customer)',
      caller,
      holdsPlatformScope(caller.codes) ? 'pass' : '4003',
      `customer#${caller.other.id}`,
      answer,
      'GET /api/user/info',
    );
  }

  const guarded = routes.filter((r) => r.def.access.kind !== 'public');
  for (const r of guarded) if (!results.some((c) => c.route === r.name)) report.notCovered.push({ route: r.name, reason: 'not called' });
  log(`tenancy: ${report.checks} checks, ${report.violations.length} violations, ${report.unverified.length} unverified`);
  return report;
}

function propsOf(part: SchemaPart, s: JsonSchemaObject): Record<string, JsonSchema> {
  if (s.properties) return s.properties;
  const out: Record<string, JsonSchema> = {};
  for (const b of s.anyOf ?? s.oneOf ?? []) {
    const rb = part.arbs.resolve(b);
    if (typeof rb === 'object' && rb.properties) Object.assign(out, rb.properties);
  }
  return out;
}

function requiredOf(part: SchemaPart, s: JsonSchemaObject): string[] {
  if (s.required) return s.required;
  const branches = (s.anyOf ?? s.oneOf ?? []).map((b) => part.arbs.resolve(b)).filter((b): b is JsonSchemaObject => typeof b === 'object');
  return branches.length > 0 ? branches.map((b) => b.required ?? []).reduce((a, b) => a.filter((k) => b.includes(k))) : [];
}

/** An answer with the given ids and the missing id written alike, to compare a foreign record's answer with a missing one's. */
function normalise(text: string, ids: string[]): string {
  let out = text.replaceAll(String(MISSING_ID), '<id>');
  for (const id of ids) out = out.replace(new RegExp(`(?<![\\w-])${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`, 'g'), '<id>');
  return out;
}

/** Query and path values as the server receives them: text (arrays stay arrays of text). */
function textual(value: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!value) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      Array.isArray(v) ? v.map(String) : typeof v === 'object' && v !== null ? JSON.stringify(v) : v === undefined ? v : String(v),
    ]),
  );
}
