import { menuForWechat, type Menu } from '@agromet/contracts';
import sharp from 'sharp';
import { DEMO_ACTOR } from '../../core/builtin-names.js';
import type { Db } from '../../core/db/index.js';
import type { FileStorage } from '../../core/storage.js';
import { demoCalendar, demoReminder, demoRun } from '../grids/demo-texts.js';
import { nowIso } from '../../core/db/index.js';
import type { SecretBox } from './secret-box.js';
import type { SimFollower, WechatSimulator } from './simulator.js';

// The demo official account (DEMO=1): one account of the demo customer wired to the simulator started in process, so
// that testing the connection, syncing followers and publishing the menu work without the internet. Its AppID is not
// a real account's and its secret is known only to the simulator.

export const DEMO_WX = {
  name: '陕西农业气象',
  nickname: '陕西农业气象服务',
  wxId: 'gh_5a7c0e1f2b3d',
  appId: 'wx5a7c0e1f2b3d4c6e',
  secret: 'demo-appsecret-5a7c0e1f2b3d4c6e',
  token: 'agrometdemo2026',
} as const;

const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴', '徐', '孙'];
const GIVEN = ['建国', '秀英', '志强', '桂兰', '海燕', '明', '军', '丽', '勇', '芳', '磊', '静'];
export const DEMO_TAGS = [
  { id: 100, name: '种植大户' },
  { id: 101, name: '合作社' },
  { id: 102, name: '果农' },
];

/** 36 followers of the demo account: farmers, co-operatives and fruit growers of Shaanxi. */
export const DEMO_FOLLOWERS: SimFollower[] = Array.from({ length: 36 }, (_, k) => ({
  openid: `oDemo${String(k + 1).padStart(4, '0')}Shaanxi`,
  nickname: `${SURNAMES[k % SURNAMES.length]}${GIVEN[(k * 5) % GIVEN.length]}`,
  language: 'zh_CN',
  subscribe_time: Math.floor(Date.parse('2026-03-01T00:00:00Z') / 1000) + k * 86_400 * 5,
  tagid_list: k % 3 === 0 ? [100] : k % 3 === 1 ? [101] : [102, 100],
  remark: '',
}));

export const DEMO_MENU: Menu = menuForWechat({
  button: [
    { type: 'click', name: '今日天气', key: 'TODAY_WEATHER' },
    {
      name: '农业气象',
      sub_button: [
        { type: 'click', name: '农事建议', key: 'FARM_ADVICE' },
        { type: 'view', name: '农业气象周报', url: 'https://agromet.example.cn/bulletins/weekly' },
        { type: 'view', name: '作物气候区划', url: 'https://agromet.example.cn/zoning' },
      ],
    },
    { type: 'view', name: '预警信息', url: 'https://agromet.example.cn/warnings' },
  ],
});

/** The demo account's picture in WeChat's library (its media id is fixed, so the simulator has it after a restart). */
export const DEMO_MEDIA = { mediaId: 'demoMediaWheatField01', name: '关中麦田.png', width: 640, height: 480 } as const;

/** A plain picture for the demo library: a wheat-field palette, sky above and a field below. */
async function demoPicture(): Promise<Buffer> {
  const { width, height } = DEMO_MEDIA;
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const k = (y * width + x) * 3;
      const sky = y < height * 0.45;
      raw[k] = sky ? 120 + Math.round((60 * y) / height) : 150 + Math.round((60 * x) / width);
      raw[k + 1] = sky ? 180 : 170 - Math.round((40 * (y - height * 0.45)) / height);
      raw[k + 2] = sky ? 235 : 60;
    }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** The demo account in the simulator: its secret, followers, tags, the published menu and the library's picture. */
export function seedDemoSimulator(sim: WechatSimulator): void {
  const app = sim.addApp(DEMO_WX.appId, DEMO_WX.secret, {
    followers: structuredClone(DEMO_FOLLOWERS),
    tags: DEMO_TAGS,
    menu: structuredClone(DEMO_MENU),
  });
  app.materials.push({ media_id: DEMO_MEDIA.mediaId, type: 'image', name: DEMO_MEDIA.name, size: 0, update_time: 1_764_000_000 });
}

/** The demo account of the demo customer, made once with its followers, published menu, a picture and a sent message. */
export async function seedDemoWeixin(db: Db, box: SecretBox, storage: FileStorage, customerId: number): Promise<void> {
  if (await db.selectFrom('wx_account').select('id').where('app_id', '=', DEMO_WX.appId).executeTakeFirst()) return;
  const now = nowIso();
  const account = await db
    .insertInto('wx_account')
    .values({
      customer_id: customerId,
      name: DEMO_WX.name,
      nickname: DEMO_WX.nickname,
      wx_id: DEMO_WX.wxId,
      app_id: DEMO_WX.appId,
      secret_sealed: box.seal(DEMO_WX.secret),
      token_sealed: box.seal(DEMO_WX.token),
      last_call_at: null,
      last_test_at: null,
      last_test_code: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('wx_follower')
    .values(
      DEMO_FOLLOWERS.map((f) => ({
        account_id: account.id,
        open_id: f.openid,
        nickname: f.nickname,
        tag_ids: JSON.stringify(f.tagid_list),
        subscribed: 1,
        subscribe_time: new Date(f.subscribe_time * 1000).toISOString(),
        language: f.language,
        synced_at: now,
      })),
    )
    .execute();
  const menu = JSON.stringify(DEMO_MENU);
  await db
    .insertInto('wx_menu')
    .values({ account_id: account.id, draft: menu, published: menu, published_at: now, published_by: DEMO_ACTOR })
    .execute();
  // A picture in the library: our copy first, then the row naming it.
  const picture = await demoPicture();
  const key = `weixin/${account.id}/demo-wheat-field.png`;
  await storage.put(key, picture);
  await db
    .insertInto('wx_media')
    .values({
      account_id: account.id,
      type: 'image',
      name: DEMO_MEDIA.name,
      media_id: DEMO_MEDIA.mediaId,
      format: 'png',
      size: picture.length,
      storage_key: key,
      uploaded_by: DEMO_ACTOR,
      created_at: now,
    })
    .execute();
  // One send in the history, approved and reported as WeChat reports a finished job.
  const author = await db.selectFrom('app_user').select(['id', 'name']).where('username', '=', 'demo-weixin').executeTakeFirst();
  const sentAt = new Date(Date.parse(now) - 2 * 86_400_000).toISOString();
  await db
    .insertInto('wx_send')
    .values({
      account_id: account.id,
      kind: 'text',
      // The cold spell of the demo's forecast, dated from the day it was sent (never a day already past then).
      content: demoReminder(demoCalendar(new Date(sentAt), await demoRun(db, customerId, new Date(now)))),
      article_id: null,
      target: 'all',
      tag_id: null,
      state: 'sent',
      client_msg_id: `agromet-${account.id}-demo-1`,
      created_by_id: author?.id ?? 0,
      created_by: author?.name ?? DEMO_ACTOR,
      approved_by: '公众号群发审核员',
      approved_at: sentAt,
      msg_id: '1000000001',
      total_count: DEMO_FOLLOWERS.length,
      sent_count: DEMO_FOLLOWERS.length,
      error_count: 0,
      errcode: null,
      created_at: sentAt,
      updated_at: sentAt,
    })
    .execute();
}
