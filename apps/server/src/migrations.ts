import type { Migration, MigrationProvider } from 'kysely';
import { runMigrations, type DbHandle } from './core/db/index.js';
import type { Dialect } from './core/db/dialect.js';
import { entitlementsMigration } from './core/db/entitlements-migration.js';
import { jobPayloadMigration } from './core/db/jobs-migration.js';
import { foundationMigration } from './core/db/migrations.js';
import { passwordChangeMigration } from './core/db/password-change-migration.js';
import { separationOfDutiesMigration } from './core/db/separation-of-duties-migration.js';
import { articlePublishMigration, articlesMigration } from './modules/articles/migrations.js';
import { cropCalendarMigration } from './modules/crop-calendar/migrations.js';
import { disasterMigration } from './modules/disaster/migrations.js';
import { downloadsMigration } from './modules/downloads/migrations.js';
import { boundariesMigration } from './modules/gis/migrations.js';
import { gridsMigration } from './modules/grids/migrations.js';
import { productScheduleMigration, productsMigration } from './modules/products/migrations.js';
import { reviseMigration } from './modules/revise/migrations.js';
import { riskMigration, riskStagesMigration } from './modules/risk/migrations.js';
import { travelGreenwayRouteMigration, travelLandscapeMigration, travelMigration } from './modules/travel/migrations.js';
import { weixinCallbackReplayMigration, weixinMediaMigration, weixinMigration, weixinSendMigration } from './modules/weixin/migrations.js';
import { zoningMigration, zoningVetoesMigration } from './modules/zoning/migrations.js';

/**
 * Every migration of the server, in the one order they were written: the shared tables' from core/db, each module's from
 * modules/<area>/migrations.ts. A new one is appended here with the next free number; a name, once released, never
 * changes (databases record it). Kysely runs them by name and still takes a newcomer whose number is below one already run.
 */
export function migrationList(dialect: Dialect): ReadonlyArray<readonly [name: string, migration: Migration]> {
  return [
    ['0001_foundation', foundationMigration(dialect)],
    ['0002_grids', gridsMigration(dialect)],
    ['0003_revise', reviseMigration(dialect)],
    ['0004_boundaries', boundariesMigration(dialect)],
    ['0005_zoning', zoningMigration(dialect)],
    ['0007_products', productsMigration(dialect)],
    ['0010_disaster', disasterMigration(dialect)],
    ['0011_travel', travelMigration(dialect)],
    ['0012_travel_landscape', travelLandscapeMigration(dialect)],
    ['0015_articles', articlesMigration(dialect)],
    ['0006_downloads', downloadsMigration(dialect)],
    ['0009_risk', riskMigration(dialect)],
    ['0020_product_schedule', productScheduleMigration(dialect)],
    ['0021_article_publish', articlePublishMigration(dialect)],
    ['0030_password_change', passwordChangeMigration()],
    ['0031_travel_greenway_route', travelGreenwayRouteMigration(dialect)],
    ['0032_weixin', weixinMigration(dialect)],
    ['0033_weixin_send', weixinSendMigration(dialect)],
    ['0034_weixin_media', weixinMediaMigration(dialect)],
    ['0035_job_payload', jobPayloadMigration()],
    ['0036_weixin_callback_replay', weixinCallbackReplayMigration(dialect)],
    ['0037_separation_of_duties', separationOfDutiesMigration()],
    ['0039_zoning_vetoes', zoningVetoesMigration()],
    ['0040_crop_calendar', cropCalendarMigration(dialect)],
    ['0041_risk_stages', riskStagesMigration(dialect)],
    ['0042_customer_entitlements', entitlementsMigration()],
  ];
}

/** The list as Kysely's migrator takes it. */
export function migrationProvider(dialect: Dialect): MigrationProvider {
  return {
    async getMigrations() {
      return Object.fromEntries(migrationList(dialect));
    },
  };
}

/** Runs pending migrations; throws with the failing migration's name. */
export function migrate(handle: DbHandle): Promise<void> {
  return runMigrations(handle, migrationProvider(handle.dialect));
}
