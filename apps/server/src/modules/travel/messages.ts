import type { MessageTable } from '../../core/messages.js';

// Server messages of the tourism content (docs/travel.md): comments, stops and seasonal temperatures. In zh, en and es;
// apps/server/src/messages.ts installs them into core's lookup.

const zh = {
  'travel.reasonRequired': '不通过时须填写原因',
  'travel.tempOrder': '最高温度须不低于最低温度',
  'travel.unknownSpot': '景区不存在',
  'travel.unknownStop': '站点（编号 {id}）不是本单位的景区或景观',
  'travel.repeatedStop': '与上一站相同',
  'travel.textEmpty': '评论内容不能为空（HTML 标签已去除）',
  'travel.textTooLong': '评论内容不能超过 {max} 个字',
  'travel.nicknameEmpty': '昵称不能为空（HTML 标签已去除）',
  'travel.nicknameTooLong': '昵称不能超过 {max} 个字',
} as const;

type Key = keyof typeof zh;

const en: Record<Key, string> = {
  'travel.reasonRequired': 'a reason is needed to refuse',
  'travel.tempOrder': 'the highest temperature must not be below the lowest',
  'travel.unknownSpot': 'no such scenic spot',
  'travel.unknownStop': 'stop {id} is not a scenic spot or landscape of this organisation',
  'travel.repeatedStop': 'the same as the stop before',
  'travel.textEmpty': 'the comment is empty (HTML tags are removed)',
  'travel.textTooLong': 'the comment may have at most {max} characters',
  'travel.nicknameEmpty': 'the nickname is empty (HTML tags are removed)',
  'travel.nicknameTooLong': 'the nickname may have at most {max} characters',
};

const es: Record<Key, string> = {
  'travel.reasonRequired': 'para rechazar hace falta un motivo',
  'travel.tempOrder': 'la temperatura máxima no puede ser inferior a la mínima',
  'travel.unknownSpot': 'no existe ese lugar turístico',
  'travel.unknownStop': 'la parada {id} no es un lugar turístico ni un paisaje de esta organización',
  'travel.repeatedStop': 'es la misma que la parada anterior',
  'travel.textEmpty': 'el comentario está vacío (se quitan las etiquetas HTML)',
  'travel.textTooLong': 'el comentario admite como máximo {max} caracteres',
  'travel.nicknameEmpty': 'el apodo está vacío (se quitan las etiquetas HTML)',
  'travel.nicknameTooLong': 'el apodo admite como máximo {max} caracteres',
};

export const travelMessages: MessageTable<Key> = { zh, en, es };

declare module '../../core/messages.js' {
  interface FeatureMessages {
    travel: Key;
  }
}
