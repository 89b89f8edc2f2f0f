import type { BaseLayer } from '@agromet/contracts';
import GeoJSON from 'ol/format/GeoJSON';
import type BaseLayerOl from 'ol/layer/Base';
import TileLayer from 'ol/layer/Tile';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import XYZ from 'ol/source/XYZ';
import { Fill, Stroke, Style } from 'ol/style';
import { registerGcj02 } from './projections';

const countryStyle = new Style({
  fill: new Fill({ color: '#f4f1e8' }),
  stroke: new Stroke({ color: '#8c8c8c', width: 1 }),
});
const provinceStyle = new Style({ stroke: new Stroke({ color: '#b0a58a', width: 0.8, lineDash: [4, 3] }) });

/** An OpenLayers layer for a base layer of /gis/all (tiles, or the console's own GeoJSON outlines). */
export function createBaseLayer(layer: BaseLayer): BaseLayerOl {
  if (layer.kind === 'geojson') {
    return new VectorLayer({
      source: new VectorSource({ url: layer.url, format: new GeoJSON(), attributions: layer.attribution }),
      style: layer.overlay ? provinceStyle : countryStyle,
      properties: { baseId: layer.id },
      zIndex: layer.overlay ? 1 : 0,
    });
  }
  return new TileLayer({
    source: new XYZ({
      url: layer.url,
      attributions: layer.attribution,
      // AutoNavi tiles sit on GCJ-02; reprojecting them puts them under our WGS84 layers.
      projection: layer.crs === 'GCJ-02' ? registerGcj02() : 'EPSG:3857',
      maxZoom: 18,
    }),
    properties: { baseId: layer.id },
    zIndex: layer.overlay ? 1 : 0,
  });
}
