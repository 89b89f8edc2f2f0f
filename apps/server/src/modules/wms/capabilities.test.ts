import type { ForecastTypeInfo } from '@agromet/contracts';
import { describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { layerAxis } from '../grids/layer-times.js';
import { capabilitiesXml, layersOf, roundDegrees } from './capabilities.js';

const T0 = '2026-11-22T00:00:00.000Z';
const T1 = '2026-11-22T12:00:00.000Z';
const IDS: Record<string, number> = { tmp: 1, rh: 2, vis: 3 };
const factor = (code: string, baseTimes: string[], leads: number[]) => ({
  id: IDS[code]!,
  code,
  name: code,
  unit: '°C',
  min: -60,
  max: 60,
  precision: 1,
  colormap: { type: 'values' as const, entries: [] },
  layer: `fine.${code}`,
  baseTimes,
  leads,
});
const fine: ForecastTypeInfo = {
  id: 1,
  extent: null,
  code: 'fine',
  name: 'Fine',
  stepHours: 3,
  maxLeadHours: 72,
  baseTimes: [T1, T0],
  leads: [6],
  factors: [factor('tmp', [T1, T0], [6]), factor('rh', [T0], [0, 3, 6]), factor('vis', [], [])],
};
const box = { west: 105.475, south: 39.6 - 160 * 0.05 - 0.025, east: 111.525, north: 39.625 };

// tmp: lead 6 at both runs; rh: leads 0, 3, 6 at T0.
const axes = layerAxis([
  { factorId: 1, baseTime: T0, lead: 6 },
  { factorId: 1, baseTime: T1, lead: 6 },
  ...[0, 3, 6].map((lead) => ({ factorId: 2, baseTime: T0, lead })),
]);
const axisOf = (id: number) => axes.get(id);

describe('layersOf', () => {
  it('gives each layer its own time axis and leaves out layers without grids', () => {
    expect(layersOf([fine], () => box, axisOf)).toEqual([
      { name: 'fine.tmp', title: 'Fine tmp', bbox: box, axis: axes.get(1) },
      { name: 'fine.rh', title: 'Fine rh', bbox: box, axis: axes.get(2) },
    ]);
  });
  it('leaves out types without a grid box', () => {
    expect(layersOf([fine], () => undefined, axisOf)).toEqual([]);
  });
});

describe('roundDegrees', () => {
  it('drops float noise and keeps 6 decimals', () => {
    expect(box.south).not.toBe(31.575);
    expect(roundDegrees(box.south)).toBe(31.575);
    expect(String(roundDegrees(31.575000000000003))).toBe('31.575');
    expect(roundDegrees(105.1234567)).toBe(105.123457);
    expect(roundDegrees(-0.0000001)).toBe(0);
    expect(Object.is(roundDegrees(-0.0000001), -0)).toBe(false);
  });
});

describe('capabilitiesXml', () => {
  const layers = layersOf([fine], () => box, axisOf);
  const V0 = '2026-11-22T06:00:00.000Z';
  const V1 = '2026-11-22T18:00:00.000Z';
  it('advertises TIME as the valid time, reference_time as the run and lead, with defaults of the newest complete run (1.3.0)', () => {
    const xml = capabilitiesXml('1.3.0', 'http://h/api/wms', layers, 'token=x');
    expect(xml).toContain(
      `<Dimension name="time" units="ISO8601" default="${V1}">${V0},${V1}</Dimension>` +
        `<Dimension name="reference_time" units="ISO8601" default="${T1}">${T1},${T0}</Dimension>` +
        `<Dimension name="lead" units="hours" default="6">6</Dimension>`,
    );
    expect(xml).toContain(
      `<Dimension name="time" units="ISO8601" default="${T0}">${T0},2026-11-22T03:00:00.000Z,${V0}</Dimension>` +
        `<Dimension name="reference_time" units="ISO8601" default="${T0}">${T0}</Dimension>` +
        `<Dimension name="lead" units="hours" default="0">0,3,6</Dimension>`,
    );
    expect(xml).not.toContain('fine.vis');
  });
  it('offers PNG and JPEG maps, four feature-info formats and the three styles with their legends, titled in the language', () => {
    const xml = capabilitiesXml('1.3.0', 'http://h/api/wms', layers, '', 'en');
    expect(xml).toContain('<GetMap><Format>image/png</Format><Format>image/jpeg</Format>');
    for (const f of ['application/json', 'text/plain', 'text/html', 'application/vnd.ogc.gml'])
      expect(xml).toContain(`<Format>${f}</Format>`);
    for (const style of ['nearest', 'smooth', 'contours']) {
      expect(xml).toContain(`<Style><Name>${style}</Name>`);
      expect(xml).toContain(`LAYER=fine.tmp&amp;STYLE=${style}"`);
    }
    expect(xml).toContain('<Title>Isolines (labelled)</Title>');
    expect(capabilitiesXml('1.3.0', 'http://h/api/wms', layers, '', 'es')).toContain('<Title>Isolíneas (con etiquetas)</Title>');
    expect(capabilitiesXml('1.3.0', 'http://h/api/wms', layers, '')).toContain('<Title>等值线（带数值标注）</Title>');
  });
  it('writes box numbers without float noise in both versions', () => {
    const v13 = capabilitiesXml('1.3.0', 'http://h/api/wms', layers, '');
    expect(v13).toContain('<southBoundLatitude>31.575</southBoundLatitude>');
    expect(v13).toContain('<BoundingBox CRS="EPSG:4326" minx="31.575" miny="105.475" maxx="39.625" maxy="111.525"/>');
    const v11 = capabilitiesXml('1.1.1', 'http://h/api/wms', layers, '');
    expect(v11).toContain('<LatLonBoundingBox minx="105.475" miny="31.575" maxx="111.525" maxy="39.625"/>');
    expect(v11).toContain(`<Extent name="time" default="${V1}">${V0},${V1}</Extent><Extent name="reference_time" default="${T1}">`);
    for (const xml of [v13, v11]) expect(xml).not.toMatch(/\d\.\d{7,}/);
  });
});

/** The part of the DOM the test reads (the server compiles without the DOM library's types). */
interface XmlElement {
  getElementsByTagName(name: string): Iterable<XmlElement> & ArrayLike<XmlElement>;
  getAttribute(name: string): string | null;
  textContent: string | null;
}

/** fast-xml-parser's ordered nodes: the children under the element's name, the attributes under ':@'. */
type OrderedNode = Record<string, unknown> & { ':@'?: Record<string, string> };

/** The document element of `xml`, read by an XML parser that decodes entities in text and attributes. */
function parseDocument(xml: string): XmlElement {
  const nodes = new XMLParser({ preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: '', parseTagValue: false }).parse(
    xml,
  ) as OrderedNode[];
  const name = (n: OrderedNode) => Object.keys(n).find((k) => k !== ':@')!;
  const element = (n: OrderedNode): XmlElement => {
    const children = n[name(n)] as OrderedNode[];
    const text = (m: OrderedNode): string => (name(m) === '#text' ? String(m['#text']) : (m[name(m)] as OrderedNode[]).map(text).join(''));
    const descendants = (m: OrderedNode, tag: string): OrderedNode[] =>
      name(m) === '#text' ? [] : (m[name(m)] as OrderedNode[]).flatMap((c) => [...(name(c) === tag ? [c] : []), ...descendants(c, tag)]);
    return {
      getElementsByTagName: (tag) => descendants(n, tag).map(element),
      getAttribute: (attr) => n[':@']?.[attr] ?? null,
      textContent: children.map(text).join(''),
    };
  };
  return element(nodes.find((n) => !name(n).startsWith('?'))!);
}

describe('capabilitiesXml escaping', () => {
  it('titles, layer names and addresses with XML specials read back exactly, in text and in attributes', () => {
    const layer = { name: 'fine.t&"<', title: '温度 <2 m> & "dew"', bbox: box, axis: axes.get(2)! };
    for (const version of ['1.3.0', '1.1.1'] as const) {
      const xml = capabilitiesXml(version, 'http://h/api/wms', [layer], 'token=a"b&c');
      // Read through an XML parser, which decodes entities.
      const root = parseDocument(xml);
      const layerNode = [...root.getElementsByTagName('Layer')].find((n) => n.getAttribute('queryable') === '1')!;
      const child = (name: string) => [...layerNode.getElementsByTagName(name)][0]!;
      expect(child('Name').textContent).toBe('fine.t&"<');
      expect(child('Title').textContent).toBe('温度 <2 m> & "dew"');
      expect(child('LegendURL').getElementsByTagName('OnlineResource')[0]!.getAttribute('xlink:href')).toBe(
        `http://h/api/wms?token=a"b&c&SERVICE=WMS&REQUEST=GetLegendGraphic&VERSION=${version}&FORMAT=image/png&LAYER=fine.t&"<&STYLE=nearest`,
      );
    }
  });
});
