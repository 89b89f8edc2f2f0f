import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './node-flags.js';

const root = path.resolve(import.meta.dirname, '../../..');
const scripts = (file: string) =>
  (JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as { scripts: Record<string, string> }).scripts;

describe('the flags the server starts with', () => {
  it('are on every package script that starts a server process', () => {
    const node = `node ${SERVER_NODE_FLAGS.join(' ')} `;
    const top = scripts('package.json');
    for (const name of ['start', 'serve', 'worker']) expect(top[name], name).toContain(`${node}apps/server/dist/`);
    expect(scripts('apps/server/package.json').start).toContain(`${node}dist/main.js`);
    // No other script starts the built server without them.
    for (const [name, script] of Object.entries(top)) {
      if (/dist\/(main|worker)\.js/.test(script)) expect(script, name).toContain(node);
    }
  });
});
