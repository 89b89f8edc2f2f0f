import type { MessageTable } from '../../core/messages.js';

// Server messages of data revision (modules/revise): revising, recovering and issuing grids, and the checks of its
// requests (packages/contracts/src/revise.ts). In zh, en and es; apps/server/src/messages.ts installs them into core's
// lookup.

const zh = {
  issueNotExported: '该次签发的文件尚未全部导出（或导出失败），不能打包下载',
  duplicateLead: '时效重复',
  expectedVersionsLength: 'expectedVersions 的个数必须与 leads 相同',
  expectedVersionMissing: '缺少该时效的版本号（expectedVersions）',
  ringNotClosed: '多边形的环必须闭合（首尾坐标相同）',
  tooManyPositions: '多边形顶点过多（合计上限 20000 个）',
  smoothOdd: '平滑窗口必须是 3 到 9 之间的奇数',
  divideByZero: '除数必须大于 0',
  gridStaleLead: '时效 {lead} 小时的格点场已被 {name} 于 {time} 修改（当前版本 {version}），请重新加载后再提交',
  recoveryBlocked: '之后还有订正改动了相同的格点，请先恢复这些记录：{records}',
  alreadyRecovered: '该记录已被恢复（恢复记录 #{by}）',
  recoveryOfRecovery: '恢复记录本身不能再恢复',
  gridReplaced: '该格点场在此记录之后被整体替换（例如重新导入），不能按记录恢复',
  submitNoGrids: '{type} 在起报时间 {baseTime} 没有可提交的格点场',
  issueHasViolations: '该预报有 {count} 处一致性问题（共 {cells} 个格点），确认后才能提交',
  issueFileMissing: '提交的格点场副本已不存在（{key}）',
} as const;

type Key = keyof typeof zh;

const en: Record<Key, string> = {
  issueNotExported: 'The files of this issue are not all exported (or the export failed): they cannot be downloaded as one zip',
  duplicateLead: 'duplicate lead time',
  expectedVersionsLength: 'expectedVersions must have as many entries as leads',
  expectedVersionMissing: 'the version of this lead is missing (expectedVersions)',
  ringNotClosed: 'polygon rings must be closed (last position equal to the first)',
  tooManyPositions: 'the polygons have too many positions (20000 in all at most)',
  smoothOdd: 'the smoothing window must be an odd number from 3 to 9',
  divideByZero: 'the divisor must be greater than 0',
  gridStaleLead: 'The grid of lead {lead} h was changed by {name} at {time} (now version {version}); reload it and apply your edit again',
  recoveryBlocked: 'Later revisions changed the same cells; recover them first: {records}',
  alreadyRecovered: 'This record has already been recovered (recovery record #{by})',
  recoveryOfRecovery: 'A recovery record cannot itself be recovered',
  gridReplaced: 'The grid was replaced as a whole after this record (e.g. imported again); it cannot be recovered record by record',
  submitNoGrids: '{type} has no grids to submit at base time {baseTime}',
  issueHasViolations: 'The forecast has {count} consistency violations ({cells} cells in all); confirm to issue it anyway',
  issueFileMissing: 'The frozen copy of a submitted grid is gone ({key})',
};

const es: Record<Key, string> = {
  issueNotExported: 'Los archivos de esta emisión no están todos exportados (o la exportación falló): no se pueden descargar en un zip',
  duplicateLead: 'plazo repetido',
  expectedVersionsLength: 'expectedVersions debe tener tantas entradas como leads',
  expectedVersionMissing: 'falta la versión de este plazo (expectedVersions)',
  ringNotClosed: 'los anillos del polígono deben cerrarse (última posición igual a la primera)',
  tooManyPositions: 'los polígonos tienen demasiadas posiciones (20000 en total como máximo)',
  smoothOdd: 'la ventana de suavizado debe ser un número impar de 3 a 9',
  divideByZero: 'el divisor debe ser mayor que 0',
  gridStaleLead:
    '{name} modificó la malla del plazo {lead} h a las {time} (ahora versión {version}); recárguela y vuelva a aplicar su edición',
  recoveryBlocked: 'Correcciones posteriores cambiaron las mismas celdas; recupérelas primero: {records}',
  alreadyRecovered: 'Este registro ya fue recuperado (registro de recuperación #{by})',
  recoveryOfRecovery: 'Un registro de recuperación no se puede recuperar a su vez',
  gridReplaced:
    'La malla se sustituyó entera después de este registro (p. ej. se importó de nuevo); no se puede recuperar registro a registro',
  submitNoGrids: '{type} no tiene mallas que enviar con hora base {baseTime}',
  issueHasViolations: 'El pronóstico tiene {count} incoherencias ({cells} celdas en total); confírmelo para emitirlo igualmente',
  issueFileMissing: 'La copia congelada de una malla enviada ya no existe ({key})',
};

export const reviseMessages: MessageTable<Key> = { zh, en, es };

declare module '../../core/messages.js' {
  interface FeatureMessages {
    revise: Key;
  }
}
