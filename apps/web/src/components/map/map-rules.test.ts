import type { BaseLayer, ForecastTypeInfo } from '@agromet/contracts';
import { describe, expect, it } from 'vitest';
import {
  BASE_FAILURE_ERRORS,
  baseLayerFailed,
  styleFor,
  stylesFor,
  cellValueText,
  formatPointValue,
  initialViewOf,
  labelFontPx,
  layerName,
  layersToShow,
  legendUrl,
  pointLabelOf,
  resolveSelection,
  validTimeOf,
  wmsParams,
} from './map-rules';
import { catalogFactor, catalogType } from '../../test/grid-catalog';

/** A forecast type whose factors (t2m and rh) have grids at `leads` of the runs `baseTimes`. */
const type = (code: string, baseTimes: string[], leads: number[]) =>
  catalogType(
    code,
    ['t2m', 'rh'].map((f) => catalogFactor(f, leads, baseTimes)),
  );

describe('initial view', () => {
  it('defaults to 39.9, 116.4 at zoom 8', () => {
    expect(initialViewOf(null)).toEqual({ center: [116.4, 39.9], zoom: 8 });
  });
  it('takes the customer centre and clamps the zoom to 3…15', () => {
    expect(initialViewOf({ centerLat: 34.34, centerLon: 108.94, zoom: 7 })).toEqual({ center: [108.94, 34.34], zoom: 7 });
    expect(initialViewOf({ centerLat: 34, centerLon: 108, zoom: 20 }).zoom).toBe(15);
    expect(initialViewOf({ centerLat: 34, centerLon: 108, zoom: 1 }).zoom).toBe(3);
    expect(initialViewOf({ centerLat: 95, centerLon: 200, zoom: 8 }).center).toEqual([116.4, 39.9]);
  });
});

describe('point labels', () => {
  it('show two decimals', () => {
    expect(formatPointValue(3)).toBe('3.00');
    expect(formatPointValue(-12.345)).toBe('-12.35');
    expect(formatPointValue(Number.NaN)).toBe('');
    // A clicked cell: the value and its unit; a weather code by the name the WMS gives as its unit, with the code.
    expect(cellValueText(12.5, '°C', 'tmp')).toBe('12.50 °C');
    expect(cellValueText(1, '多云', 'wp')).toBe('多云 (1)');
  });
  it('name a weather code by its phenomenon in the interface language, never as a quantity', () => {
    expect(pointLabelOf(1, 'wp', 'zh')).toEqual({ text: '多云', named: true });
    expect(pointLabelOf(7, 'wp', 'en')).toEqual({ text: 'Light rain', named: true });
    expect(pointLabelOf(53, 'wp', 'es')).toEqual({ text: 'Calima', named: true });
    // A value that is no code stays a number, without decimals to pretend a quantity.
    expect(pointLabelOf(99, 'wp', 'en')).toEqual({ text: '99', named: true });
    // Every other element keeps its two decimals, in every language.
    expect(pointLabelOf(1, 'tmp', 'en')).toEqual({ text: '1.00', named: false });
    expect(pointLabelOf(-3.456, 'pre3h', 'es')).toEqual({ text: '-3.46', named: false });
    expect(pointLabelOf(Number.NaN, 'wp', 'zh')).toEqual({ text: '', named: false });
  });
  it('shrink to stay within 30 px', () => {
    expect(labelFontPx(24)).toBe(12);
    expect(labelFontPx(30)).toBe(12);
    expect(labelFontPx(40)).toBe(9);
    expect(labelFontPx(40) * (40 / 12)).toBeLessThanOrEqual(30);
    expect(labelFontPx(400)).toBe(7);
  });
});

describe('product selection', () => {
  const products = [type('empty', [], []), type('grid', ['2026-11-22T00:00:00.000Z', '2026-11-21T12:00:00.000Z'], [0, 3, 6])];
  it('picks the first type with grids, its first factor, newest base time and first lead', () => {
    expect(resolveSelection(products, null)).toEqual({ type: 'grid', factor: 't2m', baseTime: '2026-11-22T00:00:00.000Z', lead: 0 });
  });
  it('keeps a selection that still exists', () => {
    const wanted = { type: 'grid', factor: 'rh', baseTime: '2026-11-21T12:00:00.000Z', lead: 6 };
    expect(resolveSelection(products, wanted)).toEqual(wanted);
  });
  it('repairs parts that no longer exist', () => {
    expect(resolveSelection(products, { type: 'grid', factor: 'gone', baseTime: 'old', lead: 99 })).toEqual({
      type: 'grid',
      factor: 't2m',
      baseTime: '2026-11-22T00:00:00.000Z',
      lead: 0,
    });
  });
  it('is null without grids', () => {
    expect(resolveSelection([type('empty', [], [])], null)).toBeNull();
  });
  it("takes each factor's own times: one lead of one factor at a newer base time moves only that factor", () => {
    const [older, newer] = ['2026-11-22T00:00:00.000Z', '2026-11-22T12:00:00.000Z'];
    const partial: ForecastTypeInfo = {
      ...type('grid', [newer, older], [6]),
      factors: [catalogFactor('none', [], []), catalogFactor('t2m', [6], [newer, older]), catalogFactor('rh', [0, 3, 6], [older])],
    };
    // A factor without grids is passed over.
    expect(resolveSelection([partial], null)).toEqual({ type: 'grid', factor: 't2m', baseTime: newer, lead: 6 });
    expect(resolveSelection([partial], { type: 'grid', factor: 'rh', baseTime: '', lead: 0 })).toEqual({
      type: 'grid',
      factor: 'rh',
      baseTime: older,
      lead: 0,
    });
    // Switching from the newer run of t2m to rh keeps the lead, at rh's own newest base time.
    expect(resolveSelection([partial], { type: 'grid', factor: 'rh', baseTime: newer, lead: 6 })).toEqual({
      type: 'grid',
      factor: 'rh',
      baseTime: older,
      lead: 6,
    });
    expect(resolveSelection([partial], { type: 'grid', factor: 'none', baseTime: '', lead: 3 })).toEqual({
      type: 'grid',
      factor: 't2m',
      baseTime: newer,
      lead: 6,
    });
  });
});

describe('WMS parameters', () => {
  it('name the layer, the dimensions and the token', () => {
    expect(wmsParams({ type: 'fine', factor: 't2m', baseTime: '2026-11-22T00:00:00.000Z', lead: 6 }, 'tok')).toEqual({
      LAYERS: 'fine.t2m',
      VERSION: '1.3.0',
      FORMAT: 'image/png',
      STYLES: 'nearest',
      TRANSPARENT: true,
      DIM_LEAD: 6,
      // TIME is the valid time, DIM_REFERENCE_TIME the run.
      TIME: '2026-11-22T06:00:00.000Z',
      DIM_REFERENCE_TIME: '2026-11-22T00:00:00.000Z',
      token: 'tok',
    });
    expect(wmsParams({ type: 'fine', factor: 't2m', baseTime: '', lead: 0 }, 'tok')).not.toHaveProperty('TIME');
    expect(wmsParams({ type: 'fine', factor: 't2m', baseTime: '', lead: 0 }, 'tok', undefined, 'contours')).toMatchObject({
      STYLES: 'contours',
    });
  });
  it('build the legend address', () => {
    const url = new URL(legendUrl('/api/wms', { type: 'fine', factor: 't2m' }, 'a b'), 'http://x');
    expect(url.searchParams.get('REQUEST')).toBe('GetLegendGraphic');
    expect(url.searchParams.get('LAYER')).toBe('fine.t2m');
    expect(url.searchParams.get('token')).toBe('a b');
    expect(url.searchParams.get('STYLE')).toBe('nearest');
    expect(new URL(legendUrl('/api/wms', { type: 'fine', factor: 't2m' }, 'x', 'contours'), 'http://x').searchParams.get('STYLE')).toBe(
      'contours',
    );
    // The language is in the address, so a switch of language loads the legend again.
    expect(url.searchParams.has('LANGUAGE')).toBe(false);
    expect(
      new URL(legendUrl('/api/wms', { type: 'fine', factor: 't2m' }, 'x', 'nearest', 'es'), 'http://x').searchParams.get('LANGUAGE'),
    ).toBe('es');
  });
  it('give valid times', () => {
    expect(validTimeOf('2026-11-22T00:00:00.000Z', 27)).toBe('2026-11-23T03:00:00.000Z');
    expect(validTimeOf('bad', 3)).toBe('');
  });
});

describe('base layers', () => {
  const layer = (id: string, group: BaseLayer['group'], overlay = false): BaseLayer => ({
    id,
    title: id,
    kind: 'xyz',
    url: id,
    crs: 'EPSG:3857',
    group,
    overlay,
    attribution: '',
  });
  const layers = [
    layer('tianditu-vec', 'tianditu'),
    layer('tianditu-cva', 'tianditu', true),
    layer('osm', 'osm'),
    layer('offline', 'offline'),
    layer('offline-provinces', 'offline', true),
  ];
  it('draw the chosen base with its labels', () => {
    expect(layersToShow(layers, 'tianditu-vec', true).map((l) => l.id)).toEqual(['tianditu-vec', 'tianditu-cva']);
    expect(layersToShow(layers, 'tianditu-vec', false).map((l) => l.id)).toEqual(['tianditu-vec']);
    expect(layersToShow(layers, 'osm', true).map((l) => l.id)).toEqual(['osm']);
    expect(layersToShow(layers, 'offline', true).map((l) => l.id)).toEqual(['offline', 'offline-provinces']);
  });
  it('fall back to the first base for an unknown choice', () => {
    expect(layersToShow(layers, 'gone', false).map((l) => l.id)).toEqual(['tianditu-vec']);
  });
});

describe('product refresh', () => {
  it('gives the WMS request the grid version when it is known, so a new version is a new address', () => {
    const selection = { type: 'fine', factor: 't2m', baseTime: '', lead: 0 };
    expect(wmsParams(selection, 'tok')).not.toHaveProperty('GRID_VERSION');
    expect(wmsParams(selection, 'tok', 1).GRID_VERSION).toBe(1);
    expect(wmsParams(selection, 'tok', 2).GRID_VERSION).toBe(2);
  });
});

describe('layer names', () => {
  it('translate built-in keys and keep uploaded names', () => {
    const t = (k: string) => `«${k}»`;
    expect(layerName('map.boundary.provinces', t)).toBe('«boundary.provinces»');
    expect(layerName('西安市区县', t)).toBe('西安市区县');
  });
});

describe('product styles', () => {
  it('offers arrows and barbs for wind speed and direction only, and draws other factors in cells when a wind style is kept', () => {
    expect(stylesFor('wsp')).toEqual(['nearest', 'smooth', 'contours', 'arrows', 'barbs']);
    expect(stylesFor('wdir')).toEqual(['nearest', 'smooth', 'contours', 'arrows', 'barbs']);
    expect(stylesFor('tmp')).toEqual(['nearest', 'smooth', 'contours']);
    expect(stylesFor(undefined)).toEqual(['nearest', 'smooth', 'contours']);
    expect(styleFor('arrows', 'wsp')).toBe('arrows');
    expect(styleFor('barbs', 'pre24h')).toBe('nearest');
    expect(styleFor('contours', 'tmp')).toBe('contours');
  });

  it('draws the weather code in cells only: a smooth or contoured code means nothing', () => {
    expect(stylesFor('wp')).toEqual(['nearest']);
    expect(styleFor('smooth', 'wp')).toBe('nearest');
    expect(styleFor('contours', 'wp')).toBe('nearest');
    expect(stylesFor('tcc')).toEqual(['nearest', 'smooth', 'contours']);
  });
});

describe('baseLayerFailed', () => {
  it('is true only when several tiles failed and none loaded', () => {
    expect(baseLayerFailed(0, 0)).toBe(false);
    expect(baseLayerFailed(BASE_FAILURE_ERRORS - 1, 0)).toBe(false);
    expect(baseLayerFailed(BASE_FAILURE_ERRORS, 0)).toBe(true);
    expect(baseLayerFailed(100, 1)).toBe(false);
  });
});
