import type { Db } from '../../core/db/index.js';
import type { FileStorage } from '../../core/storage.js';
import { demoBulletin, demoCalendar, demoRun, demoSpecialTitle } from '../grids/demo-texts.js';
import { listPlatforms } from './publishing.js';
import { libraryImage } from './images.js';
import { ensureKinds, listKinds } from './kind-service.js';
import * as service from './service.js';
import { storedUserSetting } from '../../core/auth/user-setting.js';

// The demo's service documents (DEMO=1, docs/articles.md#demo): a published weekly agro-met bulletin written by
// demo-products and approved and published to the customer's website by demo-reviewer, with the library's demo map product embedded, and a draft special
// report; their dates follow the day they are made (grids/demo-texts.ts). Made once: nothing when the customer has any document.

export async function seedDemoArticles(deps: { db: Db; storage: FileStorage }, customerId: number, now = new Date()): Promise<void> {
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
  await ensureKinds(db, customerId, 'zh');
  const kinds = await listKinds(db, customerId, 'zh');
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
  const image = png ? await libraryImage(deps, by(author), `lib-${png.id}`) : null;
  const figure = image ? `<p><img src="${image.path}" alt="图1 ${png!.name.replace(/\.png$/i, '').replace(/"/g, '')}"></p>` : '';

  // Written on the day the demo starts, about the week before it and the cold front of the demo's forecast.
  const calendar = demoCalendar(now, await demoRun(db, customerId, now));
  const bulletin = await service.addArticle(
    db,
    by(author),
    { kindId: weekly.id, ...demoBulletin(calendar, figure), fromTemplate: false },
    'zh',
  );
  await service.transition(db, by(author), bulletin, 'submit', 'zh');
  await service.transition(db, by(reviewer), bulletin, 'approve', 'zh');
  // The reviewer publishes to the customer's website, so the bulletin has a public page and a publication record.
  const website = (await listPlatforms(db, customerId, 'zh')).find((p) => p.type === 'website');
  const setting = await db.selectFrom('app_user').select('setting').where('id', '=', reviewer.id).executeTakeFirstOrThrow();
  const current = storedUserSetting(setting.setting, reviewer.id);
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
    { kindId: special.id, title: demoSpecialTitle(calendar), summary: '', body: '', fromTemplate: true },
    'zh',
  );
}
