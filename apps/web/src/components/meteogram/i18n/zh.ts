const zh = {
  title: '时间序列',
  open: '时间序列',
  station: '站点 {{name}}（{{number}}）',
  point: '经度 {{lon}}，纬度 {{lat}}',
  cell: '格点 {{lon}}, {{lat}}',
  run: '起报 {{time}}',
  temperature: '气温',
  dailyMax: '日最高气温',
  dailyMin: '日最低气温',
  precipitation: '3小时降水',
  wind: '风速（箭头指向风的去向）',
  validTime: '预报时间',
  lead: '时效',
  leadHours: '{{hours}} 小时',
  csv: '下载 CSV',
  loading: '正在读取…',
  failed: '读取失败',
  close: '关闭',
  mode: '点击地图看时间序列',
  show: '查看该点时间序列',
  pickStation: '选站点看时间序列',
};

export type MeteogramMessages = typeof zh;
export default zh;
