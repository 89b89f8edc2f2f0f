import type { MapMessages } from './zh';

const es: MapMessages = {
  base: {
    title: 'Mapa base',
    tiandituVec: 'Tianditu vectorial',
    tiandituVecLabel: 'Etiquetas Tianditu vectorial',
    tiandituImg: 'Tianditu imágenes',
    tiandituImgLabel: 'Etiquetas Tianditu imágenes',
    tiandituTer: 'Tianditu relieve',
    tiandituTerLabel: 'Etiquetas Tianditu relieve',
    amapVec: 'AutoNavi calles',
    amapImg: 'AutoNavi satélite',
    osm: 'OpenStreetMap',
    offline: 'Sin conexión (fronteras)',
    offlineProvinces: 'Límites provinciales',
    unreachable: 'No se puede acceder al mapa base en línea «{{name}}» (¿sin internet?): se muestran los contornos sin conexión.',
    labels: 'Mostrar etiquetas',
  },
  style: {
    title: 'Dibujo del producto',
    nearest: 'Celdas',
    smooth: 'Suave',
    contours: 'Isolíneas',
    arrows: 'Flechas de viento',
    barbs: 'Barbas de viento',
  },
  product: {
    title: 'Capa de producto',
    type: 'Tipo de pronóstico',
    factor: 'Variable',
    baseTime: 'Hora base',
    lead: 'Plazo',
    leadHours: '{{hours}} h',
    validTime: 'Válido {{time}}',
    points: 'Valores de la rejilla',
    none: 'Aún no hay productos de rejilla',
    legend: 'Leyenda',
    opacity: 'Opacidad',
    showControls: 'Mostrar la elección del producto',
    hideControls: 'Ocultar la elección del producto',
  },
  panel: {
    collapse: 'Contraer panel',
    expand: 'Desplegar panel',
    resize: 'Arrastre para cambiar el tamaño del panel',
  },
  info: {
    title: 'Valor de la rejilla',
    value: 'Valor',
    missing: 'Sin datos',
    position: 'Lon {{lon}}, lat {{lat}}',
    close: 'Cerrar',
  },
  /** The region a product is made for (components/region-fields). */
  region: {
    label: 'Región',
    customer: 'Nuestra región',
    area: 'Un área de límites',
    layer: 'Capa de límites',
    areaName: 'Área',
    chooseArea: 'Elija un área',
  },
  boundary: {
    provinces: 'Provincias',
  },
  zoomIn: 'Acercar',
  zoomOut: 'Alejar',
  home: 'Volver a la vista inicial',
};

export default es;
