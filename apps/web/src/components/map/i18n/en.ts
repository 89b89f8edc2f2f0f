import type { MapMessages } from './zh';

const en: MapMessages = {
  base: {
    title: 'Base map',
    tiandituVec: 'Tianditu vector',
    tiandituVecLabel: 'Tianditu vector labels',
    tiandituImg: 'Tianditu imagery',
    tiandituImgLabel: 'Tianditu imagery labels',
    tiandituTer: 'Tianditu terrain',
    tiandituTerLabel: 'Tianditu terrain labels',
    amapVec: 'AutoNavi streets',
    amapImg: 'AutoNavi satellite',
    osm: 'OpenStreetMap',
    offline: 'Offline (country outlines)',
    offlineProvinces: 'Province outlines',
    unreachable: 'The online base map “{{name}}” cannot be reached (no internet?): the offline outlines are shown instead.',
    labels: 'Show labels',
  },
  style: {
    title: 'Product drawing',
    nearest: 'Grid cells',
    smooth: 'Smooth',
    contours: 'Isolines',
    arrows: 'Wind arrows',
    barbs: 'Wind barbs',
  },
  product: {
    title: 'Product layer',
    type: 'Forecast type',
    factor: 'Factor',
    baseTime: 'Base time',
    lead: 'Lead time',
    leadHours: '{{hours}} h',
    validTime: 'Valid {{time}}',
    points: 'Grid values',
    none: 'No grid products yet',
    legend: 'Legend',
    opacity: 'Opacity',
    showControls: 'Show the product choice',
    hideControls: 'Hide the product choice',
  },
  panel: {
    collapse: 'Collapse panel',
    expand: 'Expand panel',
    resize: 'Drag to resize the panel',
  },
  info: {
    title: 'Grid value',
    value: 'Value',
    missing: 'No data',
    position: 'Lon {{lon}}, lat {{lat}}',
    close: 'Close',
  },
  /** The region a product is made for (components/region-fields). */
  region: {
    label: 'Region',
    customer: 'Our region',
    area: 'A boundary area',
    layer: 'Boundary layer',
    areaName: 'Area',
    chooseArea: 'Choose an area',
  },
  boundary: {
    provinces: 'Provinces',
  },
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
  home: 'Back to the initial view',
};

export default en;
