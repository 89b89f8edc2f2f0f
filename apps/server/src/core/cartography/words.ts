// The words every map writes in its own language (docs/products.md#furniture): the furniture's labels. Chinese is the
// default; English and Spanish products carry the same furniture.

export type MapLang = 'zh' | 'en' | 'es';
type Words = Record<MapLang, string>;

export const MAP_WORDS = {
  north: { zh: '北', en: 'N', es: 'N' },
  legend: { zh: '图　例', en: 'Legend', es: 'Leyenda' },
  km: { zh: '公里', en: 'km', es: 'km' },
  issuer: { zh: '发布单位：', en: 'Issued by: ', es: 'Emitido por: ' },
  issued: { zh: '发布时间：', en: 'Issued: ', es: 'Emitido: ' },
  source: { zh: '数据来源：', en: 'Data: ', es: 'Datos: ' },
  capital: { zh: '省会', en: 'Provincial capital', es: 'Capital provincial' },
  prefecture: { zh: '地级市', en: 'Prefecture city', es: 'Ciudad de prefectura' },
  county: { zh: '站点', en: 'Station', es: 'Estación' },
} satisfies Record<string, Words>;
