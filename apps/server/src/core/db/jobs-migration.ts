import type { Kysely, Migration } from 'kysely';

/**
 * A job's payload is kept in its row, and how many times a process took it up: a job whose process died is taken up
 * again by another (or by the same after a restart) from the row alone, up to a bound (docs/architecture.md#how-a-job-runs).
 */
export function jobPayloadMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('job').addColumn('payload', 'text').execute();
      await db.schema
        .alterTable('job')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      // The stale-job sweep looks for unfinished jobs untouched for a while.
      await db.schema.createIndex('job_status_idx').on('job').columns(['status', 'updated_at']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('job_status_idx').execute();
      await db.schema.alterTable('job').dropColumn('attempts').execute();
      await db.schema.alterTable('job').dropColumn('payload').execute();
    },
  };
}
