import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No import circles, type-only ones included. Lint's `import-x/no-cycle` skips `import type`, yet a circle of types
 * still marks a type that lives in the wrong file; this walks every static import and re-export (`import type` too)
 * of the apps' and packages' sources. A lazy `import()` of a page part is not a static import and is not followed.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const SOURCES = ['apps/server/src', 'apps/server/test', 'apps/web/src', 'packages/contracts/src', 'packages/grid/src'];
const PACKAGES: Record<string, string> = {
  '@agromet/contracts': 'packages/contracts/src/index.ts',
  '@agromet/contracts/web': 'packages/contracts/src/web.ts',
  '@agromet/grid': 'packages/grid/src/index.ts',
};
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gms;

/** The import specifiers of static imports and re-exports in a source text, `import type` included. */
export function staticImports(text: string): string[] {
  return [...text.matchAll(STATIC_IMPORT)].map((m) => m[1]!);
}

/** The circles of a graph: each strongly connected component of more than one node (or a node importing itself). */
export function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (start: string) => {
    // Iterative Tarjan: a deep import chain must not overflow the call stack.
    const work: Array<{ node: string; next: number }> = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const edges = graph.get(frame.node) ?? [];
      if (frame.next < edges.length) {
        const to = edges[frame.next++]!;
        if (!graph.has(to)) continue;
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, next: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1 || edges.includes(frame.node)) cycles.push(component.sort());
      }
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .flatMap((name) => (/\.tsx?$/.test(name) && !name.endsWith('.d.ts') && !name.includes('node_modules') ? [path.join(dir, name)] : []));
}

function resolve(from: string, specifier: string): string | null {
  if (PACKAGES[specifier]) return PACKAGES[specifier];
  if (!specifier.startsWith('.')) return null;
  const base = path.join(path.dirname(from), specifier);
  const stem = base.replace(/\.js$/, '');
  for (const candidate of [
    base,
    `${stem}.ts`,
    `${stem}.tsx`,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]) {
    if (/\.tsx?$/.test(candidate) && fs.existsSync(path.join(root, candidate))) return candidate;
  }
  return null;
}

describe('import circles', () => {
  it('finds circles, type-only ones included, and nothing in a chain', () => {
    expect(
      staticImports("import type { A } from './a.js';\nexport { b } from './b.js';\nimport './c.js';\nconst d = import('./d.js');"),
    ).toEqual(['./a.js', './b.js', './c.js']);
    expect(
      findCycles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', []],
        ]),
      ),
    ).toEqual([]);
    expect(
      findCycles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a']],
          ['d', ['a']],
        ]),
      ),
    ).toEqual([['a', 'b', 'c']]);
    expect(findCycles(new Map([['a', ['a']]]))).toEqual([['a']]);
  });

  it('has none in the apps and packages', () => {
    const graph = new Map<string, string[]>();
    for (const file of SOURCES.flatMap(sourceFiles)) {
      const targets = staticImports(fs.readFileSync(path.join(root, file), 'utf8')).map((s) => resolve(file, s));
      graph.set(
        file,
        targets.filter((t): t is string => t !== null),
      );
    }
    expect(graph.size).toBeGreaterThan(500);
    expect(findCycles(graph)).toEqual([]);
  });
});
