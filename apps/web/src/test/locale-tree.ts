/** Helpers for tests that compare locale resource trees. */
export type Tree = { [key: string]: string | Tree };

export function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keysOf(v, `${prefix}${k}.`)));
}

export function lookup(tree: Tree, key: string): string {
  return String(key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Tree)[part] : undefined), tree));
}

/** Interpolation variables of a message, sorted. */
export function variablesOf(message: string): string[] {
  return (message.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort();
}
