// GeoJSON shapes the tests draw areas with; plain data, so unit tests beside the code use them too.

/** The closed ring of the box west–east × south–north, counter-clockwise, as GeoJSON writes it. */
export const boxRing = (west: number, south: number, east: number, north: number): number[][] => [
  [west, south],
  [east, south],
  [east, north],
  [west, north],
  [west, south],
];

/** The closed ring of a square with its south-west corner at (lon, lat), counter-clockwise, as GeoJSON writes it. */
export const squareRing = (lon: number, lat: number, side: number): number[][] => boxRing(lon, lat, lon + side, lat + side);

/** A boundary layer as GeoJSON: a feature a named area, its polygon's rings as given (the outline first). */
export const areaCollection = (areas: Array<[name: string, rings: number[][][]]>) => ({
  type: 'FeatureCollection',
  features: areas.map(([name, rings]) => ({ type: 'Feature', properties: { name }, geometry: { type: 'Polygon', coordinates: rings } })),
});
