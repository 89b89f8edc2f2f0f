import type { Db } from '../../core/db/index.js';
import type { FileStorage } from '../../core/storage.js';
import { listPlatforms } from './publishing.js';
import * as service from './service.js';

// The demo's service documents (DEMO=1, docs/articles.md#demo): a published weekly agro-met bulletin written by
// demo-products and approved and published to the customer's website by demo-reviewer, with the library's demo map product embedded, and a draft special
// report. Made once: nothing when the customer has any document.

export async function seedDemoArticles(deps: { db: Db; storage: FileStorage }, customerId: number): Promise<void> {
  const { db } = deps;
  const any = await db.selectFrom('article').select('id').where('customer_id', '=', customerId).limit(1).executeTakeFirst();
  if (any) return;
  const users = await db
    .selectFrom('app_user')
    .select(['id', 'name', 'username'])
    .where('customer_id', '=', customerId)
    .where('username', 'in', ['demo-products', 'demo-reviewer'])
    .execute();
  const author = users.find((u) => u.username === 'demo-products');
  const reviewer = users.find((u) => u.username === 'demo-reviewer');
  if (!author || !reviewer) return;
  const by = (u: { id: number; name: string }) => ({ userId: u.id, name: u.name, customerId });
  await service.ensureKinds(db, customerId, 'zh');
  const kinds = await service.listKinds(db, customerId, 'zh');
  const weekly = kinds[0]!;
  const special = kinds[1] ?? weekly;

  // A PNG of the library (the demo map product), copied as an embeddable image.
  const png = await db
    .selectFrom('download_file')
    .select(['id', 'name'])
    .where('customer_id', '=', customerId)
    .where('content_type', '=', 'image/png')
    // The map product before the risk map when both are there.
    .orderBy((eb) => eb.case().when('kind', '=', 'map-product').then(0).else(1).end())
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const image = png ? await service.libraryImage(deps, by(author), `lib-${png.id}`) : null;
  const figure = image ? `<p><img src="${image.path}" alt="图1 ${png!.name.replace(/\.png$/i, '').replace(/"/g, '')}"></p>` : '';

  const body =
    '<h2>一、天气实况</h2>' +
    '<p>过去一周（11 月 17 日—23 日），全省平均气温 6.8℃，较常年同期偏高 1.2℃；关中、陕北大部无降水，陕南降水量 3～8 毫米，偏少五成以上。</p>' +
    '<table><tbody><tr><th>区域</th><th>平均气温（℃）</th><th>距平（℃）</th><th>降水量（毫米）</th></tr>' +
    '<tr><td>陕北</td><td>2.9</td><td>+1.0</td><td>0.0</td></tr>' +
    '<tr><td>关中</td><td>8.1</td><td>+1.4</td><td>0.6</td></tr>' +
    '<tr><td>陕南</td><td>9.7</td><td>+1.1</td><td>5.2</td></tr></tbody></table>' +
    '<h2>二、农业气象影响</h2>' +
    '<p>气温偏高利于冬小麦分蘖和油菜越冬前壮苗，但关中东部土壤墒情持续下降，部分旱地 0～20 厘米土壤相对湿度已低于 60%。</p>' +
    '<h2>三、未来一周天气预报</h2>' +
    '<p>预计 11 月 25 日前后有一次冷空气过程，关中、陕北降温 6～8℃，并伴有 4～5 级偏北风；陕南有小雨。</p>' +
    figure +
    '<h2>四、农事建议</h2>' +
    '<ol><li><p>关中旱地麦田适时冬灌，灌水量每亩 40～50 立方米，避开降温时段。</p></li>' +
    '<li><p>设施农业加强保温，防范降温和大风的不利影响。</p></li>' +
    '<li><p>陕南油菜田及时清沟排湿，追施苗肥。</p></li></ol>';
  const bulletin = await service.addArticle(
    db,
    by(author),
    {
      kindId: weekly.id,
      title: '冬小麦分蘖期墒情偏差，关中旱地宜适时冬灌',
      summary: '气温偏高、降水偏少；25 日前后冷空气降温。',
      body,
      fromTemplate: false,
    },
    'zh',
  );
  await service.transition(db, by(author), bulletin, 'submit', 'zh');
  await service.transition(db, by(reviewer), bulletin, 'approve', 'zh');
  // The reviewer publishes to the customer's website, so the bulletin has a public page and a publication record.
  const website = (await listPlatforms(db, customerId, 'zh')).find((p) => p.type === 'website');
  const setting = await db.selectFrom('app_user').select('setting').where('id', '=', reviewer.id).executeTakeFirstOrThrow();
  const current = JSON.parse(setting.setting || '{}') as { articlePlatform?: string[] };
  if (website && !current.articlePlatform?.length)
    await db
      .updateTable('app_user')
      .set({ setting: JSON.stringify({ ...current, articlePlatform: [String(website.id)] }) })
      .where('id', '=', reviewer.id)
      .execute();
  await service.transition(db, by(reviewer), bulletin, 'publish', 'zh');

  await service.addArticle(
    db,
    by(author),
    { kindId: special.id, title: '2026 年秋播作物冬前苗情气象条件分析', summary: '', body: '', fromTemplate: true },
    'zh',
  );
}
