import { DEMO_ACTOR } from '../../core/builtin-names.js';
import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';

// Demo scenic spots (DEMO=1) of the demo customer's province, Shaanxi: real sights with their grade under GB/T 17775,
// county codes and positions; opening hours and prices are plausible, not official. A few visitors' comments, some
// passed, some waiting for moderation (one with a word of the demo's sensitive-word list).

const SPOTS = [
  {
    name: '秦始皇帝陵博物院（兵马俑）',
    grade: 'AAAAA',
    code: '610115',
    lon: 109.278,
    lat: 34.384,
    hours: '08:30–18:00（3月16日–11月15日）',
    price: 120,
    published: 1,
    address: '西安市临潼区秦陵北路',
  },
  {
    name: '华山',
    grade: 'AAAAA',
    code: '610582',
    lon: 110.087,
    lat: 34.478,
    hours: '07:00–19:00',
    price: 160,
    published: 1,
    address: '渭南市华阴市华山风景名胜区',
  },
  {
    name: '大雁塔·大唐芙蓉园',
    grade: 'AAAAA',
    code: '610113',
    lon: 108.964,
    lat: 34.219,
    hours: '09:00–22:00',
    price: 120,
    published: 1,
    address: '西安市雁塔区芙蓉西路99号',
  },
  {
    name: '黄帝陵',
    grade: 'AAAAA',
    code: '610632',
    lon: 109.263,
    lat: 35.579,
    hours: '07:30–18:30',
    price: 75,
    published: 1,
    address: '延安市黄陵县桥山',
  },
  {
    name: '黄河壶口瀑布',
    grade: 'AAAAA',
    code: '610630',
    lon: 110.447,
    lat: 36.148,
    hours: '07:00–19:00',
    price: 100,
    published: 1,
    address: '延安市宜川县壶口镇',
  },
  {
    name: '太白山国家森林公园',
    grade: 'AAAAA',
    code: '610326',
    lon: 107.76,
    lat: 34.08,
    hours: '08:00–17:00',
    price: 90,
    published: 1,
    address: '宝鸡市眉县汤峪镇',
  },
  {
    name: '延安革命纪念馆',
    grade: 'AAAAA',
    code: '610602',
    lon: 109.472,
    lat: 36.611,
    hours: '09:00–17:00（周一闭馆）',
    price: null,
    published: 1,
    address: '延安市宝塔区王家坪',
  },
  {
    name: '红碱淖',
    grade: 'AAAA',
    code: '610881',
    lon: 109.87,
    lat: 39.09,
    hours: '08:00–18:00',
    price: 40,
    published: 1,
    address: '榆林市神木市尔林兔镇',
  },
  {
    name: '镇北台',
    grade: 'AAAA',
    code: '610802',
    lon: 109.752,
    lat: 38.33,
    hours: '08:00–18:00',
    price: 30,
    published: 1,
    address: '榆林市榆阳区红山',
  },
  {
    name: '汉中油菜花海（洋县华阳）',
    grade: 'AAAA',
    code: '610723',
    lon: 107.55,
    lat: 33.23,
    hours: '全天开放',
    price: null,
    published: 0,
    address: '汉中市洋县',
  },
] as const;

const COMMENTS: Array<[spot: number, rating: number, text: string, nickname: string, status: 'passed' | 'pending']> = [
  [0, 5, '兵马俑气势恢宏，建议请讲解员，一号坑最震撼。', '长安游客', 'passed'],
  [0, 4, '人很多，建议早上开馆就进，带好身份证。', '小李', 'passed'],
  [1, 5, '西峰日出太美了，长空栈道需要排队。', '登山者', 'passed'],
  [1, 3, '索道排队两个小时，下山腿软。', '阿强', 'pending'],
  [4, 5, '春季桃花汛时水量最大，黄色的瀑布很壮观！', '黄河边', 'passed'],
  [2, 4, '晚上的灯光秀很漂亮，大唐不夜城人山人海。', 'Lucy', 'pending'],
  [7, 2, '加微信买便宜门票，假票广告', '推广号', 'pending'],
];

/** The demo's sensitive words (the customer edits them on the comments page). */
export const DEMO_SENSITIVE_WORDS = ['假票', '加微信', '代购'];

/** Made once, when the demo customer has no spot yet (the landscapes when it has none of them). */
export async function seedDemoTravel(db: Db, customerId: number): Promise<number> {
  const any = await db.selectFrom('travel_spot').select('id').where('customer_id', '=', customerId).executeTakeFirst();
  if (any) {
    await seedDemoLandscapes(db, customerId);
    await seedDemoGreenwaysAndRoutes(db, customerId);
    return 0;
  }
  const now = nowIso();
  const ids: number[] = [];
  for (const s of SPOTS) {
    const row = await db
      .insertInto('travel_spot')
      .values({
        customer_id: customerId,
        name: s.name,
        grade: s.grade,
        region_code: s.code,
        address: s.address,
        lon: s.lon,
        lat: s.lat,
        opening_hours: s.hours,
        ticket_price: s.price,
        phone: '',
        photos: '[]',
        description: '',
        published: s.published,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  await db
    .insertInto('travel_comment')
    .values(
      COMMENTS.map(([spot, rating, text, nickname, status], k) => ({
        customer_id: customerId,
        target_type: 'spot',
        target_id: ids[spot]!,
        rating,
        text,
        nickname,
        status,
        flagged: JSON.stringify(DEMO_SENSITIVE_WORDS.filter((w) => text.includes(w))),
        created_at: new Date(Date.parse(now) - (COMMENTS.length - k) * 3_600_000).toISOString(),
        moderated_at: status === 'passed' ? now : null,
        moderated_by: status === 'passed' ? DEMO_ACTOR : '',
      })),
    )
    .execute();
  await db
    .insertInto('travel_sensitive_word')
    .values(DEMO_SENSITIVE_WORDS.map((word) => ({ customer_id: customerId, word })))
    .execute();
  await seedDemoLandscapes(db, customerId);
  await seedDemoGreenwaysAndRoutes(db, customerId);
  return ids.length;
}

export const DEMO_SPOT_COUNT = SPOTS.length;
export const DEMO_PUBLISHED_SPOTS = SPOTS.filter((s) => s.published === 1).length;

/** Seasonal landscapes of the demo spots: the season and the weather each needs are plausible for Shaanxi. */
const LANDSCAPES = [
  {
    name: '洋县华阳油菜花海',
    kind: 'rape-flowers',
    spot: '汉中油菜花海（洋县华阳）',
    code: '610723',
    lon: 107.55,
    lat: 33.23,
    from: '03-05',
    to: '04-05',
    weather: { tempMin: 3, tempMax: null, maxWind: 8, precipitation: 'none' },
    published: 1,
  },
  {
    name: '华山云海',
    kind: 'sea-of-clouds',
    spot: '华山',
    code: '610582',
    lon: 110.08,
    lat: 34.48,
    from: '05-01',
    to: '10-31',
    weather: { tempMin: null, tempMax: null, maxWind: 6, precipitation: 'any' },
    published: 1,
  },
  {
    name: '太白积雪',
    kind: 'snow',
    spot: '太白山国家森林公园',
    code: '610326',
    lon: 107.77,
    lat: 34.05,
    from: '11-15',
    to: '04-15',
    weather: { tempMin: null, tempMax: 0, maxWind: null, precipitation: 'needed' },
    published: 1,
  },
  {
    name: '壶口桃花汛',
    kind: 'waterfall',
    spot: '黄河壶口瀑布',
    code: '610630',
    lon: 110.45,
    lat: 36.15,
    from: '03-25',
    to: '04-20',
    weather: { tempMin: 5, tempMax: null, maxWind: 10, precipitation: 'any' },
    published: 1,
  },
  {
    name: '黄帝陵古柏秋色',
    kind: 'autumn-leaves',
    spot: '黄帝陵',
    code: '610632',
    lon: 109.26,
    lat: 35.58,
    from: '10-15',
    to: '11-10',
    weather: { tempMin: null, tempMax: null, maxWind: 8, precipitation: 'none' },
    published: 0,
  },
] as const;

export async function seedDemoLandscapes(db: Db, customerId: number): Promise<number> {
  const any = await db.selectFrom('travel_landscape').select('id').where('customer_id', '=', customerId).executeTakeFirst();
  if (any) return 0;
  const spots = new Map(
    (await db.selectFrom('travel_spot').select(['id', 'name']).where('customer_id', '=', customerId).execute()).map((s) => [s.name, s.id]),
  );
  const now = nowIso();
  await db
    .insertInto('travel_landscape')
    .values(
      LANDSCAPES.map((l) => ({
        customer_id: customerId,
        name: l.name,
        kind: l.kind,
        spot_id: spots.get(l.spot) ?? null,
        region_code: l.code,
        lon: l.lon,
        lat: l.lat,
        best_from: l.from,
        best_to: l.to,
        weather: JSON.stringify(l.weather),
        photos: '[]',
        description: '',
        published: l.published,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  return LANDSCAPES.length;
}

export const DEMO_LANDSCAPE_COUNT = LANDSCAPES.length;

// Greenways of Xi'an (the city wall's cycling loop, the Chan–Ba riverside path, the Qinling foothill road) traced
// roughly, and routes through the demo's spots and landscapes.
const GREENWAYS = [
  {
    name: '西安城墙骑行环线',
    code: '610103',
    line: [
      [108.9285, 34.2525],
      [108.9675, 34.2525],
      [108.9675, 34.2735],
      [108.9285, 34.2735],
      [108.9285, 34.2525],
    ],
    surface: 'concrete',
    difficulty: 'easy',
    start: '永宁门（南门）',
    end: '永宁门（南门）',
    published: 1,
  },
  {
    name: '浐灞生态绿道',
    code: '610111',
    line: [
      [109.0205, 34.3305],
      [109.0302, 34.3021],
      [109.0441, 34.2716],
      [109.0498, 34.2412],
    ],
    surface: 'asphalt',
    difficulty: 'easy',
    start: '浐灞湿地公园',
    end: '灞桥生态湿地',
    published: 1,
  },
  {
    name: '秦岭环山绿道（长安段）',
    code: '610116',
    line: [
      [108.8012, 34.0521],
      [108.8633, 34.0384],
      [108.9401, 34.0302],
      [109.0125, 34.0417],
      [109.0893, 34.0555],
    ],
    surface: 'mixed',
    difficulty: 'moderate',
    start: '沣峪口',
    end: '汤峪',
    published: 0,
  },
] as const;

const ROUTES = [
  {
    name: '关中古迹两日游',
    days: 2,
    stops: [
      ['spot', '大雁塔·大唐芙蓉园'],
      ['spot', '秦始皇帝陵博物院（兵马俑）'],
      ['spot', '华山'],
    ],
    published: 1,
  },
  {
    name: '陕北红色与黄河三日游',
    days: 3,
    stops: [
      ['spot', '黄帝陵'],
      ['spot', '延安革命纪念馆'],
      ['spot', '黄河壶口瀑布'],
    ],
    published: 1,
  },
  {
    name: '秦岭云海与积雪',
    days: 2,
    stops: [
      ['landscape', '华山云海'],
      ['landscape', '太白积雪'],
    ],
    published: 0,
  },
] as const;

export async function seedDemoGreenwaysAndRoutes(db: Db, customerId: number): Promise<void> {
  const now = nowIso();
  const anyGreenway = await db.selectFrom('travel_greenway').select('id').where('customer_id', '=', customerId).executeTakeFirst();
  if (!anyGreenway)
    await db
      .insertInto('travel_greenway')
      .values(
        GREENWAYS.map((g) => ({
          customer_id: customerId,
          name: g.name,
          region_code: g.code,
          line: JSON.stringify(g.line),
          surface: g.surface,
          difficulty: g.difficulty,
          start_name: g.start,
          end_name: g.end,
          published: g.published,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  const anyRoute = await db.selectFrom('travel_route').select('id').where('customer_id', '=', customerId).executeTakeFirst();
  if (anyRoute) return;
  const ids = new Map<string, number>();
  for (const r of await db.selectFrom('travel_spot').select(['id', 'name']).where('customer_id', '=', customerId).execute())
    ids.set(`spot:${r.name}`, r.id);
  for (const r of await db.selectFrom('travel_landscape').select(['id', 'name']).where('customer_id', '=', customerId).execute())
    ids.set(`landscape:${r.name}`, r.id);
  const routes = ROUTES.map((r) => ({
    ...r,
    refs: r.stops.flatMap(([type, name]) => {
      const id = ids.get(`${type}:${name}`);
      return id ? [{ type, id }] : [];
    }),
  })).filter((r) => r.refs.length >= 2);
  if (routes.length > 0)
    await db
      .insertInto('travel_route')
      .values(
        routes.map((r) => ({
          customer_id: customerId,
          name: r.name,
          days: r.days,
          stops: JSON.stringify(r.refs),
          published: r.published,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
}

export const DEMO_GREENWAY_COUNT = GREENWAYS.length;
export const DEMO_ROUTE_COUNT = ROUTES.length;
