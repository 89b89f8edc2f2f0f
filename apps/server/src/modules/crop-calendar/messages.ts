import type { MessageTable } from '../../core/messages.js';

// Server messages of crop calendars (docs/crop-calendar.md): the checks of a calendar and its stages. In zh, en and es;
// apps/server/src/messages.ts installs them into core's lookup.

const zh = {
  'calendar.invalid': '发育期日历有误',
  'calendar.outOfRange': '须在 {min} 到 {max} 之间',
  'calendar.noStages': '至少需要一个发育期',
  'calendar.tooManyStages': '发育期不能超过 {max} 个',
  'calendar.codeTaken': '发育期代码 {code} 已使用',
  'calendar.badDate': '不是有效的月-日：{date}',
  'calendar.notAfterPrevious': '须在上一发育期（{previous}）结束之后开始',
  'calendar.overYear': '各发育期合计超过一年',
  'calendar.unknownCrop': '作物不存在',
  'calendar.cropHasCalendar': '该作物已有发育期日历',
} as const;

type Key = keyof typeof zh;

const en: Record<Key, string> = {
  'calendar.invalid': 'The calendar is not valid',
  'calendar.outOfRange': 'Must be between {min} and {max}',
  'calendar.noStages': 'At least one stage is needed',
  'calendar.tooManyStages': 'At most {max} stages',
  'calendar.codeTaken': 'Stage code {code} is already used',
  'calendar.badDate': 'Not a valid month-day: {date}',
  'calendar.notAfterPrevious': 'Must start after the previous stage ({previous}) ends',
  'calendar.overYear': 'The stages together run over more than a year',
  'calendar.unknownCrop': 'The crop does not exist',
  'calendar.cropHasCalendar': 'The crop already has a calendar',
};

const es: Record<Key, string> = {
  'calendar.invalid': 'El calendario no es válido',
  'calendar.outOfRange': 'Debe estar entre {min} y {max}',
  'calendar.noStages': 'Se necesita al menos un estadio',
  'calendar.tooManyStages': 'Como máximo {max} estadios',
  'calendar.codeTaken': 'El código de estadio {code} ya se usa',
  'calendar.badDate': 'No es un mes-día válido: {date}',
  'calendar.notAfterPrevious': 'Debe empezar después del final del estadio anterior ({previous})',
  'calendar.overYear': 'Los estadios juntos superan un año',
  'calendar.unknownCrop': 'El cultivo no existe',
  'calendar.cropHasCalendar': 'El cultivo ya tiene calendario',
};

export const cropCalendarMessages: MessageTable<Key> = { zh, en, es };

declare module '../../core/messages.js' {
  interface FeatureMessages {
    cropCalendar: Key;
  }
}
