import { GRID_READER_CODES } from '@agromet/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authenticate, holdsAny, type AuthContext } from '../../core/auth/context.js';
import { AppError } from '../../core/errors.js';
import { pickLanguage, translate } from '../../core/messages.js';
import { isPlatformWide } from '../../core/tenancy.js';
import { answerCapabilities, answerLegend, answerMapOrInfo, type WmsCall } from './answers.js';
import { exceptionXml, lowerKeys, parseWmsRequest, WmsException, type WmsVersion } from './params.js';
import { MapRenderer, RendererBusyError } from './renderer.js';
import type { WmsDeps } from './service.js';

/** Whose grids: the caller's customer, or for platform-wide holders the vendor parameter CUSTOMER. */
function customerOf(auth: AuthContext, q: Record<string, string>): number {
  const asked = Number(q.customer);
  return isPlatformWide(auth) && Number.isInteger(asked) && asked > 0 ? asked : auth.customerId;
}

/** The language the console shows (its `language` cookie), when the request has it. */
export function consoleLanguageCookie(cookie: string | undefined): string | undefined {
  return /(?:^|;\s*)language=(zh|en|es)(?:;|$)/.exec(cookie ?? '')?.[1];
}

/** OGC WMS over the forecast grids. Errors are service-exception XML, never the JSON envelope or a 500. */
export function wmsRoutes(app: FastifyInstance, deps: WmsDeps): void {
  const renderer = new MapRenderer({
    ...(deps.beforeHeavyRender ? { beforeHeavy: deps.beforeHeavyRender } : {}),
    ...(deps.leases ? { leases: deps.leases } : {}),
    observe: (size, seconds) => deps.metrics?.wmsRender.observe({ size }, seconds),
  });
  app.addHook('onClose', async () => renderer.close());
  app.get('/api/wms', { schema: { hide: true } }, async (req: FastifyRequest, reply: FastifyReply) => {
    const q = lowerKeys(req.query as Record<string, unknown>);
    // An image's request (a legend in an <img>) carries the browser's Accept-Language, not the console's: the names
    // follow LANGUAGE (as other WMS servers call it), else the console's language cookie, else Accept-Language.
    const chosen = q.language || consoleLanguageCookie(req.headers.cookie);
    if (chosen) req.lang = pickLanguage([chosen, req.headers['accept-language']].filter(Boolean).join(','));
    const version: WmsVersion = q.version === '1.1.1' || q.version === '1.1.0' ? '1.1.1' : '1.3.0';
    const xmlType = version === '1.3.0' ? 'text/xml; charset=utf-8' : 'application/vnd.ogc.se_xml; charset=utf-8';
    let auth: AuthContext;
    try {
      auth = await authenticate(req, deps.db, deps.tokens);
      if (!holdsAny(auth, GRID_READER_CODES)) throw new WmsException('NotAuthorized', translate(req.lang, 'forbidden'));
    } catch (e) {
      const status = e instanceof AppError ? e.status : 403;
      const message = e instanceof AppError ? translate(req.lang, e.key, e.params) : (e as Error).message;
      return reply
        .status(status)
        .type(xmlType)
        .send(exceptionXml(new WmsException('NotAuthorized', message), version));
    }
    try {
      const request = parseWmsRequest(req.query as Record<string, unknown>);
      const call: WmsCall = { req, reply, deps, renderer, auth, customerId: customerOf(auth, q), q };
      if (request.request === 'GetCapabilities') return await answerCapabilities(call, request.version);
      if (request.request === 'GetLegendGraphic') return await answerLegend(call, request);
      return await answerMapOrInfo(call, request);
    } catch (e) {
      return failure(req, reply, deps, e, version, xmlType);
    }
  });
}

/** A failed request as service-exception XML: the request's own fault, a busy renderer (429), a shared limit out of reach (503) or ours. */
function failure(req: FastifyRequest, reply: FastifyReply, deps: WmsDeps, e: unknown, version: WmsVersion, xmlType: string) {
  if (e instanceof WmsException) return reply.status(200).type(xmlType).send(exceptionXml(e, version));
  if (e instanceof RendererBusyError) {
    deps.metrics?.limitRefusals.inc({ limit: 'wms_heavy' });
    // Not an error of the request: try again once one of the caller's large images is done.
    return reply
      .status(429)
      .header('retry-after', '1')
      .type(xmlType)
      .send(exceptionXml(new WmsException('NoApplicableCode', e.message), version));
  }
  if (e instanceof AppError && e.status === 503) {
    // The shared count of large images (Redis) cannot be reached just now: nothing was drawn; try again shortly.
    return reply
      .status(503)
      .header('retry-after', e.headers['retry-after'] ?? '1')
      .type(xmlType)
      .send(exceptionXml(new WmsException('NoApplicableCode', translate(req.lang, e.key, e.params)), version));
  }
  req.log.error({ err: e, reqId: req.id }, 'wms failure');
  return reply
    .status(200)
    .type(xmlType)
    .send(exceptionXml(new WmsException('NoApplicableCode', `internal error (request id ${req.id})`), version));
}
