#!/usr/bin/env node
// npm run test:e2e:loaded: the whole browser suite on a busy machine, as CI often is (other suites on the same two
// cores). Builds the web app, starts CPU hogs (HOGS, default 2: busy loops at niceness HOG_NICE, default 19, the lowest
// priority; each ends by itself after HOG_MINUTES, default 60), runs `playwright test` with any arguments given, stops the hogs, and prints the
// suite's time and the load average seen. Exits with Playwright's status.
import { spawn, spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const hogCount = Number(process.env.HOGS ?? 2);
const hogMinutes = Number(process.env.HOG_MINUTES ?? 60);
const hogNice = Number(process.env.HOG_NICE ?? 19);
if (!Number.isInteger(hogCount) || hogCount < 0 || hogCount > 16) throw new Error(`HOGS must be 0-16, not ${process.env.HOGS}`);
if (!Number.isInteger(hogNice) || hogNice < 0 || hogNice > 19) throw new Error(`HOG_NICE must be 0-19, not ${process.env.HOG_NICE}`);
if (!(hogMinutes > 0 && hogMinutes <= 240)) throw new Error(`HOG_MINUTES must be above 0 and at most 240, not ${process.env.HOG_MINUTES}`);

if (!process.argv.includes('--no-build')) {
  const built = spawnSync('npm', ['run', 'build', '-w', '@agromet/web'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

// A hog spins until its own deadline, so none outlives a run that was killed before it could stop them.
const hogSource = `const end = Date.now() + ${Math.round(hogMinutes * 60_000)}; let x = 0; while (Date.now() < end) { for (let i = 0; i < 1e6; i++) x += i; }`;
const hogs = Array.from({ length: hogCount }, () => {
  const hog = spawn(process.execPath, ['-e', hogSource], { stdio: 'ignore' });
  os.setPriority(hog.pid, hogNice);
  return hog;
});
const stopHogs = () => {
  for (const hog of hogs) if (hog.exitCode === null) hog.kill('SIGKILL');
};
process.on('exit', stopHogs);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopHogs();
    process.exit(130);
  });
}

const loads = [];
const sampler = setInterval(() => loads.push(os.loadavg()[0]), 10_000);
const started = Date.now();
const args = process.argv.slice(2).filter((a) => a !== '--no-build');
const suite = spawn('npx', ['--no-install', 'playwright', 'test', '-c', 'e2e/playwright.config.ts', ...args], {
  cwd: root,
  stdio: 'inherit',
});
const status = await new Promise((resolve) => suite.on('close', (code) => resolve(code ?? 1)));
clearInterval(sampler);
stopHogs();

const minutes = ((Date.now() - started) / 60_000).toFixed(1);
const mean = loads.length ? (loads.reduce((a, b) => a + b, 0) / loads.length).toFixed(1) : 'n/a';
const peak = loads.length ? Math.max(...loads).toFixed(1) : 'n/a';
console.log(
  `\nloaded browser suite: ${minutes} min beside ${hogCount} CPU hog(s) at nice ${hogNice}; load average (1 min) mean ${mean}, peak ${peak}; exit ${status}`,
);
process.exit(status);
