import type { Translation } from '../../../../lib/i18n/translation';
import type zh from './zh';

/** Words of the crop-calendar page (en). */
const en: Translation<typeof zh> = {
  crops: 'Crops',
  noCalendar: 'No calendar yet',
  create: 'New calendar',
  timeline: 'Stages over the year',
  months: 'Jan,Feb,Mar,Apr,May,Jun,Jul,Aug,Sep,Oct,Nov,Dec',
  stages: 'Stages',
  code: 'Code',
  name: 'Name',
  start: 'Start (MM-DD)',
  end: 'End (MM-DD)',
  addStage: 'Add stage',
  removeStage: 'Remove stage',
  shift: 'Shift with altitude and latitude',
  refAltitude: 'Reference altitude (m)',
  refLat: 'Reference latitude (° N)',
  daysPer100m: 'Days later per 100 m higher',
  daysPerDegree: 'Days later per degree north',
  shiftHint:
    "Hopkins' bioclimatic law: spring phenology about 4 days later per degree north or per about 122 m higher (3.3 days per 100 m)",
  source: 'Source',
  builtIn: 'Built-in',
  save: 'Save',
  saved: 'Saved',
  delete: 'Delete calendar',
  deleteConfirm: 'Delete the calendar of {{crop}}?',
  deleted: 'Deleted',
  problem: {
    calendar: {
      outOfRange: 'Must be between {{min}} and {{max}}',
      noStages: 'At least one stage is needed',
      tooManyStages: 'At most {{max}} stages',
      codeTaken: 'Code {{code}} is already used',
      badDate: 'Not a valid month-day: {{date}}',
      notAfterPrevious: 'Must start after the previous stage ({{previous}}) ends',
      overYear: 'The stages together run over more than a year',
    },
  },
  namePlaceholder: 'Empty: the built-in name',
};
export default en;
