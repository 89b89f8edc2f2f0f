#!/usr/bin/env node
// npm run size: gzipped JavaScript the browser needs to show the login page and the dashboard,
// from Vite's build manifest (apps/web/dist/.vite/manifest.json). Each page's set is the entry
// plus the lazy chunks its route loads, with their static imports followed to the end.
// Fails when the login page would load the console shell or a signed-in page.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist');
const manifestPath = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestPath)) {
  console.error('apps/web/dist/.vite/manifest.json is missing: run `npm run build` first');
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);

/**
 * Route modules each page loads on top of the entry (see apps/web/src/app/router.tsx): the login page comes with the
 * entry; every other page sits in the console layout, which brings antd's providers.
 */
const PAGES = {
  login: [],
  // The dashboard's route loads its page and the list of feature cards together (router.tsx); each card's own module
  // loads when the card is shown.
  dashboard: [
    'src/app/ConsoleLayout.tsx',
    'src/layout/Shell.tsx',
    'src/features/dashboard/DashboardPage.tsx',
    'src/app/dashboard-cards.ts',
  ],
};
/** The most gzipped JavaScript a page may load before it shows: the login page 200 kB, the first signed-in page 300 kB. */
const BUDGET_KB = { login: 200, dashboard: 300 };
/** Modules the login page must not pull in. */
const NOT_ON_LOGIN = [
  'src/app/ConsoleLayout.tsx',
  'src/app/providers.tsx',
  'src/layout/',
  'src/features/dashboard/',
  'src/features/system-admin/',
  'src/features/placeholder/',
  'src/features/profile/',
];

function closure(keys) {
  const seen = new Set();
  const walk = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no ${key}`);
    seen.add(key);
    for (const dep of chunk.imports ?? []) walk(dep);
  };
  keys.forEach(walk);
  return seen;
}

const gzipCache = new Map();
function sizes(file) {
  if (!gzipCache.has(file)) {
    const bytes = fs.readFileSync(path.join(dist, file));
    gzipCache.set(file, { raw: bytes.length, gzip: zlib.gzipSync(bytes, { level: 9 }).length });
  }
  return gzipCache.get(file);
}

const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
let failed = false;
const report = [];

for (const [page, modules] of Object.entries(PAGES)) {
  const keys = closure([entryKey, ...modules]);
  const js = [...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
  const css = [...new Set([...keys].flatMap((k) => manifest[k].css ?? []))];
  const total = (files) => files.reduce((sum, f) => ({ raw: sum.raw + sizes(f).raw, gzip: sum.gzip + sizes(f).gzip }), { raw: 0, gzip: 0 });
  const jsTotal = total(js);
  const cssTotal = total(css);
  report.push({ page, chunks: js.length, js: jsTotal, css: cssTotal });
  const budget = BUDGET_KB[page];
  if (budget !== undefined && jsTotal.gzip > budget * 1024) {
    failed = true;
    console.error(`${page} page loads ${kb(jsTotal.gzip)} of JavaScript (gzip), over its budget of ${budget} kB`);
  }
  if (page === 'login') {
    const leaked = [...keys].filter((k) => NOT_ON_LOGIN.some((prefix) => (manifest[k].src ?? '').startsWith(prefix)));
    if (leaked.length) {
      failed = true;
      console.error(`login page loads modules it should not: ${leaked.join(', ')}`);
    }
  }
}

console.log('page        JS chunks   JS gzip    (raw)        CSS gzip');
for (const r of report) {
  console.log(
    `${r.page.padEnd(12)}${String(r.chunks).padStart(9)}   ${kb(r.js.gzip).padStart(9)}  (${kb(r.js.raw).padStart(9)})   ${kb(r.css.gzip).padStart(8)}`,
  );
}
process.exit(failed ? 1 : 0);
