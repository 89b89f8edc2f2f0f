import { createHash } from 'node:crypto';
import { isCategoryFactor, weatherCodeDef } from '@agromet/contracts';
import { valueAt, type ColorMap, type Grid } from '@agromet/grid';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthContext } from '../../core/auth/context.js';
import type { Lang } from '../../core/messages.js';
import { windLegendPng } from './arrows.js';
import { capabilitiesXml, WIND_PARTNER } from './capabilities.js';
import { contourLevels } from './contours.js';
import { featureInfoGml, featureInfoHtml, type FeatureInfo } from './feature-info.js';
import { pixelToLonLat, WmsException, type WmsRequest } from './params.js';
import { contourLegendPng, legendPng } from './render.js';
import type { MapRenderer } from './renderer.js';
import {
  capabilityLayers,
  gridTag,
  isRiskLayer,
  isZoningLayer,
  layerFactor,
  layerGrid,
  localisedFactor,
  RISK_COLORMAP,
  riskLayerGrid,
  riskLegendPng,
  windPartner,
  windSpeedName,
  ZONING_COLORMAP,
  zoningLayerGrid,
  zoningLegendPng,
  type WmsDeps,
} from './service.js';

// The answers of the WMS endpoint (docs/wms.md), one per kind of request; routes.ts reads the request, checks the
// caller and turns failures into service-exception XML.

/** One WMS call: the HTTP request and reply, the caller, whose grids, and the parsed WMS request. */
export interface WmsCall {
  req: FastifyRequest;
  reply: FastifyReply;
  deps: WmsDeps;
  renderer: MapRenderer;
  auth: AuthContext;
  customerId: number;
  /** The query with lower-case keys. */
  q: Record<string, string>;
}

type MapOrInfo = Extract<WmsRequest, { request: 'GetMap' | 'GetFeatureInfo' }>;
type LegendAsk = Extract<WmsRequest, { request: 'GetLegendGraphic' }>;

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

export async function answerCapabilities(call: WmsCall, version: WmsRequest['version']) {
  const { req, reply, q } = call;
  const query = req.query as Record<string, unknown>;
  const token = typeof query.token === 'string' ? `token=${encodeURIComponent(String(query.token))}&` : '';
  const custom = q.customer ? `customer=${encodeURIComponent(q.customer)}&` : '';
  const serviceUrl = `${req.protocol}://${req.headers.host ?? 'localhost'}/api/wms`;
  const layers = await capabilityLayers(call.deps.db, call.customerId, req.lang);
  const xml = capabilitiesXml(version, serviceUrl, layers, `${token}${custom}`.replace(/&$/, ''), req.lang);
  return reply.type(version === '1.3.0' ? 'text/xml; charset=utf-8' : 'application/vnd.ogc.wms_xml; charset=utf-8').send(xml);
}

export async function answerLegend(call: WmsCall, request: LegendAsk) {
  const { req, reply, deps } = call;
  const product = isZoningLayer(request.layer) ? 'zoning' : isRiskLayer(request.layer) ? 'risk' : null;
  if (product) {
    if (request.style && request.style !== 'nearest')
      throw new WmsException('StyleNotDefined', `${request.style} is not a style of ${product} layers`, 'STYLE');
    const png =
      product === 'zoning'
        ? await zoningLegendPng(deps.db, call.customerId, request.layer, req.lang, request.height)
        : await riskLegendPng(req.lang, request.height);
    return reply.type('image/png').header('cache-control', 'private, no-cache').send(png);
  }
  const factor = localisedFactor(await layerFactor(deps.db, request.layer, 'LAYER'), req.lang);
  if (request.style === 'arrows' || request.style === 'barbs') {
    if (WIND_PARTNER[factor.code] === undefined)
      throw new WmsException('StyleNotDefined', `${request.style} is a style of wind layers only`, 'STYLE');
    // Titled like the other legends, with the name of the speed the symbols show.
    const png = await windLegendPng(request.style, `${await windSpeedName(deps.db, factor, req.lang)} (m/s)`, request.height);
    return reply.type('image/png').header('cache-control', 'public, max-age=3600').header('vary', LEGEND_VARY).send(png);
  }
  if (isCategoryFactor(factor.code) && request.style && request.style !== 'nearest') throw categoryStyleRefused(request.style, 'STYLE');
  const png =
    request.style === 'contours'
      ? await contourLegendPng(contourLevels(factor.code, factor.colormap), factor.colormap, factor.name, factor.unit, request.height)
      : await legendPng(factor.colormap, factor.name, factor.unit, request.width, request.height, classLabel(factor.code, req.lang));
  return reply.type('image/png').header('cache-control', 'public, max-age=3600').header('vary', LEGEND_VARY).send(png);
}

/** A product's class layer (zoning classes, risk levels): its class grid, what it is called, and what each class is called. */
interface ClassLayer {
  grid: Grid;
  tag: string;
  title: string;
  names: readonly string[];
  createdAt: string;
  colormap: ColorMap;
}

async function classLayer(call: WmsCall, product: 'zoning' | 'risk', layer: string): Promise<ClassLayer | null> {
  const { deps, customerId, req } = call;
  if (product === 'zoning') {
    const zoning = await zoningLayerGrid(deps.db, deps.storage, customerId, layer, req.lang);
    return zoning && { ...zoning, names: zoning.classNames, colormap: ZONING_COLORMAP };
  }
  const risk = await riskLayerGrid(deps.db, deps.storage, customerId, layer, req.lang);
  return risk && { ...risk, names: risk.levelNames, colormap: RISK_COLORMAP };
}

/**
 * GetMap and GetFeatureInfo of a product layer: a zoning product's class grid by class colour, a risk product's level
 * grid in the warning colours; no time (docs/wms.md#zoning-products, docs/risk.md#on-the-map).
 */
async function answerClassLayer(call: WmsCall, request: MapOrInfo, product: 'zoning' | 'risk', layer: string) {
  const { reply, req } = call;
  const found = await classLayer(call, product, layer);
  if (!found) throw new WmsException('LayerNotDefined', `unknown layer ${layer}`, 'LAYERS');
  if (request.style !== 'nearest')
    throw new WmsException('StyleNotDefined', `${request.style} is not a style of ${product} layers`, 'STYLES');
  if (request.request === 'GetMap') {
    const etag = mapEtag(found.tag, request);
    reply.header('cache-control', 'private, no-cache').header('etag', etag);
    if (req.headers['if-none-match'] === etag) return reply.status(304).send();
    const image = await call.renderer.image(call.auth.userId, { kind: 'grid', grid: found.grid, colormap: found.colormap, request });
    return reply.type(request.format).send(image);
  }
  const [lon, lat] = pixelToLonLat(request, request.i, request.j);
  const raw = valueAt(found.grid, lon, lat);
  return sendFeatureInfo(reply, request.infoFormat, {
    layer,
    name: found.title,
    unit: Number.isNaN(raw) ? '' : found.names[raw]!,
    lon: Math.round(lon * 1e5) / 1e5,
    lat: Math.round(lat * 1e5) / 1e5,
    value: Number.isNaN(raw) ? null : raw,
    baseTime: found.createdAt,
    validTime: found.createdAt,
    lead: 0,
    version: 1,
  });
}

/** GetMap and GetFeatureInfo: exactly one layer, a product's class layer or a forecast element's grid. */
export async function answerMapOrInfo(call: WmsCall, request: MapOrInfo) {
  const layers = request.request === 'GetFeatureInfo' ? request.queryLayers : request.layers;
  if (layers.length !== 1) throw new WmsException('LayerNotDefined', 'exactly one layer per request', 'LAYERS');
  const layer = layers[0]!;
  if (isZoningLayer(layer)) return answerClassLayer(call, request, 'zoning', layer);
  if (isRiskLayer(layer)) return answerClassLayer(call, request, 'risk', layer);
  const { deps, reply, req } = call;
  const resolved = await layerGrid(deps.db, deps.store, call.customerId, layer, {
    time: request.time,
    referenceTime: request.referenceTime,
    lead: request.lead,
  });
  if (request.request === 'GetMap' && (request.style === 'arrows' || request.style === 'barbs')) {
    // Speed and direction of the same run and lead: the layer's grid and its partner (stored or derived).
    const partner = await windPartner(deps.db, deps.store, call.customerId, resolved, request.style);
    const [speed, direction] = resolved.factor.code === 'wsp' ? [resolved, partner] : [partner, resolved];
    const etag = mapEtag(`${gridTag(speed)}~${gridTag(direction)}`, request);
    reply.header('cache-control', 'private, no-cache').header('etag', etag).header('x-grid-version', String(resolved.row.version));
    if (req.headers['if-none-match'] === etag) return reply.status(304).send();
    const task = { kind: 'wind', speed: speed.grid, direction: direction.grid, style: request.style, request } as const;
    return reply.type(request.format).send(await call.renderer.image(call.auth.userId, task));
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
    return reply.type(request.format).send(await call.renderer.image(call.auth.userId, task));
  }
  const [lon, lat] = pixelToLonLat(request, request.i, request.j);
  const raw = valueAt(resolved.grid, lon, lat);
  const value = Number.isNaN(raw) ? null : Math.round(raw * 100) / 100;
  return sendFeatureInfo(reply, request.infoFormat, {
    layer,
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
