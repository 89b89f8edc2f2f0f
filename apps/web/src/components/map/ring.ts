/** A ring of lon/lat positions, closed (first = last): a polygon drawn on the map or an area's outline. */
export type Ring = [number, number][];

/** Closes a ring (last position equal to the first; the server takes closed rings) and rounds positions to 1e-6°. */
export function closeRing(positions: ReadonlyArray<readonly number[]>): Ring {
  const ring: Ring = positions.map((p) => [Math.round(p[0]! * 1e6) / 1e6, Math.round(p[1]! * 1e6) / 1e6]);
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) ring.push([first[0], first[1]]);
  return ring;
}
