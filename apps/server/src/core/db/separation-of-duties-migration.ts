import type { Kysely, Migration } from 'kysely';

/**
 * Separation of duties (docs/security.md#separation-of-duties): writing and approving a service product, and composing
 * and approving a mass send, were one code each. The former code stays the writing code and a new code approves; every
 * role that held the former code gets the approving code too, so no role loses anything it could do (an author still
 * cannot approve their own work). A role is split by hand afterwards, in the role editor.
 *
 * The codes and texts are written out here rather than taken from the contracts, so that later changes there do not
 * change what this migration did. The built-in names are rewritten only while they are still the seed's (a renamed
 * code keeps its name); the new codes enter the catalogue with the next start's seed like any missing built-in code.
 */
const SPLITS = [
  {
    write: 'serviceproducts.all.admin',
    approve: 'serviceproducts.all.approve',
    before: { name: '服务产品', description: '服务产品管理' },
    after: { name: '服务产品编写', description: '服务产品的编写与提交、类型与发布平台' },
  },
  {
    write: 'wx-mp-manage.send.admin',
    approve: 'wx-mp-manage.send.approve',
    before: { name: '公众号群发', description: '公众号消息发送' },
    after: { name: '公众号群发编写', description: '公众号群发的编写、预览与重发' },
  },
] as const;

/** Rows per insert (well under SQLite's and PostgreSQL's limits on bound parameters). */
const CHUNK = 400;

async function rename(
  db: Kysely<any>,
  code: string,
  from: { name: string; description: string },
  to: { name: string; description: string },
) {
  await db.updateTable('permission').set({ name: to.name }).where('code', '=', code).where('name', '=', from.name).execute();
  await db
    .updateTable('permission')
    .set({ description: to.description })
    .where('code', '=', code)
    .where('description', '=', from.description)
    .execute();
}

export function separationOfDutiesMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      for (const split of SPLITS) {
        const holders = await db.selectFrom('role_permission').select('role_id').where('permission_code', '=', split.write).execute();
        const already = await db.selectFrom('role_permission').select('role_id').where('permission_code', '=', split.approve).execute();
        const has = new Set(already.map((r) => Number(r.role_id)));
        const rows = holders
          .map((r) => Number(r.role_id))
          .filter((id) => !has.has(id))
          .map((id) => ({ role_id: id, permission_code: split.approve }));
        for (let i = 0; i < rows.length; i += CHUNK)
          await db
            .insertInto('role_permission')
            .values(rows.slice(i, i + CHUNK))
            .execute();
        await rename(db, split.write, split.before, split.after);
      }
    },
    async down(db: Kysely<any>) {
      for (const split of SPLITS) {
        await db.deleteFrom('role_permission').where('permission_code', '=', split.approve).execute();
        await db.deleteFrom('permission').where('code', '=', split.approve).execute();
        await rename(db, split.write, split.after, split.before);
      }
    },
  };
}
