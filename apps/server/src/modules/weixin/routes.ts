import { API, WX_MEDIA_LIMITS, WxMediaUploadFields } from '@agromet/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TokenService } from '../../core/auth/tokens.js';
import { readFileForm } from '../../core/multipart.js';
import { registerRoute } from '../../core/route.js';
import * as accounts from './accounts.js';
import type { WxDeps } from './accounts.js';
import { handlePush, textReplyXml, verifyCallback } from './callback.js';
import { forecastReply } from './forecast-reply.js';
import * as followers from './followers.js';
import * as media from './media.js';
import * as menus from './menus.js';
import * as sends from './sends.js';

/** The address WeChat should call back, as the browser reached this server. */
const callbackBase = (req: FastifyRequest) => `${req.protocol}://${req.headers.host ?? 'localhost'}`;

type WxRouteDeps = WxDeps & { tokens: TokenService };

export function weixinRoutes(app: FastifyInstance, deps: WxRouteDeps): void {
  const { db } = deps;
  // WeChat pushes XML; it is read as text here and parsed (entities off) by the callback.
  app.addContentTypeParser(['text/xml', 'application/xml'], { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) =>
    done(null, body),
  );

  registerRoute(app, deps, API.wxAccountList, {
    handler: async ({ auth, req }) => ({ data: await accounts.listAccounts(db, auth, callbackBase(req)) }),
  });
  registerRoute(app, deps, API.wxAccountInsert, {
    audit: { action: 'wx.account.insert', type: 'weixin', description: '新增公众号' },
    handler: async ({ auth, body, req }) => ({ data: await accounts.createAccount(deps, auth, body, callbackBase(req)) }),
  });
  registerRoute(app, deps, API.wxAccountUpdate, {
    audit: { action: 'wx.account.update', type: 'weixin', description: '修改公众号' },
    handler: async ({ auth, body, req }) => ({ data: await accounts.updateAccount(deps, auth, body, callbackBase(req)) }),
  });
  registerRoute(app, deps, API.wxAccountDelete, {
    audit: { action: 'wx.account.delete', type: 'weixin', description: '删除公众号' },
    handler: async ({ auth, query }) => {
      await accounts.deleteAccount(db, auth, query.id);
      return { data: null };
    },
  });
  registerRoute(app, deps, API.wxAccountTest, {
    handler: async ({ auth, body, req }) => ({ data: await accounts.testAccount(deps, auth, body.accountId, req.lang) }),
  });
  registerRoute(app, deps, API.wxFollowerSync, {
    audit: { action: 'wx.follower.sync', type: 'weixin', description: '同步公众号用户' },
    handler: async ({ auth, body }) => ({ data: await followers.syncFollowers(deps, auth, body.accountId) }),
  });
  registerRoute(app, deps, API.wxFollowerPage, {
    handler: async ({ auth, query }) => ({ data: await followers.pageFollowers(db, auth, query) }),
  });
  registerRoute(app, deps, API.wxFollowerRemark, {
    handler: async ({ auth, body }) => ({ data: await followers.setRemark(db, auth, body.id, body.remark) }),
  });
  registerRoute(app, deps, API.wxMenuGet, {
    handler: async ({ auth, query, req }) => ({ data: await menus.getMenu(deps, auth, query.accountId, req.lang) }),
  });
  registerRoute(app, deps, API.wxMenuSave, {
    audit: { action: 'wx.menu.save', type: 'weixin', description: '保存公众号菜单' },
    handler: async ({ auth, body, req }) => ({ data: await menus.saveMenu(deps, auth, body.accountId, body.version, body.menu, req.lang) }),
  });
  registerRoute(app, deps, API.wxMenuPublish, {
    audit: { action: 'wx.menu.publish', type: 'weixin', description: '发布公众号菜单' },
    handler: async ({ auth, body, req }) => ({ data: await menus.publishMenu(deps, auth, body.accountId, body.version, req.lang) }),
  });
  registerRoute(app, deps, API.wxMenuCurrent, {
    handler: async ({ auth, query }) => ({ data: await menus.currentMenu(deps, auth, query.accountId) }),
  });

  registerRoute(app, deps, API.wxTags, {
    handler: async ({ auth, query }) => ({ data: await followers.tags(deps, auth, query.accountId) }),
  });
  sendAndMediaRoutes(app, deps);

  // WeChat's calls: no sign-in, the signature instead.
  registerRoute(app, deps, API.wxCallbackVerify, {
    handler: async ({ params, query }) => ({
      data: null,
      file: {
        contentType: 'text/plain; charset=utf-8',
        filename: 'echo.txt',
        body: await verifyCallback(deps, params.accountId, query),
        inline: true,
        cacheControl: 'no-store',
      },
    }),
  });
  registerRoute(app, deps, API.wxCallbackPush, {
    bodyLimit: 64 * 1024,
    handler: async ({ params, query, req }) => {
      const { message, seal } = await handlePush(deps, params.accountId, query, req.body);
      // A follower's text is answered with the forecast they name (sealed as it came); anything else (or a repeat)
      // with "success".
      if (message?.MsgType === 'text') {
        const account = await db
          .selectFrom('wx_account')
          .select('customer_id')
          .where('id', '=', params.accountId)
          .executeTakeFirstOrThrow();
        const text = await forecastReply(db, deps.store, account.customer_id, message.Content ?? '');
        const body = seal(textReplyXml(message, text));
        return {
          data: null,
          file: { contentType: 'application/xml; charset=utf-8', filename: 'reply.xml', body, inline: true, cacheControl: 'no-store' },
        };
      }
      return {
        data: null,
        file: { contentType: 'text/plain; charset=utf-8', filename: 'reply.txt', body: 'success', inline: true, cacheControl: 'no-store' },
      };
    },
  });
}

/** Mass sends (composed, previewed, approved by another) and the account's media library. */
function sendAndMediaRoutes(app: FastifyInstance, deps: WxRouteDeps): void {
  const { db } = deps;
  registerRoute(app, deps, API.wxSendPage, {
    handler: async ({ auth, query, req }) => ({ data: await sends.pageSends(db, auth, query, req.lang) }),
  });
  registerRoute(app, deps, API.wxSendArticles, { handler: async ({ auth }) => ({ data: await sends.sendableArticles(db, auth) }) });
  registerRoute(app, deps, API.wxSendCreate, {
    audit: { action: 'wx.send.create', type: 'weixin', description: '提交公众号群发' },
    handler: async ({ auth, body, req }) => ({ data: await sends.createSend(deps, auth, body, callbackBase(req)) }),
  });
  registerRoute(app, deps, API.wxSendPreview, {
    audit: { action: 'wx.send.preview', type: 'weixin', description: '预览公众号群发' },
    handler: async ({ auth, body }) => ({ data: await sends.previewSend(deps, auth, body.id, body.openId) }),
  });
  registerRoute(app, deps, API.wxSendApprove, {
    audit: { action: 'wx.send.approve', type: 'weixin', description: '审核通过公众号群发' },
    handler: async ({ auth, body, req }) => ({ data: await sends.approveSend(deps, auth, body.id, req.lang) }),
  });
  registerRoute(app, deps, API.wxSendReject, {
    audit: { action: 'wx.send.reject', type: 'weixin', description: '驳回公众号群发' },
    handler: async ({ auth, body }) => ({ data: await sends.rejectSend(db, auth, body.id, body.reason) }),
  });
  registerRoute(app, deps, API.wxSendRetry, {
    audit: { action: 'wx.send.retry', type: 'weixin', description: '重试公众号群发' },
    handler: async ({ auth, body, req }) => ({ data: await sends.retrySend(deps, auth, body.id, req.lang) }),
  });
  registerRoute(app, deps, API.wxSendRefresh, {
    handler: async ({ auth, body }) => ({ data: await sends.refreshSend(deps, auth, body.id) }),
  });

  registerRoute(app, deps, API.wxMediaPage, {
    handler: async ({ auth, query, req }) => ({ data: await media.pageMedia(deps, auth, query, req.lang) }),
  });
  registerRoute(app, deps, API.wxMediaUpload, {
    audit: { action: 'wx.media.upload', type: 'weixin', description: '上传公众号素材' },
    bodyLimit: WX_MEDIA_LIMITS.video.maxBytes + 64 * 1024,
    handler: async ({ auth, req }) => {
      const { fields, file } = await readFileForm(req, WxMediaUploadFields, { maxMb: WX_MEDIA_LIMITS.video.maxBytes / 1024 / 1024 });
      return { data: await media.uploadMedia(deps, auth, fields, file) };
    },
  });
  registerRoute(app, deps, API.wxMediaDelete, {
    audit: { action: 'wx.media.delete', type: 'weixin', description: '删除公众号素材' },
    handler: async ({ auth, query }) => {
      await media.deleteMedia(deps, auth, query.id);
      return { data: null };
    },
  });
  registerRoute(app, deps, API.wxMediaFile, {
    handler: async ({ auth, params }) => {
      const f = await media.mediaFile(deps, auth, params.id);
      return {
        data: null,
        file: { contentType: f.contentType, filename: f.filename, body: f.body, inline: true, cacheControl: 'private, max-age=300' },
      };
    },
  });
}
