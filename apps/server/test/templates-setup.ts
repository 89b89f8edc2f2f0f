import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Names the start-up templates of this run (test/helpers.ts), so that its teardown removes its own only. */
    templateRun: string;
  }
}

/**
 * The API projects' global set-up: a name for this run's start-up templates (a migrated, seeded and, for DEMO, demo
 * database and data folder that test apps are copied from), and their removal when the run ends. Another run beside
 * this one (a second checkout) keeps its own.
 */
export default function setup(project: TestProject) {
  const run = `${process.pid.toString(36)}${randomBytes(3).toString('hex')}`;
  project.provide('templateRun', run);
  return async () => {
    for (const entry of fs.readdirSync(os.tmpdir())) {
      if (entry.startsWith(`agromet-tpl-${run}-`)) fs.rmSync(path.join(os.tmpdir(), entry), { recursive: true, force: true });
    }
    const base = process.env.TEST_DATABASE_URL;
    if (!base) return;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [
        `agromet_tpl_${run}_%`,
      ]);
      for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  };
}
