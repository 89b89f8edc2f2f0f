import { describe, expect, it } from 'vitest';
import { exceptionXml, lonLatToMercator, mercatorToLonLat, parseWmsRequest, pixelToLonLat, WmsException } from './params.js';

const base = {
  SERVICE: 'WMS',
  REQUEST: 'GetMap',
  LAYERS: 'fine:tmp',
  STYLES: '',
  FORMAT: 'image/png',
  WIDTH: '256',
  HEIGHT: '128',
  TRANSPARENT: 'TRUE',
};

function error(q: Record<string, string>): WmsException {
  try {
    parseWmsRequest(q);
  } catch (e) {
    return e as WmsException;
  }
  throw new Error('expected an exception');
}

describe('parseWmsRequest', () => {
  it('reads 1.3.0 EPSG:4326 boxes latitude first and 1.1.1 longitude first', () => {
    const v13 = parseWmsRequest({ ...base, VERSION: '1.3.0', CRS: 'EPSG:4326', BBOX: '30,100,40,120' });
    const v11 = parseWmsRequest({ ...base, VERSION: '1.1.1', SRS: 'EPSG:4326', BBOX: '100,30,120,40' });
    expect(v13).toMatchObject({
      request: 'GetMap',
      bbox: { minX: 100, minY: 30, maxX: 120, maxY: 40 },
      width: 256,
      height: 128,
      transparent: true,
    });
    expect(v11).toMatchObject({ bbox: { minX: 100, minY: 30, maxX: 120, maxY: 40 } });
    // CRS:84 stays longitude first in 1.3.0.
    expect(parseWmsRequest({ ...base, VERSION: '1.3.0', CRS: 'CRS:84', BBOX: '100,30,120,40' })).toMatchObject({
      bbox: { minX: 100, minY: 30 },
    });
  });

  it('accepts keys in any case, the lead-time dimension and TIME', () => {
    const r = parseWmsRequest({
      service: 'wms',
      request: 'getmap',
      version: '1.3.0',
      layers: 'a:b',
      crs: 'epsg:3857',
      bbox: '0,0,10,10',
      width: '1',
      height: '1',
      dim_lead: '24',
      time: '2026-11-22T00:00:00Z',
    });
    expect(r).toMatchObject({ request: 'GetMap', crs: 'EPSG:3857', lead: 24, time: '2026-11-22T00:00:00Z' });
  });

  it('reads GetFeatureInfo pixels as X/Y in 1.1.1 and I/J in 1.3.0', () => {
    const q = { ...base, REQUEST: 'GetFeatureInfo', QUERY_LAYERS: 'fine:tmp', INFO_FORMAT: 'text/plain' };
    expect(parseWmsRequest({ ...q, VERSION: '1.3.0', CRS: 'EPSG:3857', BBOX: '0,0,1,1', I: '5', J: '6' })).toMatchObject({
      i: 5,
      j: 6,
      infoFormat: 'text/plain',
    });
    expect(parseWmsRequest({ ...q, VERSION: '1.1.1', SRS: 'EPSG:3857', BBOX: '0,0,1,1', X: '7', Y: '8' })).toMatchObject({ i: 7, j: 8 });
    expect(error({ ...q, VERSION: '1.3.0', CRS: 'EPSG:3857', BBOX: '0,0,1,1', I: '256', J: '0' }).code).toBe('InvalidPoint');
  });

  it.each([
    [{ ...base, VERSION: '1.3.0', CRS: 'EPSG:4326' }, 'MissingParameterValue', 'BBOX'],
    [{ ...base, VERSION: '1.3.0', CRS: 'EPSG:2000', BBOX: '0,0,1,1' }, 'InvalidCRS', 'CRS'],
    [{ ...base, VERSION: '1.1.1', SRS: 'EPSG:2000', BBOX: '0,0,1,1' }, 'InvalidSRS', 'SRS'],
    [{ ...base, VERSION: '1.3.0', CRS: 'EPSG:4326', BBOX: '1,2,3' }, 'InvalidParameterValue', 'BBOX'],
    [{ ...base, VERSION: '1.3.0', CRS: 'EPSG:4326', BBOX: '40,100,30,120' }, 'InvalidParameterValue', 'BBOX'],
    [{ ...base, VERSION: '1.3.0', CRS: 'EPSG:4326', BBOX: '0,0,1,1', WIDTH: '99999' }, 'InvalidParameterValue', 'WIDTH'],
    [{ ...base, VERSION: '1.3.0', CRS: 'EPSG:4326', BBOX: '0,0,1,1', FORMAT: 'image/gif' }, 'InvalidFormat', 'FORMAT'],
    [{ ...base, VERSION: '2.0.0', CRS: 'EPSG:4326', BBOX: '0,0,1,1' }, 'InvalidParameterValue', 'VERSION'],
    [{ ...base, REQUEST: 'DescribeLayer', VERSION: '1.3.0' }, 'OperationNotSupported', 'REQUEST'],
    [{ ...base, VERSION: '1.3.0', CRS: 'EPSG:4326', BBOX: '0,0,1,1', TIME: 'tomorrow' }, 'InvalidDimensionValue', 'TIME'],
  ])('refuses bad input with an OGC exception code: %#', (q, code, locator) => {
    const e = error(q as Record<string, string>);
    expect(e).toBeInstanceOf(WmsException);
    expect(e.code).toBe(code);
    expect(e.locator).toBe(locator);
  });
});

describe('validation (issue 14)', () => {
  const map = { ...base, VERSION: '1.3.0', CRS: 'EPSG:4326', BBOX: '30,100,40,120' };
  it('takes image/jpeg besides image/png (GDAL asks for JPEG by default)', () => {
    expect(parseWmsRequest({ ...map, FORMAT: 'image/jpeg' })).toMatchObject({ format: 'image/jpeg' });
    expect(parseWmsRequest({ ...map, FORMAT: 'image/png' })).toMatchObject({ format: 'image/png' });
  });
  it('reads the styles nearest, smooth and contours; empty and default mean nearest', () => {
    expect(parseWmsRequest({ ...map, STYLES: '' })).toMatchObject({ style: 'nearest' });
    expect(parseWmsRequest({ ...map, STYLES: 'default' })).toMatchObject({ style: 'nearest' });
    expect(parseWmsRequest({ ...map, STYLES: 'smooth' })).toMatchObject({ style: 'smooth' });
    expect(parseWmsRequest({ ...map, STYLES: 'contours' })).toMatchObject({ style: 'contours' });
  });
  it('refuses an unknown style with StyleNotDefined', () => {
    const e = error({ ...map, STYLES: 'fancy' });
    expect([e.code, e.locator]).toEqual(['StyleNotDefined', 'STYLES']);
  });
  it('refuses a QUERY_LAYERS entry that is not in LAYERS', () => {
    const e = error({ ...map, REQUEST: 'GetFeatureInfo', QUERY_LAYERS: 'other.tmp', I: '1', J: '1' });
    expect([e.code, e.locator]).toEqual(['LayerNotQueryable', 'QUERY_LAYERS']);
  });
  it('refuses 1.3.0 EPSG:4326 latitudes beyond ±90 (and CRS:84 ones)', () => {
    expect(error({ ...map, BBOX: '-95,100,40,120' }).locator).toBe('BBOX');
    expect(error({ ...map, BBOX: '30,100,91,120' }).code).toBe('InvalidParameterValue');
    expect(error({ ...map, CRS: 'CRS:84', BBOX: '100,-91,120,40' }).locator).toBe('BBOX');
    expect(parseWmsRequest({ ...map, BBOX: '-90,-180,90,180' })).toMatchObject({ bbox: { minY: -90, maxY: 90 } });
  });
  it('answers GetFeatureInfo also as text/html and GML', () => {
    const q = { ...map, REQUEST: 'GetFeatureInfo', QUERY_LAYERS: 'fine:tmp', I: '1', J: '1' };
    expect(parseWmsRequest({ ...q, INFO_FORMAT: 'text/html' })).toMatchObject({ infoFormat: 'text/html' });
    expect(parseWmsRequest({ ...q, INFO_FORMAT: 'application/vnd.ogc.gml' })).toMatchObject({ infoFormat: 'application/vnd.ogc.gml' });
    expect(error({ ...q, INFO_FORMAT: 'text/csv' }).code).toBe('InvalidFormat');
  });
  it('reads DIM_REFERENCE_TIME as the run and keeps DIM_LEAD', () => {
    const r = parseWmsRequest({ ...map, TIME: '2026-11-22T06:00:00Z', DIM_REFERENCE_TIME: '2026-11-22T00:00:00Z', DIM_LEAD: '6' });
    expect(r).toMatchObject({ time: '2026-11-22T06:00:00Z', referenceTime: '2026-11-22T00:00:00Z', lead: 6 });
    expect(error({ ...map, DIM_REFERENCE_TIME: 'x' }).locator).toBe('DIM_REFERENCE_TIME');
  });
});

describe('geometry', () => {
  it('converts between Web Mercator and degrees', () => {
    const [x, y] = lonLatToMercator(116.4, 39.9);
    const [lon, lat] = mercatorToLonLat(x, y);
    expect(lon).toBeCloseTo(116.4, 9);
    expect(lat).toBeCloseTo(39.9, 9);
    expect(lonLatToMercator(180, 0)[0]).toBeCloseTo(20037508.34, 1);
  });

  it('finds pixel centres from the top-left corner', () => {
    const req = { bbox: { minX: 100, minY: 30, maxX: 110, maxY: 40 }, crs: 'EPSG:4326' as const, width: 10, height: 10 };
    expect(pixelToLonLat(req, 0, 0)).toEqual([100.5, 39.5]);
    expect(pixelToLonLat(req, 9, 9)).toEqual([109.5, 30.5]);
  });
});

describe('exceptionXml', () => {
  it('escapes text and carries code and locator', () => {
    const xml = exceptionXml(new WmsException('InvalidParameterValue', 'a < b & "c"', 'BBOX'), '1.3.0');
    expect(xml).toContain('<ServiceException code="InvalidParameterValue" locator="BBOX">a &lt; b &amp; "c"</ServiceException>');
    expect(xml).toContain('xmlns="http://www.opengis.net/ogc"');
    const attr = exceptionXml(new WmsException('InvalidParameterValue', 'x', 'a"<b&'), '1.1.1');
    expect(attr).toContain('locator="a&quot;&lt;b&amp;"');
  });
});
