import gcoord from 'gcoord';

/** WGS84 lon/lat → GCJ-02 lon/lat (China's offset datum of AutoNavi tiles); outside China unchanged. */
export function wgs84ToGcj02(lon: number, lat: number): [number, number] {
  const [x, y] = gcoord.transform([lon, lat], gcoord.WGS84, gcoord.GCJ02) as [number, number];
  return [x, y];
}

export function gcj02ToWgs84(lon: number, lat: number): [number, number] {
  const [x, y] = gcoord.transform([lon, lat], gcoord.GCJ02, gcoord.WGS84) as [number, number];
  return [x, y];
}
