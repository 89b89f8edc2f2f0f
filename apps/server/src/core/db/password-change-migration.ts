import type { Kysely, Migration } from 'kysely';

/**
 * A user whose password an administrator set (a new user, a reset) must choose their own at the next sign-in
 * (docs/security.md#initial-passwords): until then the session may only read who it is, change the password or sign out.
 */
export function passwordChangeMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('app_user')
        .addColumn('password_must_change', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('app_user').dropColumn('password_must_change').execute();
    },
  };
}
