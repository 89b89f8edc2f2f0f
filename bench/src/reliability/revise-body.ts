/**
 * The body of a polygon revision of the demo's fine-grid temperature: `value` added over a square `side` degrees wide
 * from (lon, lat) at one lead, against the grid version the caller last read.
 */
export function squareRevisionBody(
  grid: { baseTime: string; lead: number },
  version: number,
  corner: { lon: number; lat: number; side: number },
  value: number,
) {
  const { lon, lat, side } = corner;
  return {
    type: 'fine-grid',
    factor: 'tmp',
    baseTime: grid.baseTime,
    leads: [grid.lead],
    expectedVersions: [version],
    polygons: {
      type: 'Polygon',
      coordinates: [
        [
          [lon, lat],
          [lon + side, lat],
          [lon + side, lat + side],
          [lon, lat + side],
          [lon, lat],
        ],
      ],
    },
    operation: 'add',
    value,
  };
}
