import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseColor } from '@agromet/grid';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fitProjection, pageLayout } from '../../core/cartography/layout.js';
import { mapPlaces } from '../../core/cartography/places.js';
import { imageSize, renderMapProduct, type MapProductInput } from './render.js';

// The rendered product read back: the PDF's text (pdftotext, poppler-utils) holds the Chinese title, the legend's
// labels, the stations' values, the source and the scale, its fonts are embedded subsets; the capital is drawn with
// its star in every language; the PNG's pixels at the legend's swatches and at
// known places of the map carry the class colours.

const COLORS = ['#a6f28f', '#3dba3d', '#61b8ff', '#0000e1'];
const G = { lon0: 107, lat0: 36, dx: 0.1, dy: -0.1, nx: 40, ny: 30 };
/** West half class 0, east half class 2; the south-east corner has no class. */
function classes(): Uint8Array {
  const out = new Uint8Array(G.nx * G.ny);
  for (let j = 0; j < G.ny; j++) for (let i = 0; i < G.nx; i++) out[j * G.nx + i] = j > 24 && i > 34 ? 255 : i < 20 ? 0 : 2;
  return out;
}

function input(lang: 'zh' | 'en'): MapProductInput {
  return {
    lang,
    paper: { size: 'A4', orientation: 'landscape' },
    geometry: G,
    classes: classes(),
    legend: {
      title: lang === 'zh' ? '降水量' : 'Precipitation',
      unit: 'mm',
      classes: COLORS.map((color, k) => ({ color, label: ['0.1–10', '10–25', '25–50', '≥ 50'][k]! })),
    },
    title: lang === 'zh' ? '陕西省11月24日08时—25日08时降水量预报' : 'Shaanxi 24-hour precipitation forecast',
    subtitle: lang === 'zh' ? '起报时间：2026年11月24日08时' : 'Run 24 Nov 2026 08:00',
    issuer: lang === 'zh' ? '陕西省气象台' : 'Shaanxi Meteorological Observatory',
    issueTime: lang === 'zh' ? '2026年11月24日10时' : '24 Nov 2026 10:00',
    customerName: '陕西省农业气象服务中心',
    footer: lang === 'zh' ? '本产品仅供参考' : 'For guidance only',
    source: lang === 'zh' ? '精细化网格预报（2026年11月24日08时起报）' : 'Fine-grid forecast, run of 2026-11-24 08:00 BJT',
    stations: [{ name: '西安', lon: 108.94, lat: 34.34, value: '12.3' }],
    bbox: { west: 107, east: 111, south: 33, north: 36 },
  };
}

const pixelAt = (raw: Buffer, width: number, x: number, y: number) => {
  const o = (Math.round(y) * width + Math.round(x)) * 3;
  return [raw[o]!, raw[o + 1]!, raw[o + 2]!];
};

describe('renderMapProduct', () => {
  it('writes a PDF with the Chinese title, legend labels and values as text, fonts embedded as subsets', async () => {
    const out = await renderMapProduct(input('zh'));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'product-render-'));
    try {
      const file = path.join(dir, 'p.pdf');
      fs.writeFileSync(file, out.pdf!);
      const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
      for (const s of [
        '陕西省11月24日08时—25日08时降水量预报',
        '起报时间：2026年11月24日08时',
        '降水量（mm）',
        '0.1–10',
        '10–25',
        '25–50',
        '≥ 50',
        '西安',
        '12.3',
        '发布单位：陕西省气象台',
        '发布时间：2026年11月24日10时',
        '数据来源：精细化网格预报（2026年11月24日08时起报）',
        '本产品仅供参考',
        '北',
        '公里',
      ]) {
        expect(text, s).toContain(s);
      }
      const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' });
      expect(fonts).toMatch(/\+NotoSansSC-Regular\s+CID TrueType\s+Identity-H\s+yes\s+yes\s+yes/);
      expect(fonts).toMatch(/\+NotoSansSC-Bold/);
      // Subsets keep the file small: the whole font is 10 MB.
      expect(out.pdf!.length).toBeLessThan(400_000);
      const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
      expect(info).toMatch(/Page size:\s+841\.89 x 595\.276? pts \(A4\)/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('draws the legend swatches and the map classes in their colours in the PNG', async () => {
    const out = await renderMapProduct(input('en'));
    const { data, info } = await sharp(out.png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(info.width).toBe(out.width);
    expect(out.width).toBe(Math.round(297 * out.pngScale));
    // Prints at A4: the PNG says its resolution (152 ppi at 6 px/mm).
    expect(Math.round((await sharp(out.png).metadata()).density!)).toBe(Math.round(out.pngScale * 25.4));
    expect(out.swatches.map((s) => s.classIndex)).toEqual([0, 1, 2, 3]);
    for (const sw of out.swatches) {
      const [r, g, b] = parseColor(COLORS[sw.classIndex]!);
      expect(pixelAt(data, info.width, (sw.x + sw.w / 2) * out.pngScale, (sw.y + sw.h / 2) * out.pngScale)).toEqual([r, g, b]);
    }
    const proj = fitProjection(input('en').bbox!, pageLayout({ size: 'A4', orientation: 'landscape' }).map);
    const at = (lon: number, lat: number) => pixelAt(data, info.width, proj.x(lon) * out.pngScale, proj.y(lat) * out.pngScale);
    expect(at(107.6, 35.4)).toEqual(parseColor(COLORS[0]!).slice(0, 3));
    expect(at(110.2, 35.4)).toEqual(parseColor(COLORS[2]!).slice(0, 3));
    // No class (the south-east corner, and outside the grid): paper white.
    expect(at(110.8, 33.3)).toEqual([255, 255, 255]);
  });

  it('names the capital with its star before the places around it, in zh, en and es (placement list, pixels, PDF text)', async () => {
    const stations = [
      { name: '武功', city: '咸阳市', district: '武功县', lon: 108.22, lat: 34.25, value: '11.9' },
      { name: '西安', city: '西安市', district: '未央区', lon: 108.93, lat: 34.3, value: '12.3' },
      { name: '宝鸡', city: '宝鸡市', district: '渭滨区', lon: 107.13, lat: 34.35, value: '10.1' },
    ];
    for (const lang of ['zh', 'en', 'es'] as const) {
      const base = input(lang === 'zh' ? 'zh' : 'en');
      const places = mapPlaces({ geometry: G, classes: classes() }, stations, lang);
      const out = await renderMapProduct({ ...base, lang, stations: [], places });
      const capital = out.labels.find((l) => l.kind === 'capital');
      expect(capital?.text).toBe(lang === 'zh' ? '西安' : "Xi'an");
      expect(out.labels.map((l) => l.kind)).toEqual(expect.arrayContaining(['prefecture', 'county']));
      expect(out.dropped).toEqual([]);
      // The star's centre is the capital's red.
      const { data, info } = await sharp(out.png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      expect(pixelAt(data, info.width, capital!.x * out.pngScale, capital!.y * out.pngScale)).toEqual(parseColor('#c8102e').slice(0, 3));
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'product-render-'));
      try {
        fs.writeFileSync(path.join(dir, 'p.pdf'), out.pdf!);
        const text = execFileSync('pdftotext', [path.join(dir, 'p.pdf'), '-'], { encoding: 'utf8' });
        const legend = {
          zh: ['省会', '地级市', '公里'],
          en: ['Provincial capital', 'Prefecture city', 'km'],
          es: ['Capital provincial', 'Ciudad de prefectura', 'km'],
        };
        for (const s of [capital!.text, ...legend[lang]]) expect(text, `${lang}: ${s}`).toContain(s);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }
  });

  it('reads PNG and JPEG sizes from their headers', async () => {
    const png = await sharp({ create: { width: 30, height: 12, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const jpg = await sharp({ create: { width: 31, height: 13, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    expect(imageSize(png)).toEqual({ width: 30, height: 12 });
    expect(imageSize(jpg)).toEqual({ width: 31, height: 13 });
    expect(imageSize(Buffer.from('nope'))).toBeNull();
  });
});
