import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WEB_ISOLATED } from '../vitest.config.js';

const web = path.resolve(import.meta.dirname, '../apps/web');

/** Test files under apps/web/src, relative to apps/web. */
function webTestFiles(dir = path.join(web, 'src')): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return webTestFiles(full);
    return /\.test\.tsx?$/.test(e.name) ? [path.relative(web, full)] : [];
  });
}

describe('web tests sharing a module registry', () => {
  it('leave every file that replaces modules (vi.mock, vi.doMock, vi.resetModules) to the isolated project', () => {
    const replacing = webTestFiles().filter((f) => /vi\.(mock|doMock|resetModules)\(/.test(fs.readFileSync(path.join(web, f), 'utf8')));
    expect(replacing.length).toBeGreaterThan(0);
    expect(replacing.filter((f) => !WEB_ISOLATED.includes(f))).toEqual([]);
  });

  it('name only files that exist', () => {
    expect(WEB_ISOLATED.filter((f) => !fs.existsSync(path.join(web, f)))).toEqual([]);
  });
});
