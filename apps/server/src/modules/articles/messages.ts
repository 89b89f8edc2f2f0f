import type { MessageTable } from '../../core/messages.js';

// Server messages of service products (docs/articles.md) and the words the bulletin PDF prints. In zh, en and es;
// apps/server/src/messages.ts installs them into core's lookup.

const zh = {
  'article.ownReview': '作者不能审核（批准或退回）自己的文档',
  'article.illegalTransition': '文档当前状态为“{state}”，不能执行“{action}”',
  'article.frozen': '文档已发布，不能修改；如需更正请使用“修订”生成新版本',
  'article.issueTaken': '{year} 年第 {issueNo} 期已被使用',
  'article.kindTaken': '文档类型已存在：{name}',
  'article.notImage': '只能插入 PNG 或 JPEG 图片',
  'article.state.draft': '草稿',
  'article.state.submitted': '已提交',
  'article.state.approved': '已审核',
  'article.state.published': '已发布',
  'article.action.edit': '修改',
  'article.action.submit': '提交',
  'article.action.approve': '批准',
  'article.action.return': '退回',
  'article.action.publish': '发布',
  'article.action.revise': '修订',
  'article.action.delete': '删除',
  'article.pdf.revision': '（第 {revision} 次修订）',
  'article.pdf.signer': '签发：{name}',
  'article.pdf.footer': '{unit}    第 {page} 页',
  'article.pdf.draft': '未发布稿',
  'article.tooManyPlatforms': '发布平台最多 {max} 个',
  'article.platformTaken': '发布平台已存在：{name}',
  'article.unknownPlatform': '只能选择本单位的发布平台',
  'article.attachmentType': '附件只能是 PDF、Word、Excel、PowerPoint、图片（PNG、JPEG）、文本（TXT、CSV）或 ZIP，且内容须与扩展名一致',
  'article.tooManyAttachments': '每个文档最多 {max} 个附件',
  'article.attachmentTooLarge': '附件不能超过 {limit} KB',
  'article.kindUsed': '已有文档使用该类型，不能删除',
  'article.pdf.attachments': '附件：',
} as const;

type Key = keyof typeof zh;

const en: Record<Key, string> = {
  'article.ownReview': 'The author cannot review (approve or return) their own document',
  'article.illegalTransition': 'The document is {state}; it cannot be given “{action}”',
  'article.frozen': 'The document is published and cannot be changed; use “Revise” to make a new revision',
  'article.issueTaken': 'Issue {issueNo} of {year} is already used',
  'article.kindTaken': 'This kind of document already exists: {name}',
  'article.notImage': 'Only PNG or JPEG pictures can be embedded',
  'article.state.draft': 'draft',
  'article.state.submitted': 'submitted',
  'article.state.approved': 'approved',
  'article.state.published': 'published',
  'article.action.edit': 'edit',
  'article.action.submit': 'submit',
  'article.action.approve': 'approve',
  'article.action.return': 'return',
  'article.action.publish': 'publish',
  'article.action.revise': 'revise',
  'article.action.delete': 'delete',
  'article.pdf.revision': ' (revision {revision})',
  'article.pdf.signer': 'Approved by: {name}',
  'article.pdf.footer': '{unit}    page {page}',
  'article.pdf.draft': 'Not published',
  'article.tooManyPlatforms': 'At most {max} publishing platforms',
  'article.platformTaken': 'This publishing platform already exists: {name}',
  'article.unknownPlatform': "Only your unit's publishing platforms can be chosen",
  'article.attachmentType':
    'An attachment must be a PDF, Word, Excel, PowerPoint, picture (PNG, JPEG), text (TXT, CSV) or ZIP file whose content matches its extension',
  'article.tooManyAttachments': 'At most {max} attachments per document',
  'article.attachmentTooLarge': 'An attachment may not exceed {limit} KB',
  'article.kindUsed': 'Documents use this kind; it cannot be deleted',
  'article.pdf.attachments': 'Attachments: ',
};

const es: Record<Key, string> = {
  'article.ownReview': 'El autor no puede revisar (aprobar o devolver) su propio documento',
  'article.illegalTransition': 'El documento está en estado «{state}»; no admite «{action}»',
  'article.frozen': 'El documento está publicado y no se puede cambiar; use «Revisar» para crear una nueva revisión',
  'article.issueTaken': 'El número {issueNo} de {year} ya está en uso',
  'article.kindTaken': 'Este tipo de documento ya existe: {name}',
  'article.notImage': 'Solo se pueden insertar imágenes PNG o JPEG',
  'article.state.draft': 'borrador',
  'article.state.submitted': 'enviado',
  'article.state.approved': 'aprobado',
  'article.state.published': 'publicado',
  'article.action.edit': 'editar',
  'article.action.submit': 'enviar',
  'article.action.approve': 'aprobar',
  'article.action.return': 'devolver',
  'article.action.publish': 'publicar',
  'article.action.revise': 'revisar',
  'article.action.delete': 'eliminar',
  'article.pdf.revision': ' (revisión {revision})',
  'article.pdf.signer': 'Firma: {name}',
  'article.pdf.footer': '{unit}    página {page}',
  'article.pdf.draft': 'No publicado',
  'article.tooManyPlatforms': 'Como máximo {max} plataformas de publicación',
  'article.platformTaken': 'Esta plataforma de publicación ya existe: {name}',
  'article.unknownPlatform': 'Solo se pueden elegir las plataformas de publicación de su unidad',
  'article.attachmentType':
    'Un adjunto debe ser un PDF, Word, Excel, PowerPoint, imagen (PNG, JPEG), texto (TXT, CSV) o ZIP cuyo contenido coincida con su extensión',
  'article.tooManyAttachments': 'Como máximo {max} adjuntos por documento',
  'article.attachmentTooLarge': 'Un adjunto no puede superar {limit} KB',
  'article.kindUsed': 'Hay documentos de este tipo; no se puede eliminar',
  'article.pdf.attachments': 'Adjuntos: ',
};

export const articlesMessages: MessageTable<Key> = { zh, en, es };

declare module '../../core/messages.js' {
  interface FeatureMessages {
    articles: Key;
  }
}
