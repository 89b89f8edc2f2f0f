// Pure rules of records drawn on the map: which records a cluster holds and what it shows.

/** A record with a place: what the record layer draws. */
export interface MapRecord {
  id: number;
  lon: number;
  lat: number;
}

/** What a click on the record layer hit: one record, or a cluster (zoomed into). */
export type RecordHit = { kind: 'record'; id: number } | { kind: 'cluster'; ids: number[] } | null;

/** Cluster distance in pixels: records closer than this on screen are drawn as one circle with their count. */
export const CLUSTER_DISTANCE_PX = 36;

/** The radius of a cluster's circle: grows with the count's order of magnitude, 11–22 px. */
export function clusterRadius(count: number): number {
  return Math.min(22, 11 + Math.round(Math.log10(Math.max(1, count)) * 5));
}

/**
 * The colour a cluster takes: the colour of its most important record, by the rank the page gives (higher first);
 * the first record wins ties.
 */
export function clusterColour<T>(records: readonly T[], rank: (r: T) => number, colour: (r: T) => string): string {
  let best: T | undefined;
  for (const r of records) if (best === undefined || rank(r) > rank(best)) best = r;
  return best === undefined ? '#8c8c8c' : colour(best);
}

/** The lon/lat box (west, south, east, north) of records, or null without any. A single point gets a small box. */
export function recordsBox(records: readonly MapRecord[], pad = 0.2): [number, number, number, number] | null {
  if (records.length === 0) return null;
  let w = Infinity;
  let s = Infinity;
  let e = -Infinity;
  let n = -Infinity;
  for (const r of records) {
    w = Math.min(w, r.lon);
    e = Math.max(e, r.lon);
    s = Math.min(s, r.lat);
    n = Math.max(n, r.lat);
  }
  return [w - pad, s - pad, e + pad, n + pad];
}

/** The record a click on the record layer names: a single record's id; a cluster (zoomed into) or nothing, null. */
export function recordIdOf(hit: RecordHit): number | null {
  return hit?.kind === 'record' ? hit.id : null;
}
