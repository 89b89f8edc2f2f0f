import fs from 'node:fs';
import path from 'node:path';
import { ErrorCode, httpStatusOf } from '@agromet/contracts';
import { describe, expect, it } from 'vitest';

/**
 * The documentation in docs/ against the code: docs/architecture.md names every web feature folder, server module,
 * web source folder and package that exists; every docs/ link cited from the code or the docs leads to a page and
 * heading that exist; docs/api.md lists every error code with its HTTP status.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const folders = (dir: string) =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();

/** Code spans of a Markdown text (`…`), outside fenced blocks too: a module map names its folders as code. */
export function codeSpans(markdown: string): string[] {
  return [...markdown.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!);
}

/** Whether some code span names `folder` under `parent` (e.g. `features/auth`, `apps/web/src/features/auth/`). */
export function mentionsFolder(spans: readonly string[], parent: string, folder: string): boolean {
  const escaped = `${parent}/${folder}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`(^|/)${escaped}(/|$)`);
  return spans.some((span) => pattern.test(span.trim()));
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
export function slugOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Anchors of every heading of a Markdown file (repeated headings get -1, -2 …, as on GitHub). */
export function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const m = !fenced && /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = slugOf(m[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** Files whose comments and text may cite docs/ (sources, tests, scripts, README, the docs themselves). */
function citingFiles(): string[] {
  const out: string[] = ['README.md'];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      if (['node_modules', 'dist', 'test-data'].includes(entry.name) || entry.name.startsWith('.')) continue;
      const rel = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (/\.(ts|tsx|mjs|js|md)$/.test(entry.name)) out.push(rel);
    }
  };
  for (const dir of ['apps', 'packages', 'e2e', 'bench', 'scripts', 'docs']) if (fs.existsSync(path.join(root, dir))) walk(dir);
  return out;
}

/** docs/ references in a file: `docs/<page>.md#<anchor>` in code and text, and relative `(<page>.md#<anchor>)` links inside docs/. */
export function docReferences(file: string, text: string): Array<{ page: string; anchor: string | null }> {
  const refs: Array<{ page: string; anchor: string | null }> = [];
  for (const m of text.matchAll(/(?<![\w/.-])docs\/([\w-]+\.md)(?:#([\w-]+))?/g)) refs.push({ page: m[1]!, anchor: m[2] ?? null });
  if (file.startsWith('docs/')) {
    for (const m of text.matchAll(/\]\((?!https?:|#)([\w-]+\.md)(?:#([\w-]+))?\)/g)) refs.push({ page: m[1]!, anchor: m[2] ?? null });
    for (const m of text.matchAll(/\]\(#([\w-]+)\)/g)) refs.push({ page: path.basename(file), anchor: m[1]! });
  }
  return refs;
}

describe('docs/architecture.md', () => {
  const spans = codeSpans(read('docs/architecture.md'));
  const areas = [
    { parent: 'features', dir: 'apps/web/src/features' },
    { parent: 'modules', dir: 'apps/server/src/modules' },
    { parent: 'packages', dir: 'packages' },
  ];

  it.each(areas)('names every folder of $dir', ({ parent, dir }) => {
    const found = folders(dir);
    expect(found.length).toBeGreaterThan(0);
    expect(found.filter((folder) => !mentionsFolder(spans, parent, folder)).map((f) => `${dir}/${f}`)).toEqual([]);
  });

  it('names every folder of apps/web/src', () => {
    const missing = folders('apps/web/src').filter((folder) => !spans.some((s) => s.trim() === `${folder}/` || s.trim() === folder));
    expect(missing.map((f) => `apps/web/src/${f}`)).toEqual([]);
  });

  it('finds a folder only where the map names it', () => {
    expect(mentionsFolder(['features/auth'], 'features', 'auth')).toBe(true);
    expect(mentionsFolder(['apps/web/src/features/data-revise/'], 'features', 'data-revise')).toBe(true);
    expect(mentionsFolder(['modules/auth'], 'features', 'auth')).toBe(false);
    expect(mentionsFolder(['features/authors'], 'features', 'auth')).toBe(false);
    expect(mentionsFolder(['auth'], 'features', 'auth')).toBe(false);
  });
});

describe('docs/architecture.md#migrations', () => {
  const list = read('apps/server/src/migrations.ts');
  const owners = folders('apps/server/src/modules').filter((m) =>
    fs.existsSync(path.join(root, `apps/server/src/modules/${m}/migrations.ts`)),
  );

  it('names where migrations live and the one ordered list', () => {
    const spans = codeSpans(read('docs/architecture.md'));
    for (const claim of ['modules/<area>/migrations.ts', 'apps/server/src/migrations.ts', 'migrationList', 'runMigrations']) {
      expect(spans).toContain(claim);
    }
    expect(list).toMatch(/export function migrationList\(/);
    expect(read('apps/server/src/core/db/index.ts')).toMatch(/export async function runMigrations\(/);
  });

  it('has every module that owns migrations in the ordered list, and no feature migration left in core/db', () => {
    expect(owners.length).toBeGreaterThan(0);
    expect(owners.filter((m) => !list.includes(`'./modules/${m}/migrations.js'`))).toEqual([]);
    const inCore = fs.readdirSync(path.join(root, 'apps/server/src/core/db')).filter((f) => f.endsWith('-migration.ts'));
    expect(inCore.filter((f) => owners.includes(f.replace(/-migration\.ts$/, '')))).toEqual([]);
  });
});

describe('docs/architecture.md#server-messages', () => {
  const list = read('apps/server/src/messages.ts');
  const owners = folders('apps/server/src/modules').filter((m) =>
    fs.existsSync(path.join(root, `apps/server/src/modules/${m}/messages.ts`)),
  );

  it('names where messages live, the one list and how keys stay typed', () => {
    const spans = codeSpans(read('docs/architecture.md'));
    for (const claim of [
      'modules/<area>/messages.ts',
      'apps/server/src/messages.ts',
      'messageList',
      'installMessages',
      'FeatureMessages',
    ]) {
      expect(spans).toContain(claim);
    }
    expect(list).toMatch(/export const messageList\b/);
    const core = read('apps/server/src/core/messages.ts');
    expect(core).toMatch(/export function installMessages\(/);
    expect(core).toMatch(/export interface FeatureMessages \{\}/);
  });

  it('has every module that owns messages in the list, and no module message file left in core', () => {
    expect(owners.length).toBeGreaterThan(0);
    expect(owners.filter((m) => !list.includes(`'./modules/${m}/messages.js'`))).toEqual([]);
    const inCore = fs.readdirSync(path.join(root, 'apps/server/src/core')).filter((f) => f.endsWith('-messages.ts'));
    expect(inCore).toEqual(['upload-messages.ts']);
  });
});

describe('docs/ citations', () => {
  const pages = new Map(
    fs
      .readdirSync(path.join(root, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => [f, anchorsOf(read(`docs/${f}`))]),
  );

  it('lead to pages and headings that exist', () => {
    const broken: string[] = [];
    let count = 0;
    for (const file of citingFiles()) {
      for (const ref of docReferences(file, read(file))) {
        count += 1;
        const anchors = pages.get(ref.page);
        if (!anchors) broken.push(`${file}: docs/${ref.page} does not exist`);
        else if (ref.anchor && !anchors.has(ref.anchor)) broken.push(`${file}: docs/${ref.page}#${ref.anchor} has no such heading`);
      }
    }
    expect(count).toBeGreaterThan(0);
    expect(broken).toEqual([]);
  });

  it('make anchors as GitHub does', () => {
    expect(slugOf('Sign-in and the session')).toBe('sign-in-and-the-session');
    expect(slugOf('apps/web')).toBe('appsweb');
    expect(slugOf('How a job runs')).toBe('how-a-job-runs');
    expect([...anchorsOf('# A\n## B\n```\n# not a heading\n```\n## B')]).toEqual(['a', 'b', 'b-1']);
  });
});

describe('docs/api.md', () => {
  it('lists every error code with its HTTP status', () => {
    const text = read('docs/api.md');
    const missing = Object.values(ErrorCode).filter((code) => !new RegExp(`^\\| ${code} \\| ${httpStatusOf[code]} \\|`, 'm').test(text));
    expect(missing).toEqual([]);
  });
});
