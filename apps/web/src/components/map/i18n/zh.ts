/** Map layout labels (namespace `map`). */
const zh = {
  base: {
    title: '底图',
    tiandituVec: '天地图 矢量',
    tiandituVecLabel: '天地图 矢量注记',
    tiandituImg: '天地图 影像',
    tiandituImgLabel: '天地图 影像注记',
    tiandituTer: '天地图 地形',
    tiandituTerLabel: '天地图 地形注记',
    amapVec: '高德 街道',
    amapImg: '高德 卫星',
    osm: 'OpenStreetMap',
    offline: '离线底图（国界）',
    offlineProvinces: '省界',
    unreachable: '无法连接在线底图“{{name}}”（可能没有互联网），已改用离线边界底图。',
    labels: '显示注记',
  },
  style: {
    title: '产品显示方式',
    nearest: '格点',
    smooth: '平滑',
    contours: '等值线',
    arrows: '风矢',
    barbs: '风羽',
  },
  product: {
    title: '产品图层',
    type: '预报类型',
    factor: '要素',
    baseTime: '起报时间',
    lead: '预报时效',
    leadHours: '{{hours}} 小时',
    validTime: '有效时间 {{time}}',
    points: '格点值',
    none: '暂无格点产品',
    legend: '图例',
    opacity: '透明度',
    showControls: '展开产品选择',
    hideControls: '收起产品选择',
  },
  panel: {
    collapse: '收起面板',
    expand: '展开面板',
    resize: '拖动调整面板大小',
  },
  info: {
    title: '格点值',
    value: '值',
    missing: '无数据',
    position: '经度 {{lon}}，纬度 {{lat}}',
    close: '关闭',
  },
  /** The region a product is made for (components/region-fields). */
  region: {
    label: '区域',
    customer: '本单位区域',
    area: '边界区域',
    layer: '边界图层',
    areaName: '区域名称',
    chooseArea: '选择区域',
  },
  boundary: {
    provinces: '省界',
  },
  zoomIn: '放大',
  zoomOut: '缩小',
  home: '回到初始位置',
};

export type MapMessages = typeof zh;
export default zh;
