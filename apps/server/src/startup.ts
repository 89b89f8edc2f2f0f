import type { Config } from './config.js';
import { openDatabase, type DbHandle } from './core/db/index.js';
import { installModuleMessages } from './messages.js';
import { migrate } from './migrations.js';
import { withStartupLock } from './core/db/startup-lock.js';
import { openStorage } from './core/open-storage.js';
import { consoleCleanupLog, type FileStorage } from './core/storage.js';
import { seedDemoAllocations } from './modules/allocation/service.js';
import { seedForecastTypes } from './modules/grids/catalog.js';
import { seedDemoGrids } from './modules/grids/demo.js';
import { setForecastDayEnd } from './modules/grids/derived.js';
import { GridStore } from './modules/grids/store.js';
import { seed, seedDemoAccounts, type SeedReport } from './modules/seed/seed.js';
import { SHAANXI_STATIONS, seedDemoStations } from './modules/stations/demo.js';
import { seedDemoZoning } from './modules/zoning/demo.js';
import { seedDemoSandstorms } from './modules/disaster/demo.js';
import { seedDemoTravel } from './modules/travel/demo.js';
import { seedDemoWeixin } from './modules/weixin/demo.js';
import { wxSecretBox } from './modules/weixin/setup.js';
import { seedDemoArticles } from './modules/articles/demo.js';
import { makeDemoMapProduct } from './modules/products/demo.js';
import { makeDemoRiskProduct } from './modules/risk/demo.js';

/**
 * What the server runs on: an open, migrated database, its file storage and what seeding created. Start-up is three
 * explicit steps that `main.ts` runs in order and tests pick from: migrate, seed (platform data), demo (demo customer,
 * users, grids, stations, allocations). `buildApp` then only wires routes onto this.
 */
export interface ServerData {
  handle: DbHandle;
  storage: FileStorage;
  seedReport: SeedReport;
  /** Where a dropped idle database connection is reported; the server log replaces the default once it exists. */
  logBackgroundError: (error: Error) => void;
}

/** Step 1: open the database and bring its schema up to date. */
export async function migrateStep(config: Config): Promise<ServerData> {
  // The local folder or an S3 bucket (STORAGE); opening contacts nothing yet.
  const storage = await openStorage(config);
  const handle = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onBackgroundError: (e) => data.logBackgroundError(e),
  });
  const data: ServerData = {
    handle,
    storage,
    seedReport: { demoUsers: [] },
    logBackgroundError: (error) => console.error(`database background error: ${error.message}`),
  };
  try {
    await migrate(data.handle);
  } catch (e) {
    await data.handle.close();
    throw e;
  }
  return data;
}

/** Step 2: the permission catalogue, the platform customer and its admin, the forecast types. Idempotent; all or nothing. */
export async function seedStep(data: ServerData, config: Config): Promise<void> {
  data.seedReport = await data.handle.db.transaction().execute(async (trx) => {
    const report = await seed(trx, { dataDir: config.dataDir, adminPassword: config.adminPassword, scryptLogN: config.scryptLogN });
    await seedForecastTypes(trx);
    return report;
  });
}

/** Step 3 (DEMO=1): the demo customer with one user per feature group, and its grids, stations and allocations. Idempotent. */
export async function demoStep(data: ServerData, config: Config): Promise<void> {
  // The demo's products read derived daily elements (tmax24h, tmin24h): their forecast days must be this
  // configuration's before the app is built (buildApp sets the same).
  setForecastDayEnd(config.dayEndLocalHour);
  await seedDemoAccounts(
    data.handle.db,
    { dataDir: config.dataDir, adminPassword: config.adminPassword, scryptLogN: config.scryptLogN },
    data.seedReport,
  );
  const customerId = data.seedReport.demoCustomerId!;
  await seedDemoGrids(data.handle.db, new GridStore(data.handle.db, data.storage), customerId, {
    dayEndLocalHour: config.dayEndLocalHour,
    stations: SHAANXI_STATIONS,
  });
  await seedDemoStations(data.handle.db, customerId);
  await seedDemoAllocations(data.handle.db, customerId, 'demo-revise');
  await seedDemoZoning(data.handle.db, data.storage, consoleCleanupLog, customerId);
  await seedDemoSandstorms(data.handle.db, customerId);
  await seedDemoTravel(data.handle.db, customerId);
  await seedDemoWeixin(data.handle.db, wxSecretBox(config), data.storage, customerId);
  // The downloads library is never empty for a newcomer: a map product and a risk product of the demo grids, made
  // once (each maker skips a customer that already has one).
  const made = { db: data.handle.db, storage: data.storage, store: new GridStore(data.handle.db, data.storage), log: consoleCleanupLog };
  await makeDemoMapProduct({ ...made, timeZone: config.micapsTimeZone }, customerId);
  await makeDemoRiskProduct(made, customerId);
  // Service documents embed the map product just made.
  await seedDemoArticles(made, customerId);
}

/**
 * The steps a configuration asks for, in order: migrate, seed, and demo when `config.demo` is on; under the database's
 * start-up lock, so that processes starting together on one database take turns (core/db/startup-lock.ts).
 */
export async function prepareServerData(config: Config, steps: { demo?: boolean } = {}): Promise<ServerData> {
  installModuleMessages();
  return withStartupLock(config, async () => {
    const data = await migrateStep(config);
    try {
      await seedStep(data, config);
      if (steps.demo ?? config.demo) await demoStep(data, config);
    } catch (e) {
      await data.handle.close();
      throw e;
    }
    return data;
  });
}
