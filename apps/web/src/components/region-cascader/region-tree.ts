import type { RegionOption } from '@agromet/contracts';

/** The codes from the root down to `code` in a loaded option tree, or [] when it is not loaded there. */
export function pathTo(options: readonly RegionOption[], code: string): string[] {
  for (const o of options) {
    if (o.value === code) return [o.value];
    if (o.children) {
      const below = pathTo(o.children, code);
      if (below.length > 0) return [o.value, ...below];
    }
  }
  return [];
}

/** The tree with the children the server gave along its path copied into `options` (what was loaded stays). */
export function mergeOptions(options: readonly RegionOption[], fresh: readonly RegionOption[]): RegionOption[] {
  return options.map((o) => {
    const f = fresh.find((x) => x.value === o.value);
    if (!f?.children) return o;
    return { ...o, children: o.children ? mergeOptions(o.children, f.children) : f.children };
  });
}
