// GB/T 2260 region codes (docs/disaster.md#regions): six digits, province (2) + prefecture (2) + county (2). A
// province's code ends in 0000 and a prefecture's in 00; a search by a province or prefecture code matches every
// code below it. Pure rules, shared by the server's queries and the pages.

export const REGION_CODE_PATTERN = /^\d{6}$/;

export type RegionLevel = 'province' | 'prefecture' | 'county';

/** Province for xx0000, prefecture for xxxx00, county otherwise. */
export function regionLevel(code: string): RegionLevel {
  if (code.endsWith('0000')) return 'province';
  if (code.endsWith('00')) return 'prefecture';
  return 'county';
}

/** The leading digits every code below `code` shares: 2 for a province, 4 for a prefecture, all 6 for a county. */
export function regionPrefix(code: string): string {
  const level = regionLevel(code);
  return level === 'province' ? code.slice(0, 2) : level === 'prefecture' ? code.slice(0, 4) : code;
}

/** True when `code` is `area` or lies inside it. */
export function regionContains(area: string, code: string): boolean {
  return code.startsWith(regionPrefix(area));
}

/** Codes of the province and prefecture a code lies in, then the code itself (no duplicates, outermost first). */
export function regionAncestors(code: string): string[] {
  const province = `${code.slice(0, 2)}0000`;
  const prefecture = `${code.slice(0, 4)}00`;
  return [...new Set([province, prefecture, code])];
}
