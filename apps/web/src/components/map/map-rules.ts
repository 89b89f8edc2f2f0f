import type { BaseLayer, Branding, ForecastTypeInfo } from '@agromet/contracts';
import { isCategoryFactor, weatherCodeName } from '@agromet/contracts/web';
import { customerContextParams } from '../../lib/customer-context';
import type { Language } from '../../lib/i18n/languages';

/** Default map centre and zoom, and the zoom range (docs/console.md#map). */
export const DEFAULT_VIEW = { centerLat: 39.9, centerLon: 116.4, zoom: 8 } as const;
export const MIN_ZOOM = 3;
export const MAX_ZOOM = 15;
/** Map point labels are at most 30 px wide. */
export const LABEL_MAX_WIDTH_PX = 30;
export const LABEL_FONT_PX = 12;
export const LABEL_MIN_FONT_PX = 7;

export interface InitialView {
  center: [lon: number, lat: number];
  zoom: number;
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The customer's centre and zoom override the default; out-of-range values fall back or are clamped. */
export function initialViewOf(branding: Pick<Branding, 'centerLat' | 'centerLon' | 'zoom'> | null | undefined): InitialView {
  const lat = finite(branding?.centerLat) && Math.abs(branding.centerLat) <= 90 ? branding.centerLat : DEFAULT_VIEW.centerLat;
  const lon = finite(branding?.centerLon) && Math.abs(branding.centerLon) <= 180 ? branding.centerLon : DEFAULT_VIEW.centerLon;
  const zoom = finite(branding?.zoom) ? Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, branding.zoom)) : DEFAULT_VIEW.zoom;
  return { center: [lon, lat], zoom };
}

/** Map point labels: the value to 2 decimals. */
export function formatPointValue(value: number): string {
  return Number.isFinite(value) ? value.toFixed(2) : '';
}

/** A point's label on the map: its text, and whether it names a class (drawn whole, thinned where names would touch). */
export interface PointLabel {
  text: string;
  named: boolean;
}

/**
 * The label of a grid point's value. A code element's value (the weather code) is a class, not a quantity: it reads as
 * its phenomenon's name in the interface language ("小雨", "Light rain", "Lluvia débil"), as the value popup names it,
 * never as "7.00"; any other value to 2 decimals.
 */
export function pointLabelOf(value: number, factor: string | undefined, language: Language): PointLabel {
  if (!Number.isFinite(value)) return { text: '', named: false };
  return isCategoryFactor(factor)
    ? { text: weatherCodeName(value, language), named: true }
    : { text: formatPointValue(value), named: false };
}

/**
 * A clicked cell's value as the popup shows it: the value to 2 decimals and its unit; for a code element (the weather
 * code) the class's name, which the WMS answers as the unit, and the code itself.
 */
export function cellValueText(value: number, unit: string, factor: string | undefined): string {
  return isCategoryFactor(factor) ? `${unit} (${value})` : `${formatPointValue(value)} ${unit}`;
}

/** Font size that keeps a label within the width limit, given its width at the normal font size. */
export function labelFontPx(widthAtNormalFont: number, maxWidth: number = LABEL_MAX_WIDTH_PX): number {
  if (!(widthAtNormalFont > maxWidth)) return LABEL_FONT_PX;
  return Math.max(LABEL_MIN_FONT_PX, Math.floor((LABEL_FONT_PX * maxWidth) / widthAtNormalFont));
}

/** What the product layer shows: a factor of a forecast type at a base time and lead. */
export interface ProductSelection {
  type: string;
  factor: string;
  /** ISO UTC; empty means the newest. */
  baseTime: string;
  lead: number;
}

/** WMS layer name of a factor: "<type>.<factor>". */
export function wmsLayerName(selection: Pick<ProductSelection, 'type' | 'factor'>): string {
  return `${selection.type}.${selection.factor}`;
}

/**
 * Keeps a selection that still exists in the catalogue, else picks the first type and factor
 * with grids at the factor's own newest base time and first lead (another factor of the type
 * may have a newer, partial run). Null when there is nothing to show.
 */
export function resolveSelection(products: readonly ForecastTypeInfo[], wanted: ProductSelection | null): ProductSelection | null {
  const withGrids = products.filter((p) => p.factors.some((f) => f.baseTimes.length > 0));
  const type = withGrids.find((p) => p.code === wanted?.type) ?? withGrids[0];
  if (!type) return null;
  const factors = type.factors.filter((f) => f.baseTimes.length > 0);
  const factor = factors.find((f) => f.code === wanted?.factor) ?? factors[0]!;
  const baseTime =
    wanted && type.code === wanted.type && factor.baseTimes.includes(wanted.baseTime) ? wanted.baseTime : factor.baseTimes[0]!;
  const lead = wanted && factor.leads.includes(wanted.lead) ? wanted.lead : (factor.leads[0] ?? 0);
  return { type: type.code, factor: factor.code, baseTime, lead };
}

/**
 * WMS parameters of the product layer (1.3.0; the token rides along because images cannot send headers). A known grid
 * version rides along too: a changed grid is a new address, so neither the map nor the browser reuses an image of the
 * old values (docs/wms.md#getmap).
 */
/** How the product layer is drawn (the WMS styles); wind layers also as arrows or barbs. */
export type ProductStyle = 'nearest' | 'smooth' | 'contours' | 'arrows' | 'barbs';
export const PRODUCT_STYLES: readonly ProductStyle[] = ['nearest', 'smooth', 'contours'];
export const WIND_STYLES: readonly ProductStyle[] = ['arrows', 'barbs'];
/** Factors drawn as wind symbols (speed or direction: the WMS finds the other). */
const WIND_FACTORS = new Set(['wsp', 'wdir']);

/**
 * The styles a factor offers (docs/wms.md#styles): every product the three, wind also arrows and barbs, a code element
 * (the weather code) only cells: its classes are neither interpolated nor contoured.
 */
export function stylesFor(factor: string | undefined): readonly ProductStyle[] {
  if (isCategoryFactor(factor)) return CELLS_ONLY;
  return factor !== undefined && WIND_FACTORS.has(factor) ? [...PRODUCT_STYLES, ...WIND_STYLES] : PRODUCT_STYLES;
}
const CELLS_ONLY: readonly ProductStyle[] = ['nearest'];

/** The style to draw a factor in: the chosen one if the factor offers it, else grid cells (a wind style kept for wind). */
export function styleFor(style: ProductStyle, factor: string | undefined): ProductStyle {
  return stylesFor(factor).includes(style) ? style : 'nearest';
}

export function wmsParams(
  selection: ProductSelection,
  token: string,
  gridVersion?: number,
  style: ProductStyle = 'nearest',
): Record<string, string | number | boolean> {
  const params: Record<string, string | number | boolean> = {
    LAYERS: wmsLayerName(selection),
    VERSION: '1.3.0',
    FORMAT: 'image/png',
    STYLES: style,
    TRANSPARENT: true,
    DIM_LEAD: selection.lead,
    token,
    ...customerContextParams(),
  };
  // TIME is the valid time and DIM_REFERENCE_TIME the run (docs/wms.md#dimensions).
  if (selection.baseTime) {
    params.DIM_REFERENCE_TIME = selection.baseTime;
    params.TIME = validTimeOf(selection.baseTime, selection.lead);
  }
  if (gridVersion !== undefined) params.GRID_VERSION = gridVersion;
  return params;
}

/**
 * The legend image of a layer. Its title and class names are in `language` (the server's LANGUAGE parameter): the
 * language is part of the address, so switching the console's language loads the legend anew instead of keeping the
 * image of the language it was first drawn in.
 */
export function legendUrl(
  wmsUrl: string,
  selection: Pick<ProductSelection, 'type' | 'factor'>,
  token: string,
  style: ProductStyle = 'nearest',
  language?: string,
): string {
  const q = new URLSearchParams({
    SERVICE: 'WMS',
    VERSION: '1.3.0',
    REQUEST: 'GetLegendGraphic',
    LAYER: wmsLayerName(selection),
    FORMAT: 'image/png',
    WIDTH: '40',
    HEIGHT: '240',
    STYLE: style,
    ...(language ? { LANGUAGE: language } : {}),
    token,
  });
  return `${wmsUrl}?${q.toString()}`;
}

/** The valid time of a lead: base time plus the lead hours (ISO UTC). */
export function validTimeOf(baseTime: string, lead: number): string {
  const t = Date.parse(baseTime);
  return Number.isNaN(t) ? '' : new Date(t + lead * 3_600_000).toISOString();
}

/** Base layers to draw for a choice: the chosen base and, when labels are on, its annotation overlay. */
export function layersToShow(layers: readonly BaseLayer[], baseId: string, labels: boolean): BaseLayer[] {
  const base = layers.find((l) => l.id === baseId && !l.overlay) ?? layers.find((l) => !l.overlay);
  if (!base) return [];
  const out = [base];
  if (labels) {
    const overlay = labelOverlayOf(layers, base);
    if (overlay) out.push(overlay);
  }
  return out;
}

/** The annotation layer that belongs to a base: Tianditu's label layers, the province outlines for offline. */
export function labelOverlayOf(layers: readonly BaseLayer[], base: BaseLayer): BaseLayer | undefined {
  const index = layers.indexOf(base);
  const next = layers[index + 1];
  return next && next.overlay && next.group === base.group ? next : undefined;
}

/** i18n key (namespace map) of a layer title sent as "map.base.x". */
export function layerTitleKey(title: string): string {
  return title.replace(/^map\./, '');
}

/** Built-in layers carry an i18n key ("map.…") as their name; uploaded ones their own name. */
export function layerName(name: string, t: (key: string) => string): string {
  return name.startsWith('map.') ? t(layerTitleKey(name)) : name;
}

/** Tile errors, with not one tile loaded, after which an online base map counts as unreachable. */
export const BASE_FAILURE_ERRORS = 4;

/**
 * Whether an online base map is unreachable (no internet, a blocked host): several tiles failed and none loaded. A base
 * that loaded a tile is working, whatever some later tiles do.
 */
export function baseLayerFailed(errors: number, loaded: number): boolean {
  return loaded === 0 && errors >= BASE_FAILURE_ERRORS;
}
