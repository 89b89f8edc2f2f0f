import { API, ARTICLE_ATTACHMENTS, ErrorCode } from '@agromet/contracts';
import type { FastifyInstance } from 'fastify';
import type { TokenService } from '../../core/auth/tokens.js';
import { AppError, errors } from '../../core/errors.js';
import { registerRoute } from '../../core/route.js';
import { publicPage } from './public-page.js';
import * as publishing from './publishing.js';
import { renderArticlePdf } from './pdf.js';
import * as images from './images.js';
import * as kinds from './kind-service.js';
import * as service from './service.js';
import type { ArticleDeps } from './service.js';

type ArticleRouteDeps = ArticleDeps & { tokens: TokenService };

export function articleRoutes(app: FastifyInstance, deps: ArticleRouteDeps): void {
  const { db } = deps;
  registerRoute(app, deps, API.articlePage, {
    handler: async ({ auth, query, req }) => ({ data: await service.pageArticles(db, auth, query, req.lang) }),
  });
  registerRoute(app, deps, API.articleDetail, {
    handler: async ({ auth, query, req }) => ({ data: await service.articleDetail(db, auth.customerId, query.id, req.lang) }),
  });
  registerRoute(app, deps, API.articleHistory, {
    handler: async ({ auth, query }) => ({ data: await service.articleHistory(db, auth.customerId, query.id) }),
  });
  registerRoute(app, deps, API.articleAdd, {
    audit: { action: 'article.add', type: 'article', description: '新建服务产品' },
    handler: async ({ auth, body, req }) => ({ data: { id: await service.addArticle(db, auth, body, req.lang) } }),
  });
  registerRoute(app, deps, API.articleUpdate, {
    audit: { action: 'article.update', type: 'article', description: '修改服务产品' },
    handler: async ({ auth, body, req }) => ({ data: await service.updateArticle(db, auth, body, req.lang) }),
  });
  registerRoute(app, deps, API.articleSubmit, {
    audit: { action: 'article.submit', type: 'article', description: '提交服务产品' },
    handler: async ({ auth, body, req }) => ({ data: await service.transition(db, auth, body.id, 'submit', req.lang) }),
  });
  registerRoute(app, deps, API.articleApprove, {
    audit: { action: 'article.approve', type: 'article', description: '批准服务产品' },
    handler: async ({ auth, body, req }) => ({ data: await service.transition(db, auth, body.id, 'approve', req.lang) }),
  });
  registerRoute(app, deps, API.articleReturn, {
    audit: { action: 'article.return', type: 'article', description: '退回服务产品' },
    handler: async ({ auth, body, req }) => ({ data: await service.transition(db, auth, body.id, 'return', req.lang, body.comment) }),
  });
  registerRoute(app, deps, API.articlePublish, {
    audit: { action: 'article.publish', type: 'article', description: '发布服务产品' },
    handler: async ({ auth, body, req }) => ({ data: await service.transition(db, auth, body.id, 'publish', req.lang) }),
  });
  registerRoute(app, deps, API.articleRevise, {
    audit: { action: 'article.revise', type: 'article', description: '修订服务产品' },
    handler: async ({ auth, body, req }) => ({ data: { id: await service.reviseArticle(db, auth, body.id, req.lang) } }),
  });
  registerRoute(app, deps, API.articleDuplicate, {
    audit: { action: 'article.duplicate', type: 'article', description: '复制服务产品' },
    handler: async ({ auth, body }) => ({ data: { id: await service.duplicateArticle(db, auth, body.id) } }),
  });
  registerRoute(app, deps, API.articleDelete, {
    audit: { action: 'article.delete', type: 'article', description: '删除服务产品' },
    handler: async ({ auth, body, req }) => {
      await service.deleteArticle(deps, auth, body.id, req.lang);
      return { data: null };
    },
  });
  registerRoute(app, deps, API.articlePdf, {
    handler: async ({ auth, query, req }) => {
      const a = await service.articleDetail(db, auth.customerId, query.id, req.lang);
      const pdf = await renderArticlePdf(a, (src) => images.embeddedImage(deps, auth.customerId, src), req.lang);
      const name = `${a.series}_${a.year}-${a.issueNo}${a.revision > 1 ? `_r${a.revision - 1}` : ''}.pdf`;
      return { data: null, file: { contentType: 'application/pdf', filename: name, body: pdf } };
    },
  });
  registerRoute(app, deps, API.articleKinds, {
    handler: async ({ auth, req }) => ({ data: await kinds.listKinds(db, auth.customerId, req.lang) }),
  });
  registerRoute(app, deps, API.articleKindSave, {
    audit: { action: 'article.kind.save', type: 'article', description: '保存服务产品类型' },
    handler: async ({ auth, body, req }) => ({ data: await kinds.saveKind(db, auth, body, req.lang) }),
  });
  registerRoute(app, deps, API.articleNextIssue, {
    handler: async ({ auth, query, req }) => ({ data: await service.nextIssue(db, auth, query.kindId, req.lang) }),
  });
  registerRoute(app, deps, API.articleLibraryImages, {
    handler: async ({ auth }) => ({ data: await images.libraryPictures(db, auth.customerId) }),
  });
  registerRoute(app, deps, API.articleLibraryImage, {
    audit: { action: 'article.libraryImage', type: 'article', description: '插入产品库图片' },
    handler: async ({ auth, body }) => ({ data: await images.libraryImage(deps, auth, body.id) }),
  });

  registerRoute(app, deps, API.articleKindDelete, {
    audit: { action: 'article.kind.delete', type: 'article', description: '删除服务产品类型' },
    handler: async ({ auth, body }) => {
      await kinds.deleteKind(db, auth, body.id);
      return { data: null };
    },
  });
  publishingRoutes(app, deps);
}

/** Publishing: the customer's platforms, a document's attachments and the published page. */
function publishingRoutes(app: FastifyInstance, deps: ArticleRouteDeps): void {
  const { db } = deps;
  registerRoute(app, deps, API.articlePlatforms, {
    handler: async ({ auth, req }) => ({ data: await publishing.listPlatforms(db, auth.customerId, req.lang) }),
  });
  registerRoute(app, deps, API.articlePlatformSave, {
    audit: { action: 'article.platform.save', type: 'article', description: '保存发布平台' },
    handler: async ({ auth, body, req }) => ({ data: await publishing.savePlatform(db, auth, body, req.lang) }),
  });
  registerRoute(app, deps, API.articlePlatformDelete, {
    audit: { action: 'article.platform.delete', type: 'article', description: '删除发布平台' },
    handler: async ({ auth, body }) => {
      // Users' settings drop the platform, which /user/info answers (docs/security.md#session-cache).
      await deps.tokens.sessions.changing('all', () => publishing.deletePlatform(db, auth, body.id));
      return { data: null };
    },
  });
  registerRoute(app, deps, API.articleAttachmentUpload, {
    audit: { action: 'article.attachment.add', type: 'article', description: '添加服务产品附件' },
    handler: async ({ auth, req }) => {
      if (!req.isMultipart()) throw errors.validation('file', 'fileMissing');
      let articleId = 0;
      let file: { name: string; data: Buffer } | null = null;
      const limit = ARTICLE_ATTACHMENTS.maxKb * 1024;
      for await (const part of req.parts({ limits: { fileSize: limit, files: 1, fields: 3 } })) {
        if (part.type === 'field' && part.fieldname === 'articleId') articleId = Number(part.value);
        else if (part.type === 'file' && part.fieldname !== 'file') {
          // A file under another name is refused, after draining it: a part nobody reads stalls the form for ever.
          part.file.resume();
          throw errors.validation(part.fieldname, 'fileMissing');
        } else if (part.type === 'file') {
          try {
            file = { name: part.filename, data: await part.toBuffer() };
          } catch (e) {
            if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
              throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, 'article.attachmentTooLarge', { limit: ARTICLE_ATTACHMENTS.maxKb });
            throw e;
          }
        }
      }
      // Read by hand from the form: a whole number in the range of the database's ids (1e+308 passes isInteger).
      if (!Number.isSafeInteger(articleId) || articleId <= 0 || articleId > 2 ** 31 - 1)
        throw errors.validation('articleId', 'fileMissing');
      if (!file) throw errors.validation('file', 'fileMissing');
      req.auditExtra = { file: { name: file.name, size: file.data.length }, articleId };
      await service.editableRow(db, auth, articleId, req.lang);
      return { data: await publishing.addAttachment(deps, auth, articleId, file.data, file.name) };
    },
  });
  registerRoute(app, deps, API.articleAttachmentDelete, {
    audit: { action: 'article.attachment.delete', type: 'article', description: '删除服务产品附件' },
    handler: async ({ auth, body, req }) => {
      const a = await publishing.attachmentRow(db, auth.customerId, body.id);
      await service.editableRow(db, auth, a.article_id, req.lang);
      await publishing.removeAttachment(deps, auth.customerId, body.id);
      return { data: null };
    },
  });
  registerRoute(app, deps, API.articleAttachment, {
    handler: async ({ auth, query }) => {
      const a = await publishing.attachmentRow(db, auth.customerId, query.id);
      const data = await deps.storage.get(a.storage_key);
      if (!data) throw errors.notFound();
      return { data: null, file: { contentType: a.mime, filename: a.name, body: data, headers: { 'x-content-type-options': 'nosniff' } } };
    },
  });
  registerRoute(app, deps, API.articlePublic, {
    handler: async ({ params }) => {
      const found = await service.publicArticle(db, params.id);
      if (!found) throw errors.notFound();
      return {
        data: null,
        file: {
          contentType: 'text/html; charset=utf-8',
          filename: `article-${params.id}.html`,
          body: publicPage(found.detail),
          inline: true,
          cacheControl: 'public, max-age=300',
          headers: {
            'content-security-policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
            'x-content-type-options': 'nosniff',
          },
        },
      };
    },
  });
}
