import { createHash } from 'node:crypto';
import { GRID_READER_CODES, isCategoryFactor, weatherCodeDef } from '@agromet/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authenticate, holdsAny, type AuthContext } from '../../core/auth/context.js';
import { AppError } from '../../core/errors.js';
import { pickLanguage, translate, type Lang } from '../../core/messages.js';
import { isPlatformWide } from '../../core/tenancy.js';
import { capabilitiesXml } from './capabilities.js';
import { exceptionXml, lowerKeys, parseWmsRequest, pixelToLonLat, WmsException, type WmsVersion } from './params.js';
import { contourLevels } from './contours.js';
import { featureInfoGml, featureInfoHtml, type FeatureInfo } from './feature-info.js';
import { contourLegendPng, legendPng } from './render.js';
import { windLegendPng } from './arrows.js';
import { MapRenderer, RendererBusyError } from './renderer.js';
import { WIND_PARTNER } from './capabilities.js';
import {
  capabilityLayers,
  gridTag,
  isRiskLayer,
  isZoningLayer,
  layerFactor,
  localisedFactor,
  layerGrid,
  windPartner,
  windSpeedName,
  RISK_COLORMAP,
  riskLayerGrid,
  riskLegendPng,
  ZONING_COLORMAP,
  zoningLayerGrid,
  zoningLegendPng,
  type WmsDeps,
} from './service.js';

/** Whose grids: the caller's customer, or for platform-wide holders the vendor parameter CUSTOMER. */
function customerOf(auth: AuthContext, q: Record<string, string>): number {
  const asked = Number(q.customer);
  return isPlatformWide(auth) && Number.isInteger(asked) && asked > 0 ? asked : auth.customerId;
}

/**
 * Tag of a GetMap image: the grid row and version (every source's for a derived element, see gridTag), and what the
 * request draws (not the token).
 */
export function mapEtag(gridTag: string, request: object): string {
  const hash = createHash('sha1').update(JSON.stringify(request)).digest('base64url').slice(0, 16);
  return `"g${gridTag}-${hash}"`;
}

/** A legend's title is in the reader's language: a cache keeps one per language. */
const LEGEND_VARY = 'Accept-Language, Cookie';

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
      const customerId = customerOf(auth, q);
      if (request.request === 'GetCapabilities') {
        const token =
          typeof (req.query as Record<string, unknown>).token === 'string'
            ? `token=${encodeURIComponent(String((req.query as Record<string, unknown>).token))}&`
            : '';
        const custom = q.customer ? `customer=${encodeURIComponent(q.customer)}&` : '';
        const serviceUrl = `${req.protocol}://${req.headers.host ?? 'localhost'}/api/wms`;
        const xml = capabilitiesXml(
          request.version,
          serviceUrl,
          await capabilityLayers(deps.db, customerId, req.lang),
          `${token}${custom}`.replace(/&$/, ''),
          req.lang,
        );
        return reply.type(request.version === '1.3.0' ? 'text/xml; charset=utf-8' : 'application/vnd.ogc.wms_xml; charset=utf-8').send(xml);
      }
      if (request.request === 'GetLegendGraphic' && isZoningLayer(request.layer)) {
        if (request.style && request.style !== 'nearest')
          throw new WmsException('StyleNotDefined', `${request.style} is not a style of zoning layers`, 'STYLE');
        const png = await zoningLegendPng(deps.db, customerOf(auth, q), request.layer, req.lang, request.height);
        return reply.type('image/png').header('cache-control', 'private, no-cache').send(png);
      }
      if (request.request === 'GetLegendGraphic' && isRiskLayer(request.layer)) {
        if (request.style && request.style !== 'nearest')
          throw new WmsException('StyleNotDefined', `${request.style} is not a style of risk layers`, 'STYLE');
        return reply
          .type('image/png')
          .header('cache-control', 'private, no-cache')
          .send(await riskLegendPng(req.lang, request.height));
      }
      if (request.request === 'GetLegendGraphic') {
        const factor = localisedFactor(await layerFactor(deps.db, request.layer, 'LAYER'), req.lang);
        if (request.style === 'arrows' || request.style === 'barbs') {
          if (WIND_PARTNER[factor.code] === undefined)
            throw new WmsException('StyleNotDefined', `${request.style} is a style of wind layers only`, 'STYLE');
          // Titled like the other legends, with the name of the speed the symbols show.
          const png = await windLegendPng(request.style, `${await windSpeedName(deps.db, factor, req.lang)} (m/s)`, request.height);
          return reply.type('image/png').header('cache-control', 'public, max-age=3600').header('vary', LEGEND_VARY).send(png);
        }
        if (isCategoryFactor(factor.code) && request.style && request.style !== 'nearest')
          throw categoryStyleRefused(request.style, 'STYLE');
        const png =
          request.style === 'contours'
            ? await contourLegendPng(contourLevels(factor.code, factor.colormap), factor.colormap, factor.name, factor.unit, request.height)
            : await legendPng(factor.colormap, factor.name, factor.unit, request.width, request.height, classLabel(factor.code, req.lang));
        return reply.type('image/png').header('cache-control', 'public, max-age=3600').header('vary', LEGEND_VARY).send(png);
      }
      const layers = request.request === 'GetFeatureInfo' ? request.queryLayers : request.layers;
      if (layers.length !== 1) throw new WmsException('LayerNotDefined', 'exactly one layer per request', 'LAYERS');
      if (isZoningLayer(layers[0]!)) {
        // A zoning product: its class grid by class colour, no time (docs/wms.md#zoning-products).
        const zoning = await zoningLayerGrid(deps.db, deps.storage, customerId, layers[0]!, req.lang);
        if (!zoning) throw new WmsException('LayerNotDefined', `unknown layer ${layers[0]}`, 'LAYERS');
        if (request.style !== 'nearest')
          throw new WmsException('StyleNotDefined', `${request.style} is not a style of zoning layers`, 'STYLES');
        if (request.request === 'GetMap') {
          const etag = mapEtag(zoning.tag, request);
          reply.header('cache-control', 'private, no-cache').header('etag', etag);
          if (req.headers['if-none-match'] === etag) return reply.status(304).send();
          const image = await renderer.image(auth.userId, { kind: 'grid', grid: zoning.grid, colormap: ZONING_COLORMAP, request });
          return reply.type(request.format).send(image);
        }
        const [lon, lat] = pixelToLonLat(request, request.i, request.j);
        const g = zoning.grid;
        const i = Math.round((lon - g.lon0) / g.dx);
        const j = Math.round((lat - g.lat0) / g.dy);
        const raw = i >= 0 && i < g.nx && j >= 0 && j < g.ny ? g.values[j * g.nx + i]! : Number.NaN;
        const info: FeatureInfo = {
          layer: layers[0]!,
          name: zoning.title,
          unit: Number.isNaN(raw) ? '' : zoning.classNames[raw]!,
          lon: Math.round(lon * 1e5) / 1e5,
          lat: Math.round(lat * 1e5) / 1e5,
          value: Number.isNaN(raw) ? null : raw,
          baseTime: zoning.createdAt,
          validTime: zoning.createdAt,
          lead: 0,
          version: 1,
        };
        return sendFeatureInfo(reply, request.infoFormat, info);
      }
      if (isRiskLayer(layers[0]!)) {
        // A risk product: its level grid in the warning colours, no time (docs/risk.md#on-the-map).
        const risk = await riskLayerGrid(deps.db, deps.storage, customerId, layers[0]!, req.lang);
        if (!risk) throw new WmsException('LayerNotDefined', `unknown layer ${layers[0]}`, 'LAYERS');
        if (request.style !== 'nearest')
          throw new WmsException('StyleNotDefined', `${request.style} is not a style of risk layers`, 'STYLES');
        if (request.request === 'GetMap') {
          const etag = mapEtag(risk.tag, request);
          reply.header('cache-control', 'private, no-cache').header('etag', etag);
          if (req.headers['if-none-match'] === etag) return reply.status(304).send();
          const image = await renderer.image(auth.userId, { kind: 'grid', grid: risk.grid, colormap: RISK_COLORMAP, request });
          return reply.type(request.format).send(image);
        }
        const [lon, lat] = pixelToLonLat(request, request.i, request.j);
        const g = risk.grid;
        const i = Math.round((lon - g.lon0) / g.dx);
        const j = Math.round((lat - g.lat0) / g.dy);
        const raw = i >= 0 && i < g.nx && j >= 0 && j < g.ny ? g.values[j * g.nx + i]! : Number.NaN;
        return sendFeatureInfo(reply, request.infoFormat, {
          layer: layers[0]!,
          name: risk.title,
          unit: Number.isNaN(raw) ? '' : risk.levelNames[raw]!,
          lon: Math.round(lon * 1e5) / 1e5,
          lat: Math.round(lat * 1e5) / 1e5,
          value: Number.isNaN(raw) ? null : raw,
          baseTime: risk.createdAt,
          validTime: risk.createdAt,
          lead: 0,
          version: 1,
        });
      }
      const resolved = await layerGrid(deps.db, deps.store, customerId, layers[0]!, {
        time: request.time,
        referenceTime: request.referenceTime,
        lead: request.lead,
      });
      if (request.request === 'GetMap' && (request.style === 'arrows' || request.style === 'barbs')) {
        // Speed and direction of the same run and lead: the layer's grid and its partner (stored or derived).
        const partner = await windPartner(deps.db, deps.store, customerId, resolved, request.style);
        const [speed, direction] = resolved.factor.code === 'wsp' ? [resolved, partner] : [partner, resolved];
        const etag = mapEtag(`${gridTag(speed)}~${gridTag(direction)}`, request);
        reply.header('cache-control', 'private, no-cache').header('etag', etag).header('x-grid-version', String(resolved.row.version));
        if (req.headers['if-none-match'] === etag) return reply.status(304).send();
        const task = { kind: 'wind', speed: speed.grid, direction: direction.grid, style: request.style, request } as const;
        return reply.type(request.format).send(await renderer.image(auth.userId, task));
      }
      if (request.request === 'GetMap' && isCategoryFactor(resolved.factor.code) && request.style !== 'nearest')
        throw categoryStyleRefused(request.style, 'STYLES');
      if (request.request === 'GetMap') {
        // Revalidated on every use: a revision changes the grid's version and so the tag, never a stale image.
        const etag = mapEtag(gridTag(resolved), request);
        reply.header('cache-control', 'private, no-cache').header('etag', etag).header('x-grid-version', String(resolved.row.version));
        if (req.headers['if-none-match'] === etag) return reply.status(304).send();
        const levels = contourLevels(resolved.factor.code, resolved.factor.colormap);
        const task = { kind: 'grid', grid: resolved.grid, colormap: resolved.factor.colormap, levels, request } as const;
        return reply.type(request.format).send(await renderer.image(auth.userId, task));
      }
      const [lon, lat] = pixelToLonLat(request, request.i, request.j);
      const g = resolved.grid;
      const i = Math.round((lon - g.lon0) / g.dx);
      const j = Math.round((lat - g.lat0) / g.dy);
      const inside = i >= 0 && i < g.nx && j >= 0 && j < g.ny;
      const raw = inside ? g.values[j * g.nx + i]! : Number.NaN;
      const value = Number.isNaN(raw) ? null : Math.round(raw * 100) / 100;
      const info: FeatureInfo = {
        layer: layers[0]!,
        name: localisedFactor(resolved.factor, req.lang).name,
        // A code is answered with its name (a weather code: "7" is "小雨", "light rain", "lluvia débil").
        unit:
          value !== null && isCategoryFactor(resolved.factor.code)
            ? (classLabel(resolved.factor.code, req.lang)?.(value) ?? '')
            : resolved.factor.unit,
        lon: Math.round(lon * 1e5) / 1e5,
        lat: Math.round(lat * 1e5) / 1e5,
        value,
        baseTime: resolved.row.base_time,
        validTime: new Date(Date.parse(resolved.row.base_time) + resolved.row.lead_hours * 3_600_000).toISOString(),
        lead: resolved.row.lead_hours,
        version: resolved.row.version,
      };
      return sendFeatureInfo(reply, request.infoFormat, info);
    } catch (e) {
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
  });
}

/** A code element's classes are drawn cell by cell only: interpolating or contouring codes means nothing. */
function categoryStyleRefused(style: string, locator: string): WmsException {
  return new WmsException('StyleNotDefined', `${style} is not a style of code layers (nearest only)`, locator);
}

/** The name of each class of a code element in the request's language ("7 小雨"), for legends and feature info. */
function classLabel(code: string, lang: Lang): ((value: number) => string) | undefined {
  if (code !== 'wp') return undefined;
  return (value) => {
    const def = weatherCodeDef(value);
    return def ? def.names[lang] : String(value);
  };
}

/** A GetFeatureInfo answer in the asked format. */
function sendFeatureInfo(reply: FastifyReply, format: string, info: FeatureInfo) {
  const { value } = info;
  if (format === 'text/plain') {
    return reply
      .type('text/plain; charset=utf-8')
      .send(
        `${info.name} (${info.layer})\nlon=${info.lon} lat=${info.lat}\nvalue=${value === null ? 'missing' : `${value.toFixed(2)} ${info.unit}`}\nbase=${info.baseTime} lead=${info.lead}h\n`,
      );
  }
  if (format === 'text/html') return reply.type('text/html; charset=utf-8').send(featureInfoHtml(info));
  if (format === 'application/vnd.ogc.gml') return reply.type('application/vnd.ogc.gml; charset=utf-8').send(featureInfoGml(info));
  return reply.type('application/json; charset=utf-8').send(info);
}
