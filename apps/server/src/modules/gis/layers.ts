import { OFFLINE_BASE_LAYERS, type BaseLayer } from '@agromet/contracts';

const TIANDITU = [
  { layer: 'vec', note: 'cva', title: 'map.base.tiandituVec' },
  { layer: 'img', note: 'cia', title: 'map.base.tiandituImg' },
  { layer: 'ter', note: 'cta', title: 'map.base.tiandituTer' },
] as const;

function tianditu(layer: string, key: string): string {
  return (
    `https://t{0-7}.tianditu.gov.cn/${layer}_w/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=${layer}&STYLE=default` +
    `&TILEMATRIXSET=w&FORMAT=tiles&TILEMATRIX={z}&TILEROW={y}&TILECOL={x}&tk=${key}`
  );
}

/**
 * Base layers for the map. Tianditu needs a key from server configuration (never the bundle); without one the
 * console's own offline outlines are the default, so a map always shows without network.
 */
export function baseLayers(tiandituKey: string | undefined): { layers: BaseLayer[]; defaultBase: string } {
  const layers: BaseLayer[] = [];
  if (tiandituKey) {
    for (const t of TIANDITU) {
      layers.push({
        id: `tianditu-${t.layer}`,
        title: t.title,
        kind: 'xyz',
        url: tianditu(t.layer, tiandituKey),
        crs: 'EPSG:3857',
        group: 'tianditu',
        overlay: false,
        attribution: '© 天地图',
      });
      layers.push({
        id: `tianditu-${t.note}`,
        title: `${t.title}Label`,
        kind: 'xyz',
        url: tianditu(t.note, tiandituKey),
        crs: 'EPSG:3857',
        group: 'tianditu',
        overlay: true,
        attribution: '© 天地图',
      });
    }
  }
  layers.push(
    {
      id: 'amap-vec',
      title: 'map.base.amapVec',
      kind: 'xyz',
      url: 'https://webrd0{1-4}.is.autonavi.com/appmaptile?lang=zh_cn&size=1&scale=1&style=8&x={x}&y={y}&z={z}',
      crs: 'GCJ-02',
      group: 'amap',
      overlay: false,
      attribution: '© 高德地图',
    },
    {
      id: 'amap-img',
      title: 'map.base.amapImg',
      kind: 'xyz',
      url: 'https://webst0{1-4}.is.autonavi.com/appmaptile?style=6&x={x}&y={y}&z={z}',
      crs: 'GCJ-02',
      group: 'amap',
      overlay: false,
      attribution: '© 高德地图',
    },
    {
      id: 'osm',
      title: 'map.base.osm',
      kind: 'xyz',
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      crs: 'EPSG:3857',
      group: 'osm',
      overlay: false,
      attribution: '© OpenStreetMap contributors',
    },
    ...OFFLINE_BASE_LAYERS,
  );
  return { layers, defaultBase: tiandituKey ? 'tianditu-vec' : 'offline' };
}
