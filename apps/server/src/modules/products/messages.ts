import type { MessageTable } from '../../core/messages.js';

// Server messages of map products (docs/products.md), and the default product template's name (seeded in zh, answered
// by its key through core/builtin-names.ts). In zh, en and es; apps/server/src/messages.ts installs them into core's
// lookup.

const zh = {
  'product.unknownPlaceholder': '未知的占位符 {name}（可用：{known}）',
  'product.thresholdsOrder': '分级阈值必须严格递增',
  'product.colorsLength': '颜色个数须比阈值多一个（应为 {expected} 个）',
  'product.unknownLayer': '未知的边界图层：{layer}',
  'product.logoMissing': '徽标图片不存在，请重新上传',
  'product.logoTooLarge': '徽标图片过大（{size} KB），不能超过 {limit} KB',
  'product.unknownTemplate': '产品模板不存在',
  'product.templateMissing': '请选择产品模板',
  'product.lastTemplate': '至少要保留一个产品模板',
  'product.unknownType': '未知的预报类型：{type}',
  'product.unknownFactor': '预报类型 {type} 没有要素 {factor}',
  'product.unknownBaseTime': '{factor} 在起报时间 {baseTime} 没有格点数据',
  'product.unknownLead': '起报时间 {baseTime} 没有 {lead} 小时时效的格点',
  'product.leadMissing': '请选择预报时效',
  'product.emptyLeadRange': '时效 {from}–{to} 小时内没有格点数据',
  'product.tooManyLeads': '一次最多 {max} 个时效（所选范围有 {count} 个）',
  'product.aggregationMissing': '请选择统计方式',
  'product.sumNotAllowed': '只有降水量可以累加；{factor} 请选择最大、最小或平均',
  'product.unknownArea': '边界区域不存在：{code}',
  'product.regionEmpty': '所选区域内没有格点数据',
  'product.gridsDiffer': '所选时效的格点不在同一网格上',
  'product.scheduleTimeMissing': '每天定时制作须填写时刻（时:分）',
  'product.unknownSchedule': '自动制作计划不存在',
  'product.scheduleNoRun': '{factor} 还没有任何起报时间的格点，无法检查计划',
  'product.scheduleAuthorGone': '计划的创建者已不在本单位，请重新保存计划',
  'product.scheduleFailed': '自动制作出错，请检查计划后重新保存',
  'product.defaultTemplateName': '标准预报图',
} as const;

type Key = keyof typeof zh;

const en: Record<Key, string> = {
  'product.unknownPlaceholder': 'unknown placeholder {name} (known: {known})',
  'product.thresholdsOrder': 'class thresholds must be strictly ascending',
  'product.colorsLength': 'one colour more than thresholds is needed ({expected} colours)',
  'product.unknownLayer': 'unknown boundary layer: {layer}',
  'product.logoMissing': 'the logo image does not exist; upload it again',
  'product.logoTooLarge': 'the logo is too large ({size} KB); at most {limit} KB',
  'product.unknownTemplate': 'product template not found',
  'product.templateMissing': 'choose a product template',
  'product.lastTemplate': 'at least one product template must remain',
  'product.unknownType': 'unknown forecast type: {type}',
  'product.unknownFactor': 'forecast type {type} has no element {factor}',
  'product.unknownBaseTime': '{factor} has no grids at base time {baseTime}',
  'product.unknownLead': 'base time {baseTime} has no grid at lead {lead} h',
  'product.leadMissing': 'choose a lead time',
  'product.emptyLeadRange': 'no grids between leads {from} and {to} h',
  'product.tooManyLeads': 'at most {max} lead times at once (the range has {count})',
  'product.aggregationMissing': 'choose how to aggregate',
  'product.sumNotAllowed': 'only precipitation can be summed; choose maximum, minimum or mean for {factor}',
  'product.unknownArea': 'boundary area not found: {code}',
  'product.regionEmpty': 'the chosen region has no grid values',
  'product.gridsDiffer': 'the grids of the chosen leads are not on the same grid',
  'product.scheduleTimeMissing': 'a daily schedule needs its time (HH:MM)',
  'product.unknownSchedule': 'product schedule not found',
  'product.scheduleNoRun': '{factor} has no run yet, so the schedule cannot be checked',
  'product.scheduleAuthorGone': "the schedule's author is no longer with this customer; save the schedule again",
  'product.scheduleFailed': 'automatic making failed; check the schedule and save it again',
  'product.defaultTemplateName': 'Standard forecast map',
};

const es: Record<Key, string> = {
  'product.unknownPlaceholder': 'marcador desconocido {name} (conocidos: {known})',
  'product.thresholdsOrder': 'los umbrales de las clases deben ser estrictamente crecientes',
  'product.colorsLength': 'se necesita un color más que umbrales ({expected} colores)',
  'product.unknownLayer': 'capa de límites desconocida: {layer}',
  'product.logoMissing': 'la imagen del logotipo no existe; súbala de nuevo',
  'product.logoTooLarge': 'el logotipo es demasiado grande ({size} KB); como máximo {limit} KB',
  'product.unknownTemplate': 'plantilla de producto no encontrada',
  'product.templateMissing': 'elija una plantilla de producto',
  'product.lastTemplate': 'debe quedar al menos una plantilla de producto',
  'product.unknownType': 'tipo de pronóstico desconocido: {type}',
  'product.unknownFactor': 'el tipo de pronóstico {type} no tiene el elemento {factor}',
  'product.unknownBaseTime': '{factor} no tiene mallas en la hora base {baseTime}',
  'product.unknownLead': 'la hora base {baseTime} no tiene malla con plazo de {lead} h',
  'product.leadMissing': 'elija un plazo',
  'product.emptyLeadRange': 'no hay mallas entre los plazos {from} y {to} h',
  'product.tooManyLeads': 'como máximo {max} plazos a la vez (el rango tiene {count})',
  'product.aggregationMissing': 'elija cómo agregar',
  'product.sumNotAllowed': 'solo la precipitación se puede sumar; elija máximo, mínimo o media para {factor}',
  'product.unknownArea': 'área de límites no encontrada: {code}',
  'product.regionEmpty': 'la región elegida no tiene valores de malla',
  'product.gridsDiffer': 'las mallas de los plazos elegidos no están en la misma malla',
  'product.scheduleTimeMissing': 'una programación diaria necesita su hora (HH:MM)',
  'product.unknownSchedule': 'programación de producto no encontrada',
  'product.scheduleNoRun': '{factor} aún no tiene ninguna pasada, así que la programación no se puede comprobar',
  'product.scheduleAuthorGone': 'el autor de la programación ya no pertenece a este cliente; guarde la programación de nuevo',
  'product.scheduleFailed': 'la elaboración automática falló; revise la programación y guárdela de nuevo',
  'product.defaultTemplateName': 'Mapa de pronóstico estándar',
};

export const productsMessages: MessageTable<Key> = { zh, en, es };

declare module '../../core/messages.js' {
  interface FeatureMessages {
    products: Key;
  }
}
