#!/usr/bin/env node
// Builds the server to plain JavaScript in apps/server/dist, so production runs `node dist/main.js` without a
// TypeScript loader. The workspace packages (@agromet/contracts, @agromet/grid) ship TypeScript sources, so they are
// bundled in; every other dependency stays an ordinary import from node_modules. Each entry is its own file in dist/
// (no shared chunks), so a module that names a sibling entry (`new URL('./formats-worker.js', import.meta.url)`)
// finds it next to itself.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = import.meta.dirname;
// SERVER_DIST builds elsewhere (the browser tests build a private copy of the current sources).
const outdir = path.resolve(process.env.SERVER_DIST || path.join(root, 'dist'));

const dependencyNames = (dir) => {
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  return Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies });
};
const workspacePackages = ['contracts', 'grid'].map((name) => path.join(root, '../../packages', name));
const external = [...new Set([root, ...workspacePackages].flatMap(dependencyNames))].filter((name) => !name.startsWith('@agromet/'));

/** Entry points: the server, the CLI, and every worker-thread module (files named *-worker.ts). */
export const entries = {
  main: 'src/main.ts',
  worker: 'src/worker.ts',
  'import-grid': 'src/cli/import-grid.ts',
  'sweep-files': 'src/cli/sweep-files.ts',
  backup: 'src/cli/backup.ts',
  restore: 'src/cli/restore.ts',
  ...Object.fromEntries(
    fs
      .readdirSync(path.join(root, 'src'), { recursive: true })
      .filter((file) => file.endsWith('-worker.ts'))
      .map((file) => [path.basename(file, '.ts'), path.join('src', file)]),
  ),
};

fs.rmSync(outdir, { recursive: true, force: true });
const started = performance.now();
await build({
  absWorkingDir: root,
  entryPoints: entries,
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  external: external.flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
});
console.log(
  `server built to ${path.relative(process.cwd(), outdir) || '.'} (${Object.keys(entries).length} entries) in ${Math.round(performance.now() - started)} ms`,
);
