// The server's messages in zh, en and es: the ones every module shares (envelope, sign-in, validation, jobs, storage,
// uploads), and the lookup each module's own are installed into at start (docs/architecture.md#server-messages).
import { uploadEn, uploadEs, uploadZh } from './upload-messages.js';

/** Server messages in the three console languages; the request's Accept-Language picks one (zh by default). */
export type Lang = 'zh' | 'en' | 'es';

const zh = {
  success: 'success',
  tokenMissing: '未登录或令牌无效',
  tokenExpired: '登录已过期',
  sessionRevoked: '会话已失效，请重新登录',
  forbidden: '没有权限执行此操作',
  notFound: '记录不存在',
  notFoundPath: '接口不存在：{path}',
  badCredentials: '用户名或密码错误',
  tooManyAttempts: '尝试次数过多，请在 {seconds} 秒后重试',
  validationField: '{field}：{rule}',
  malformedJson: '请求体不是有效的 JSON',
  payloadTooLarge: '请求内容过大（上限 {limit}）',
  uriTooLong: '请求地址过长（{field} 超过 {limit} 个字符）',
  headersTooLarge: '请求头过大（请求行与请求头合计上限 {limit}）',
  malformedRequest: '无法解析的 HTTP 请求',
  numberOutOfRange: '数值超出系统可保存的范围',
  requestTimeout: '请求未在限定时间内发送完整',
  internal: '服务器内部错误（请求编号 {requestId}）',
  serviceUnavailable: '服务暂时不可用，请稍后重试',
  storageUnavailable: '文件存储暂时不可用，本次操作未完成，请稍后重试',
  proxyBadGateway: '服务进程未能完成本次请求，请稍后重试',
  proxyGatewayTimeout: '服务进程未在限定时间内响应，请稍后重试',
  fileMissing: '缺少上传文件（字段 file）',
  mustEqualNewPassword: '必须与新密码一致',
  staleVersion: '记录已被他人修改，请刷新后重试',
  duplicate: '{field} 已存在：{value}',
  lastAdmin: '这是最后一个管理员，不能停用、删除或取消其管理员权限',
  cannotGrant: '不能授予自己没有的权限：{codes}',
  platformOnly: '只有平台管理员可以执行此操作：权限码目录由所有客户共用，客户只为自己的角色分配权限码',
  passwordChangeRequired: '您的密码由管理员设置，请先修改密码再继续使用',
  invalidCustomerContext: '代管客户的编号无效',
  unknownPermission: '未知的权限码：{codes}',
  notEntitled: '该客户未开通这些模块：{codes}（由平台管理员在“客户管理”中开通）',
  platformOnlyCode: '这些权限码只属于平台，不能授予客户的角色：{codes}',
  gridStale: '该格点场已被 {name} 于 {time} 修改，请重新加载后再提交',
  jobInterrupted: '任务因服务停止而中断，请重新提交',
  jobInternal: '任务执行出错（任务编号 {id}），详情见服务器日志',
  jobStorageRetry: '文件存储暂时不可用，任务将自动重试（第 {retry} 次，共 {max} 次）',
  jobStorageFailed: '文件存储长时间不可用，任务在 {max} 次重试后失败，请稍后重新提交',
  jobStoredInvalid: '任务 {id} 失败：保存的数据无效（{table} 表第 {row} 行，字段 {field}），详情见服务器日志',
  unknownLayer: '未知的预报类型或要素',
  emptyFile: '上传的文件为空',
  // forecast grids read by several modules (downloads, grids, revise), CSV read by disaster and stations
  gridNotFound: '没有 {factor} 在起报时间 {baseTime}、时效 {lead} 小时的格点场',
  csvUnclosedQuote: '第 {row} 行的引号没有闭合',
  csvMalformed: '第 {row} 行起的记录不是有效的 CSV（引号外的引号，或引号后紧跟其他字符）',
  // checks of requests to several modules (their contracts share them), and the demo seeds' author (builtin-names.ts)
  phoneFormat: '只能包含数字、空格和 + - ( )',
  regionCodeFormat: '须为 6 位 GB/T 2260 行政区划代码',
  monthDayFormat: '须为 MM-DD 形式的日期（如 03-15）',
  areaCodeFormat: '须为“图层:区域序号”，例如 provinces:26 或 b3:0',
  statsLayerFormat: '须为 provinces 或 b<编号>',
  areaOrPolygon: '边界区域和多边形只能选择一个',
  'demo.actor': '演示数据',
  ...uploadZh,
} as const;

type CoreKey = keyof typeof zh;

const en: Record<CoreKey, string> = {
  success: 'success',
  tokenMissing: 'Not signed in or the token is invalid',
  tokenExpired: 'Your sign-in has expired',
  sessionRevoked: 'Your session has ended; please sign in again',
  forbidden: 'You do not have permission to do this',
  notFound: 'No such record',
  notFoundPath: 'No such API: {path}',
  badCredentials: 'Wrong username or password',
  tooManyAttempts: 'Too many attempts; try again in {seconds} s',
  validationField: '{field}: {rule}',
  malformedJson: 'The request body is not valid JSON',
  payloadTooLarge: 'The request is too large (limit {limit})',
  uriTooLong: 'The address is too long ({field} over {limit} characters)',
  headersTooLarge: 'The request headers are too large (request line and headers together: limit {limit})',
  malformedRequest: 'The HTTP request could not be parsed',
  numberOutOfRange: 'number out of the range the system can store',
  requestTimeout: 'The request was not sent in full in time',
  internal: 'Internal server error (request id {requestId})',
  serviceUnavailable: 'The service is briefly unavailable; please try again shortly',
  storageUnavailable: 'File storage is briefly unavailable and the request was not completed; please try again shortly',
  proxyBadGateway: 'The server process could not complete the request; please try again shortly',
  proxyGatewayTimeout: 'The server process did not answer in time; please try again shortly',
  fileMissing: 'No file uploaded (field file)',
  mustEqualNewPassword: 'must equal the new password',
  staleVersion: 'Someone else changed this record; reload and try again',
  duplicate: '{field} already exists: {value}',
  lastAdmin: 'This is the last administrator: it cannot be disabled, deleted or lose admin',
  cannotGrant: 'You cannot grant permissions you do not hold: {codes}',
  platformOnly:
    'Only the platform administrator can do this: the permission catalogue is shared by every customer, and a customer only assigns its codes to roles',
  passwordChangeRequired: 'Your password was set by an administrator: change it before you go on',
  invalidCustomerContext: 'The customer to work for is not a valid id',
  unknownPermission: 'Unknown permission codes: {codes}',
  notEntitled: 'The customer has not been granted these modules: {codes} (the platform administrator grants them under Customers)',
  platformOnlyCode: "These codes belong to the platform and cannot be given to a customer's roles: {codes}",
  gridStale: 'This grid was changed by {name} at {time}; reload it and apply your edit again',
  jobInterrupted: 'The job was interrupted because the server stopped; submit it again',
  jobInternal: 'The job failed with an internal error (job id {id}); details are in the server log',
  jobStorageRetry: 'File storage is briefly unavailable; the job will be retried (retry {retry} of {max})',
  jobStorageFailed: 'File storage stayed unavailable; the job failed after {max} retries; submit it again later',
  jobStoredInvalid: 'The job {id} failed: stored data is not valid ({table} row {row}, field {field}); details are in the server log',
  unknownLayer: 'unknown forecast type or factor',
  emptyFile: 'the uploaded file is empty',
  gridNotFound: 'There is no {factor} grid at base time {baseTime}, lead {lead} h',
  csvUnclosedQuote: 'a quote opened on line {row} is never closed',
  csvMalformed:
    'the record starting on line {row} is not valid CSV (a quote inside an unquoted field, or characters right after a closing quote)',
  phoneFormat: 'digits, spaces and + - ( ) only',
  regionCodeFormat: 'must be a six-digit GB/T 2260 region code',
  monthDayFormat: 'must be a day as MM-DD (e.g. 03-15)',
  areaCodeFormat: 'Must be "layer:area index", e.g. provinces:26 or b3:0',
  statsLayerFormat: 'Must be provinces or b<number>',
  areaOrPolygon: 'Choose either a boundary area or a polygon, not both',
  'demo.actor': 'Demo data',
  ...uploadEn,
};

const es: Record<CoreKey, string> = {
  success: 'success',
  tokenMissing: 'No ha iniciado sesión o el token no es válido',
  tokenExpired: 'Su sesión ha caducado',
  sessionRevoked: 'Su sesión ha terminado; vuelva a iniciar sesión',
  forbidden: 'No tiene permiso para hacer esto',
  notFound: 'No existe el registro',
  notFoundPath: 'No existe la API: {path}',
  badCredentials: 'Usuario o contraseña incorrectos',
  tooManyAttempts: 'Demasiados intentos; vuelva a intentarlo en {seconds} s',
  validationField: '{field}: {rule}',
  malformedJson: 'El cuerpo de la solicitud no es JSON válido',
  payloadTooLarge: 'La solicitud es demasiado grande (límite {limit})',
  uriTooLong: 'La dirección es demasiado larga ({field} supera {limit} caracteres)',
  headersTooLarge: 'Las cabeceras de la solicitud son demasiado grandes (línea de solicitud y cabeceras juntas: límite {limit})',
  malformedRequest: 'No se pudo interpretar la solicitud HTTP',
  numberOutOfRange: 'número fuera del rango que el sistema puede guardar',
  requestTimeout: 'La solicitud no se envió completa a tiempo',
  internal: 'Error interno del servidor (id de solicitud {requestId})',
  serviceUnavailable: 'El servicio no está disponible por un momento; vuelva a intentarlo en breve',
  storageUnavailable:
    'El almacenamiento de archivos no está disponible por un momento y la solicitud no se completó; vuelva a intentarlo en breve',
  proxyBadGateway: 'El proceso del servidor no pudo completar la solicitud; vuelva a intentarlo en breve',
  proxyGatewayTimeout: 'El proceso del servidor no respondió a tiempo; vuelva a intentarlo en breve',
  fileMissing: 'Falta el archivo (campo file)',
  mustEqualNewPassword: 'debe ser igual a la nueva contraseña',
  staleVersion: 'Otra persona modificó este registro; recargue e inténtelo de nuevo',
  duplicate: '{field} ya existe: {value}',
  lastAdmin: 'Es el último administrador: no se puede desactivar, eliminar ni quitarle admin',
  cannotGrant: 'No puede otorgar permisos que no tiene: {codes}',
  platformOnly:
    'Solo el administrador de la plataforma puede hacer esto: el catálogo de permisos es común a todos los clientes y cada cliente solo asigna sus códigos a roles',
  passwordChangeRequired: 'Un administrador estableció su contraseña: cámbiela antes de continuar',
  invalidCustomerContext: 'El cliente para el que trabajar no es un identificador válido',
  unknownPermission: 'Códigos de permiso desconocidos: {codes}',
  notEntitled: 'El cliente no tiene contratados estos módulos: {codes} (el administrador de la plataforma los concede en Clientes)',
  platformOnlyCode: 'Estos códigos pertenecen a la plataforma y no pueden darse a los roles de un cliente: {codes}',
  gridStale: '{name} modificó esta malla a las {time}; recárguela y vuelva a aplicar su edición',
  jobInterrupted: 'La tarea se interrumpió porque el servidor se detuvo; envíela de nuevo',
  jobInternal: 'La tarea falló por un error interno (id de tarea {id}); los detalles están en el registro del servidor',
  jobStorageRetry: 'El almacenamiento de archivos no está disponible por un momento; la tarea se reintentará (reintento {retry} de {max})',
  jobStorageFailed:
    'El almacenamiento de archivos siguió sin estar disponible; la tarea falló tras {max} reintentos; envíela de nuevo más tarde',
  jobStoredInvalid:
    'La tarea {id} falló: los datos guardados no son válidos ({table}, fila {row}, campo {field}); los detalles están en el registro del servidor',
  unknownLayer: 'tipo de pronóstico o factor desconocido',
  emptyFile: 'el archivo subido está vacío',
  gridNotFound: 'No hay malla de {factor} con hora base {baseTime} y plazo {lead} h',
  csvUnclosedQuote: 'una comilla abierta en la línea {row} nunca se cierra',
  csvMalformed:
    'el registro que empieza en la línea {row} no es CSV válido (una comilla dentro de un campo sin comillas, o caracteres justo tras una comilla de cierre)',
  phoneFormat: 'solo dígitos, espacios y + - ( )',
  regionCodeFormat: 'debe ser un código de región GB/T 2260 de seis dígitos',
  monthDayFormat: 'debe ser un día en formato MM-DD (p. ej. 03-15)',
  areaCodeFormat: 'Debe ser "capa:índice de área", p. ej. provinces:26 o b3:0',
  statsLayerFormat: 'Debe ser provinces o b<número>',
  areaOrPolygon: 'Elija un área de límites o un polígono, no ambos',
  'demo.actor': 'Datos de demostración',
  ...uploadEs,
};

/**
 * The message keys of the modules. Each module's `messages.ts` adds its own by declaration merging
 * (`declare module '../../core/messages.js' { interface FeatureMessages { <area>: Key } }`), so that every key is typed
 * wherever it is used while core holds no module's words; the tables themselves are installed at start
 * (`installMessages`, from the one list in apps/server/src/messages.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the modules' declaration merging
export interface FeatureMessages {}

/** A key of the server's messages: core's own (every module's) or a module's. */
export type MessageKey = CoreKey | FeatureMessages[keyof FeatureMessages];

/** One module's messages in the three languages, the same keys in each. */
export interface MessageTable<K extends string = string> {
  readonly zh: Readonly<Record<K, string>>;
  readonly en: Readonly<Record<K, string>>;
  readonly es: Readonly<Record<K, string>>;
}

const LANGS: readonly Lang[] = ['zh', 'en', 'es'];

/** The lookup: core's messages, then every installed table's. */
const catalogues: Record<Lang, Map<string, string>> = {
  zh: new Map(Object.entries(zh)),
  en: new Map(Object.entries(en)),
  es: new Map(Object.entries(es)),
};
const installed = new Set<MessageTable>();

/**
 * Adds modules' tables to the lookup; a table already installed is skipped, so every entry point may call it. Refuses a
 * table whose languages differ in their keys and a key that is already taken (core's or another module's).
 */
export function installMessages(tables: readonly MessageTable[]): void {
  for (const table of tables) {
    if (installed.has(table)) continue;
    const keys = Object.keys(table.zh);
    for (const lang of LANGS) {
      const own = Object.keys(table[lang]);
      const missing = keys.filter((k) => !Object.hasOwn(table[lang], k));
      const extra = own.filter((k) => !Object.hasOwn(table.zh, k));
      if (missing.length > 0 || extra.length > 0)
        throw new Error(`messages in ${lang} differ from zh: missing ${missing.join(', ') || '-'}; extra ${extra.join(', ') || '-'}`);
    }
    const taken = keys.filter((k) => catalogues.zh.has(k));
    if (taken.length > 0) throw new Error(`message keys defined twice: ${taken.join(', ')}`);
    for (const lang of LANGS) for (const key of keys) catalogues[lang].set(key, table[lang][key]!);
    installed.add(table);
  }
}

/** Whether `s` is a key of the lookup (core's, or an installed module's). */
export function isMessageKey(s: string): s is MessageKey {
  return catalogues.zh.has(s);
}

export function translate(lang: Lang, key: MessageKey, params: Record<string, string | number> = {}): string {
  const text = catalogues[lang].get(key);
  if (text === undefined) throw new Error(`no message "${key}": the modules' messages are not installed (apps/server/src/messages.ts)`);
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}

/** First supported language of an Accept-Language header; zh when none. */
export function pickLanguage(header: string | undefined): Lang {
  if (!header) return 'zh';
  const ranked = header
    .split(',')
    .map((part, i) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.find((r) => r.trim().startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.trim().slice(2)) || 0 : 1, i };
    })
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of ranked) {
    const base = tag.split('-')[0];
    if (base === 'zh' || base === 'en' || base === 'es') return base;
  }
  return 'zh';
}

/** The keys of the lookup in each language, core's and the installed tables'. */
export function catalogueKeys(): Record<Lang, string[]> {
  return { zh: [...catalogues.zh.keys()], en: [...catalogues.en.keys()], es: [...catalogues.es.keys()] };
}
