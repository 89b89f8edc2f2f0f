/** The areaCode of /quhua/execute: the boundary layer's id and the feature's 0-based index in its GeoJSON. */
export function areaCode(layerId: string, featureIndex: number): string {
  return `${layerId}:${featureIndex}`;
}

/** The name an area of a boundary layer goes by: its `name` (or NAME, 名称) property, else "Area n" (1-based). */
export function areaNameOf(properties: Record<string, unknown> | null | undefined, index: number, fallback: (n: number) => string): string {
  for (const key of ['name', 'NAME', 'Name', '名称', 'NAME_CH', 'county', 'COUNTY']) {
    const v = properties?.[key];
    if (typeof v === 'string' && v.trim() !== '') return v.trim();
    if (typeof v === 'number') return String(v);
  }
  return fallback(index + 1);
}

/**
 * The product name the page proposes: the criterion's name (after the crop's when it does not name the crop), without
 * a trailing bracketed remark such as "(example)", then the date; at most 64 characters.
 */
export function proposedName(crop: string, criterion: string, now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const plain = criterion.replace(/\s*[（(][^（()）]*[)）]\s*$/u, '').trim();
  const base = crop && !plain.includes(crop) ? `${crop} ${plain}` : plain;
  const date = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return `${base.slice(0, 64 - date.length - 1)} ${date}`.trim();
}
