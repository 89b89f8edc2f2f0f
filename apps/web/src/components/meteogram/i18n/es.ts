import type { MeteogramMessages } from './zh';

const es: MeteogramMessages = {
  title: 'Meteograma',
  open: 'Meteograma',
  station: 'Estación {{name}} ({{number}})',
  point: 'Lon {{lon}}, lat {{lat}}',
  cell: 'Celda {{lon}}, {{lat}}',
  run: 'Pasada {{time}}',
  temperature: 'Temperatura',
  dailyMax: 'Máxima diaria',
  dailyMin: 'Mínima diaria',
  precipitation: 'Precipitación en 3 h',
  wind: 'Viento (las flechas apuntan hacia donde va)',
  validTime: 'Hora válida',
  lead: 'Plazo',
  leadHours: '{{hours}} h',
  csv: 'Descargar CSV',
  loading: 'Cargando…',
  failed: 'No se pudo cargar',
  close: 'Cerrar',
  mode: 'Clic en el mapa para un meteograma',
  show: 'Meteograma de este punto',
  pickStation: 'Meteograma de una estación',
};

export default es;
