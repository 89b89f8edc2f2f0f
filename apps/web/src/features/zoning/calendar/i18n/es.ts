import type { Translation } from '../../../../lib/i18n/translation';
import type zh from './zh';

/** Words of the crop-calendar page (es). */
const es: Translation<typeof zh> = {
  crops: 'Cultivos',
  noCalendar: 'Aún sin calendario',
  create: 'Nuevo calendario',
  timeline: 'Estadios a lo largo del año',
  months: 'ene,feb,mar,abr,may,jun,jul,ago,sep,oct,nov,dic',
  stages: 'Estadios',
  code: 'Código',
  name: 'Nombre',
  start: 'Inicio (MM-DD)',
  end: 'Fin (MM-DD)',
  addStage: 'Añadir estadio',
  removeStage: 'Quitar estadio',
  shift: 'Desplazamiento con la altitud y la latitud',
  refAltitude: 'Altitud de referencia (m)',
  refLat: 'Latitud de referencia (° N)',
  daysPer100m: 'Días más tarde por 100 m más alto',
  daysPerDegree: 'Días más tarde por grado al norte',
  shiftHint:
    'Ley bioclimática de Hopkins: la fenología de primavera unos 4 días más tarde por grado al norte o por unos 122 m más alto (3,3 días por 100 m)',
  source: 'Fuente',
  builtIn: 'Incorporado',
  save: 'Guardar',
  saved: 'Guardado',
  delete: 'Eliminar calendario',
  deleteConfirm: '¿Eliminar el calendario de {{crop}}?',
  deleted: 'Eliminado',
  problem: {
    calendar: {
      outOfRange: 'Debe estar entre {{min}} y {{max}}',
      noStages: 'Se necesita al menos un estadio',
      tooManyStages: 'Como máximo {{max}} estadios',
      codeTaken: 'El código {{code}} ya se usa',
      badDate: 'No es un mes-día válido: {{date}}',
      notAfterPrevious: 'Debe empezar después del final del estadio anterior ({{previous}})',
      overYear: 'Los estadios juntos superan un año',
    },
  },
  namePlaceholder: 'Vacío: el nombre incorporado',
};
export default es;
