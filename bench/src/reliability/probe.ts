// A quick run of the reliability checks against one server: node --import tsx bench/src/reliability/probe.ts
// SQLite by default; BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test for PostgreSQL. The server is the
// build in apps/server/dist (or SERVER_DIST): npm run build -w @agromet/server first.
// PROBE_CALLS (default 1500), PROBE_SECONDS (default 240), PROBE_SEED (default 1), PROBE_ONLY=fuzz|tenancy.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_ROLE_GROUPS } from '../../../apps/server/src/modules/seed/seed.js';
import { newPostgresDatabase, startServer } from '../server.js';
import { callJson, signIn } from './api-routes.js';
import { fuzzApi, postgresFingerprint, sqliteFingerprint } from './fuzz.js';
import { checkTenancy } from './tenancy.js';

const ADMIN_PASSWORD = 'Bench-Admin-1';
const THROWAWAY_PASSWORD = 'Throw-Away-1';

async function main() {
  const calls = Number(process.env.PROBE_CALLS ?? 1500);
  const seconds = Number(process.env.PROBE_SECONDS ?? 240);
  const seed = Number(process.env.PROBE_SEED ?? 1);
  const only = process.env.PROBE_ONLY;
  // The probe makes the database itself (startServer would make one it does not name), so it can fingerprint it.
  const base = process.env.BENCH_DATABASE_URL?.trim();
  delete process.env.BENCH_DATABASE_URL;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agromet-probe-'));
  const database = base ? await newPostgresDatabase(base, 'agromet_probe') : undefined;
  const server = await startServer({
    DEMO: '1',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD,
    ...(database ? { DATABASE_URL: database.url } : {}),
  });
  const engine = database ? 'PostgreSQL' : 'SQLite';
  const fingerprint = database ? postgresFingerprint(database.url) : sqliteFingerprint(path.join(dataDir, 'agromet.sqlite'));
  try {
    const url = server.url;
    const tokens: Record<string, string> = { admin: await signIn(url, 'admin', ADMIN_PASSWORD) };
    for (const g of DEMO_ROLE_GROUPS) tokens[g.username] = await signIn(url, g.username, ADMIN_PASSWORD);
    console.log(`${engine}: server at ${url}, ${Object.keys(tokens).length} sessions`);

    if (only !== 'fuzz') {
      const t0 = Date.now();
      const tenancy = await checkTenancy({
        baseUrl: url,
        adminToken: tokens.admin!,
        users: DEMO_ROLE_GROUPS.map((g) => ({ username: g.username, password: ADMIN_PASSWORD })),
        log: (l) => console.log(l),
      });
      console.log(`\ntenancy (${engine}, ${((Date.now() - t0) / 1000).toFixed(1)} s)`);
      console.log(
        JSON.stringify(
          {
            checks: tenancy.checks,
            byExpectation: tenancy.byExpectation,
            violations: tenancy.violations,
            unverified: tenancy.unverified.length,
            answeredAsMissing: tenancy.answeredAsMissing.map((a) => `${a.route} as ${a.as}: ${a.code}`),
            objectsMissing: Object.entries(tenancy.objects)
              .filter(([, v]) => v.first === undefined || v.second === undefined)
              .map(([k, v]) => `${k} (${v.first === undefined ? 'first' : 'second'})`),
            notCovered: tenancy.notCovered,
          },
          null,
          1,
        ),
      );
      write(`tenancy-${engine}.json`, { ...tenancy, results: undefined });
    }

    if (only !== 'tenancy') {
      // A user of the demo customer without roles, for sign-out and password-change calls.
      const customers = (await callJson(url, tokens.admin, 'GET', '/api/customer/options')).data as Array<{ id: number; name: string }>;
      const demoCustomer = customers.find((c) => c.name.includes('示例')) ?? customers[customers.length - 1]!;
      const added = await callJson(url, tokens.admin, 'POST', '/api/user/add', {
        username: 'fuzz-throwaway',
        password: THROWAWAY_PASSWORD,
        name: 'fuzz throw-away',
        customerId: demoCustomer.id,
      });
      if (added.code !== 0) throw new Error(`throw-away user: ${added.code} ${added.msg}`);
      const report = await fuzzApi({
        baseUrl: url,
        tokens,
        calls,
        seed,
        deadlineMs: seconds * 1000,
        dbFingerprint: fingerprint,
        freshToken: () => signIn(url, 'fuzz-throwaway', THROWAWAY_PASSWORD),
        log: (l) => console.log(l),
      });
      console.log(
        `\nfuzz (${engine}): ${report.calls} calls in ${(report.durationMs / 1000).toFixed(1)} s, fingerprints ${(report.fingerprintMs / 1000).toFixed(1)} s`,
      );
      console.log(
        JSON.stringify(
          {
            calls: report.calls,
            byStatus: report.byStatus,
            byMode: report.byMode,
            fiveXx: report.fiveXx.map(
              (f) => `${f.status} ${f.code ?? ''} ${f.method} ${f.path} as ${f.caller} (${f.mode}): ${f.request?.slice(0, 160) ?? ''}`,
            ),
            documentedFiveXx: report.documentedFiveXx.map((f) => `${f.status} ${f.code} ${f.method} ${f.path}: ${f.body.slice(0, 120)}`),
            malformed: report.malformed.map((m) => `${m.method} ${m.path}: ${m.reason}`),
            networkErrors: report.networkErrors.map(
              (n) => `${n.method} ${n.path} as ${n.caller} (${n.mode}): ${n.error}; ${n.request?.slice(0, 160) ?? ''}`,
            ),
            routes: report.routes,
            batches: report.batches,
            refusedWriteBatches: report.refusedWriteBatches,
            readOnlyBatches: report.readOnlyBatches,
            unchecked: report.unchecked,
            unchangedViolations: report.unchangedViolations.map((v) => ({
              batch: v.batch,
              changedTables: v.changedTables,
              writes: v.calls
                .filter((c) => c.method !== 'GET' || /Insert|Delete|Recovery/.test(c.route))
                .map((c) => `${c.route} ${c.code}`),
            })),
          },
          null,
          1,
        ),
      );
      write(`fuzz-${engine}.json`, report);
    }
  } finally {
    await fingerprint.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
}

/** Full reports go to PROBE_OUT (a folder), when set. */
function write(name: string, value: unknown) {
  const dir = process.env.PROBE_OUT;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, name), JSON.stringify(value, null, 1));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
