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
  internal: '服务器内部错误（请求编号 {requestId}）',
  wrongCurrentPassword: '当前密码不正确',
  passwordsDiffer: '俩次输入的新密码不一致',
  passwordTooShort: '密码不能少于5位字符',
  sameAsOld: '新密码不能与当前密码相同',
  onlyImages: '只能上传图片',
  imageTooLarge: '图片超出大小限制（{limit} KB）',
  fileMissing: '缺少上传文件（字段 file）',
  userDisabled: '用户名或密码错误',
  mustEqualNewPassword: '必须与新密码一致',
  staleVersion: '记录已被他人修改，请刷新后重试',
  duplicate: '{field} 已存在：{value}',
  customerHasUsers: '该客户下还有 {count} 个用户，不能删除',
  roleInUse: '该角色仍有 {count} 个用户在使用，不能删除',
  permissionBuiltin: '内置权限码不能删除或修改编码',
  permissionInUse: '该权限码仍被 {count} 个角色使用，不能删除',
  lastAdmin: '这是最后一个管理员，不能停用、删除或取消其管理员权限',
  cannotGrant: '不能授予自己没有的权限：{codes}',
  ownRoles: '不能修改自己的角色',
  roleOtherCustomer: '角色必须属于该用户所在的客户',
  unknownPermission: '未知的权限码：{codes}',
  unknownRole: '角色不存在：{ids}',
  unknownCustomer: '客户不存在',
  selfDisable: '不能停用或删除自己',
  cannotManageUser: '不能管理拥有你所没有权限的用户',
  gridStale: '该格点场已被 {name} 于 {time} 修改，请重新加载后再提交',
  jobInterrupted: '任务因服务停止而中断，请重新提交',
  jobInternal: '任务执行出错（任务编号 {id}），详情见服务器日志',
  importUnreadable: '文件无法导入：{reason}',
  importFileGone: '待导入的文件已不存在，请重新上传',
  importUnknownLayer: '未知的预报类型或要素：{type} / {factor}',
  importNeedsTime: 'GeoTIFF 文件不含时间，请填写起报时间（baseTime）和预报时效（lead）',
  importLeadRange: '预报时效 {lead} 小时超出 {type} 的范围（0–{max} 小时）',
  importGeometry: '格点范围不在经纬度范围内（经度 −180°…360°，纬度 −90°…90°）',
  importNoValues: '文件中没有任何有效值（全部为缺测）',
  importOutOfRange: '有 {count} 个格点超出 {factor} 的有效范围 [{min}, {max}] {unit}（文件中最小 {lo}，最大 {hi}），文件未导入',
  unknownLayer: '未知的预报类型或要素',
  emptyFile: '上传的文件为空',
} as const;

export type MessageKey = keyof typeof zh;

const en: Record<MessageKey, string> = {
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
  internal: 'Internal server error (request id {requestId})',
  wrongCurrentPassword: 'The current password is wrong',
  passwordsDiffer: 'The two new passwords differ',
  passwordTooShort: 'The password must be at least 5 characters',
  sameAsOld: 'The new password must differ from the current one',
  onlyImages: 'Only images can be uploaded',
  imageTooLarge: 'The image exceeds the size limit ({limit} KB)',
  fileMissing: 'No file uploaded (field file)',
  userDisabled: 'Wrong username or password',
  mustEqualNewPassword: 'must equal the new password',
  staleVersion: 'Someone else changed this record; reload and try again',
  duplicate: '{field} already exists: {value}',
  customerHasUsers: 'This customer still has {count} users and cannot be deleted',
  roleInUse: '{count} users still hold this role; it cannot be deleted',
  permissionBuiltin: 'Built-in permission codes cannot be deleted or recoded',
  permissionInUse: '{count} roles still use this permission code; it cannot be deleted',
  lastAdmin: 'This is the last administrator: it cannot be disabled, deleted or lose admin',
  cannotGrant: 'You cannot grant permissions you do not hold: {codes}',
  ownRoles: 'You cannot change your own roles',
  roleOtherCustomer: 'Roles must belong to the customer of the user',
  unknownPermission: 'Unknown permission codes: {codes}',
  unknownRole: 'No such roles: {ids}',
  unknownCustomer: 'No such customer',
  selfDisable: 'You cannot disable or delete yourself',
  cannotManageUser: 'You cannot manage a user holding permissions you do not hold',
  gridStale: 'This grid was changed by {name} at {time}; reload it and apply your edit again',
  jobInterrupted: 'The job was interrupted because the server stopped; submit it again',
  jobInternal: 'The job failed with an internal error (job id {id}); details are in the server log',
  importUnreadable: 'The file cannot be imported: {reason}',
  importFileGone: 'The uploaded file is gone; upload it again',
  importUnknownLayer: 'Unknown forecast type or factor: {type} / {factor}',
  importNeedsTime: 'A GeoTIFF carries no time: give the base time (baseTime) and lead time (lead)',
  importLeadRange: 'Lead time {lead} h is outside the range of {type} (0–{max} h)',
  importGeometry: 'The grid lies outside longitude −180°…360° or latitude −90°…90°',
  importNoValues: 'The file has no values (every cell is missing)',
  importOutOfRange: '{count} cells are outside the valid range of {factor}, [{min}, {max}] {unit} (the file has {lo} to {hi}); the file was not imported',
  unknownLayer: 'unknown forecast type or factor',
  emptyFile: 'the uploaded file is empty',
};

const es: Record<MessageKey, string> = {
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
  internal: 'Error interno del servidor (id de solicitud {requestId})',
  wrongCurrentPassword: 'La contraseña actual no es correcta',
  passwordsDiffer: 'Las dos contraseñas nuevas no coinciden',
  passwordTooShort: 'La contraseña debe tener al menos 5 caracteres',
  sameAsOld: 'La nueva contraseña debe ser distinta de la actual',
  onlyImages: 'Solo se pueden subir imágenes',
  imageTooLarge: 'La imagen supera el límite de tamaño ({limit} KB)',
  fileMissing: 'Falta el archivo (campo file)',
  userDisabled: 'Usuario o contraseña incorrectos',
  mustEqualNewPassword: 'debe ser igual a la nueva contraseña',
  staleVersion: 'Otra persona modificó este registro; recargue e inténtelo de nuevo',
  duplicate: '{field} ya existe: {value}',
  customerHasUsers: 'Este cliente aún tiene {count} usuarios y no se puede eliminar',
  roleInUse: '{count} usuarios aún tienen este rol; no se puede eliminar',
  permissionBuiltin: 'Los códigos de permiso integrados no se pueden eliminar ni recodificar',
  permissionInUse: '{count} roles aún usan este código de permiso; no se puede eliminar',
  lastAdmin: 'Es el último administrador: no se puede desactivar, eliminar ni quitarle admin',
  cannotGrant: 'No puede otorgar permisos que no tiene: {codes}',
  ownRoles: 'No puede cambiar sus propios roles',
  roleOtherCustomer: 'Los roles deben pertenecer al cliente del usuario',
  unknownPermission: 'Códigos de permiso desconocidos: {codes}',
  unknownRole: 'No existen los roles: {ids}',
  unknownCustomer: 'No existe el cliente',
  selfDisable: 'No puede desactivarse ni eliminarse a sí mismo',
  cannotManageUser: 'No puede gestionar a un usuario con permisos que usted no tiene',
  gridStale: '{name} modificó esta malla a las {time}; recárguela y vuelva a aplicar su edición',
  jobInterrupted: 'La tarea se interrumpió porque el servidor se detuvo; envíela de nuevo',
  jobInternal: 'La tarea falló por un error interno (id de tarea {id}); los detalles están en el registro del servidor',
  importUnreadable: 'No se puede importar el archivo: {reason}',
  importFileGone: 'El archivo subido ya no existe; súbalo de nuevo',
  importUnknownLayer: 'Tipo de pronóstico o factor desconocido: {type} / {factor}',
  importNeedsTime: 'Un GeoTIFF no lleva hora: indique la hora base (baseTime) y el plazo (lead)',
  importLeadRange: 'El plazo de {lead} h está fuera del rango de {type} (0–{max} h)',
  importGeometry: 'La malla está fuera de longitud −180°…360° o latitud −90°…90°',
  importNoValues: 'El archivo no tiene valores (todas las celdas faltan)',
  importOutOfRange: '{count} celdas están fuera del rango válido de {factor}, [{min}, {max}] {unit} (el archivo va de {lo} a {hi}); no se importó',
  unknownLayer: 'tipo de pronóstico o factor desconocido',
  emptyFile: 'el archivo subido está vacío',
};

const catalogues: Record<Lang, Record<MessageKey, string>> = { zh, en, es };

export function isMessageKey(s: string): s is MessageKey {
  return Object.hasOwn(zh, s);
}

export function translate(lang: Lang, key: MessageKey, params: Record<string, string | number> = {}): string {
  return catalogues[lang][key].replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
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

export const catalogueKeys = { zh: Object.keys(zh), en: Object.keys(en), es: Object.keys(es) };
