import type { MeteogramMessages } from './zh';

const en: MeteogramMessages = {
  title: 'Meteogram',
  open: 'Meteogram',
  station: 'Station {{name}} ({{number}})',
  point: 'Lon {{lon}}, lat {{lat}}',
  cell: 'Grid cell {{lon}}, {{lat}}',
  run: 'Run {{time}}',
  temperature: 'Temperature',
  dailyMax: 'Daily maximum',
  dailyMin: 'Daily minimum',
  precipitation: '3 h precipitation',
  wind: 'Wind speed (arrows point where the wind goes)',
  validTime: 'Valid time',
  lead: 'Lead',
  leadHours: '{{hours}} h',
  csv: 'Download CSV',
  loading: 'Loading…',
  failed: 'Could not load',
  close: 'Close',
  mode: 'Click the map for a meteogram',
  show: 'Meteogram of this point',
  pickStation: 'Meteogram of a station',
};

export default en;
