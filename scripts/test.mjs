#!/usr/bin/env node
// npm test: the production build, then the Playwright browser tests (E2E_SHARDS shards, one by default) beside, at a
// lower CPU priority, the type checks and lint, Vitest (unit, web, API on SQLite and, with TEST_DATABASE_URL,
// PostgreSQL) and the reliability suite; ends with one line "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, '.test-output');
fs.mkdirSync(out, { recursive: true });
const vitestJson = path.join(out, 'vitest.json');
// E2E_SHARDS=N runs the browser suite as N shards, each with its own server, database and data folder
// (e2e/global-setup.ts). One by default: on CI's two cores, two shards beside Vitest left the CPU so short that API
// tests ran past their bounds (measured: both shards 33 min, Vitest 38 min, against 38 and 20 for one).
const SHARDS = Number(process.env.E2E_SHARDS ?? 1);
const shards = Array.from({ length: SHARDS }, (_, k) => ({
  arg: SHARDS > 1 ? ` --shard=${k + 1}/${SHARDS}` : '',
  json: path.join(out, `playwright-${k + 1}.json`),
  output: path.join(out, `e2e-${k + 1}`),
}));
for (const f of [vitestJson, ...shards.map((s) => s.json)]) fs.rmSync(f, { force: true });

// Colour codes are stripped from the failure lines printed at the end.
const firstLine = (text) =>
  (text ?? '')
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
    .trim()
    .split('\n')[0]
    .slice(0, 300);

const run = (cmd, args, env = {}) => {
  console.log(`\n$ ${cmd} ${args.join(' ')}`);
  return spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
};

let passed = 0;
let failed = 0;
const problems = [];
// The names of failed tests, printed again just above the last line: CI keeps only the tail of the output.
const failedNames = [];

if (!process.env.TEST_DATABASE_URL) console.log('TEST_DATABASE_URL is not set: the PostgreSQL API suite is skipped (.ci/run sets it).');

// The static checks are the commands of `npm run typecheck` and `npm run lint` (one tsc per workspace, ESLint with
// the import boundaries of eslint.config.js, Prettier's check): each is single-threaded, so they run two at a time,
// longest first, each one's output printed whole when it ends.
const scripts = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts;
const checks = [
  ...scripts.typecheck.split(' && ').map((command) => ({ command, problem: 'type check' })),
  ...scripts.lint.split(' && ').map((command) => ({ command, problem: 'lint' })),
];
const longestFirst = ['tsc -p apps/web', 'tsc -p apps/server', 'eslint', 'prettier'];
const rank = (c) => {
  const k = longestFirst.findIndex((p) => c.command.startsWith(p));
  return k < 0 ? longestFirst.length : k;
};
checks.sort((a, b) => rank(a) - rank(b));
/** Each captured command's whole output, for the failure lines repeated at the end. */
const capturedOutput = new Map();
const runCaptured = (command, env = {}) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, { cwd: root, shell: true, env: { ...process.env, FORCE_COLOR: '0', ...env } });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      console.log(`\n$ ${command}  (${((Date.now() - started) / 1000).toFixed(0)} s, exit ${code})\n${output.trim()}`);
      capturedOutput.set(command, output);
      resolve(code ?? 1);
    });
  });

const failedChecks = new Set();
/** The static checks, two at a time; each command prefixed (with `nice`, see below). */
const runStaticChecks = (prefix) =>
  Promise.all(
    [0, 1].map(async () => {
      for (let next = checks.shift(); next; next = checks.shift()) {
        if ((await runCaptured(`${prefix}npx --no-install ${next.command}`)) !== 0) failedChecks.add(next.problem);
      }
    }),
  );

const built = run('npm', ['run', 'build']) === 0;
if (!built) problems.push('web build');
// The login page's byte budget and what it must not load (npm run size), on the build just made.
else if (run('node', ['scripts/size.mjs']) !== 0) problems.push('size budget');

// The browser tests need only the build, and wait on pages and the server: they start at once at the normal CPU
// priority, while the static checks and then Vitest, which would keep both cores busy, run beside them under
// `nice` and take the CPU the browser tests leave. At equal priority the browser tests were starved (each test 3-5
// times slower than alone; the suite 26-30 min on CI's two cores) and then ran alone on one core for the last part.
// The tests share nothing (their own databases, data folders and server). The reliability suite's short form (npm run
// reliability: a cluster on PostgreSQL, Redis and nginx, faulted under load) follows Vitest at the normal priority
// (its bounds are timed); it needs the PostgreSQL that the API suite is given. Each one's output is printed whole when
// it ends.
const lower = process.env.TEST_NICE === '0' ? '' : 'nice -n 10 ';
const withReliability = built && Boolean(process.env.TEST_DATABASE_URL);
const reliabilityCommand = 'node --import tsx bench/src/reliability.ts';
if (!withReliability && built) console.log('TEST_DATABASE_URL is not set: the reliability suite is skipped (.ci/run sets it).');
const [[vitestStatus, reliabilityStatus], ...pwStatuses] = await Promise.all([
  (async () => {
    await runStaticChecks(lower);
    const vitest = await runCaptured(
      `${lower}npx --no-install vitest run --reporter=default --reporter=json --outputFile.json=${vitestJson}`,
    );
    const reliability = withReliability
      ? await runCaptured(reliabilityCommand, { BENCH_DATABASE_URL: process.env.TEST_DATABASE_URL })
      : null;
    return [vitest, reliability];
  })(),
  ...shards.map((shard) =>
    built
      ? runCaptured(`npx --no-install playwright test -c e2e/playwright.config.ts${shard.arg}`, {
          PW_JSON_REPORT: shard.json,
          PW_OUTPUT_DIR: shard.output,
        })
      : null,
  ),
]);
problems.push(...failedChecks);
if (reliabilityStatus !== null) {
  if (reliabilityStatus === 0) passed += 1;
  else {
    failed += 1;
    // Its own list of failures (the lines after "reliability: FAILED"), since the browser tests' output follows it.
    const output = capturedOutput.get(reliabilityCommand) ?? '';
    const own = output.split('reliability: FAILED')[1]?.trim().split('\n').slice(0, 12).map(firstLine) ?? [];
    failedNames.push(`reliability suite (npm run reliability)${own.length ? `:\n    ${own.join('\n    ')}` : ': see its output above'}`);
  }
}
if (fs.existsSync(vitestJson)) {
  const r = JSON.parse(fs.readFileSync(vitestJson, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  for (const file of r.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      if (t.status === 'failed')
        failedNames.push(`vitest ${path.relative(root, file.name)} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    }
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) {
      failedNames.push(`vitest ${path.relative(root, file.name)}: ${firstLine(file.message)}`);
    }
  }
  if (r.numFailedTestSuites > 0 && r.numFailedTests === 0) problems.push('vitest suites failed to load');
} else if (vitestStatus !== 0) problems.push('vitest did not run');

if (built) {
  for (const [k, shard] of shards.entries()) {
    const name = `playwright${shard.arg}`;
    if (!fs.existsSync(shard.json)) {
      if (pwStatuses[k] !== 0) problems.push(`${name} did not run`);
      continue;
    }
    const report = JSON.parse(fs.readFileSync(shard.json, 'utf8'));
    const s = report.stats;
    const walk = (suite, file) => {
      for (const spec of suite.specs ?? []) {
        for (const t of spec.tests ?? []) {
          if (t.status === 'unexpected') {
            const error = t.results?.find((res) => res.error)?.error;
            failedNames.push(`playwright ${file ?? suite.file} › ${spec.title}: ${firstLine(error?.message)}`);
          }
        }
      }
      for (const child of suite.suites ?? []) walk(child, file ?? suite.file);
    };
    for (const suite of report.suites ?? []) walk(suite);
    passed += s.expected + (s.flaky ?? 0);
    failed += s.unexpected;
    console.log(`${name}: ${s.expected} passed, ${s.unexpected} failed in ${(s.duration / 60_000).toFixed(1)} min`);
    if (pwStatuses[k] !== 0 && s.unexpected === 0) problems.push(`${name} run failed`);
  }
}

if (failedNames.length) console.log(`\nfailed:\n${failedNames.map((n) => `  ${n}`).join('\n')}`);
if (problems.length) console.log(`\nproblems: ${problems.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 || problems.length > 0 ? 1 : 0);
