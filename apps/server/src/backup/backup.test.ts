import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appVersion } from './backup.js';

describe('appVersion', () => {
  it("is the server package's version, read through its shape", () => {
    const pkg = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string };
    expect(appVersion()).toBe(pkg.version);
  });
});
