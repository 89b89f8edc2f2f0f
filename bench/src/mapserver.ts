// npm run bench:mapserver: our WMS renderer against MapServer on the same 256 × 256 tile of the same national grid
// (1401 × 1201 at 0.05°, written as GeoTIFF by our exporter), in every style, as tiles per second in the same run.
//
// MapServer draws from a mapfile written here with the same colour classes (each segment of the temperature ramp one
// class with COLORRANGE/DATARANGE), nearest (RESAMPLE=NEAREST) and smooth (RESAMPLE=BILINEAR) raster layers, a CONTOUR
// layer at the same 2 °C interval with labels, and a UVRASTER layer of the wind's u and v (arrows, 32 px apart; MapServer
// has no barbs, so both our arrows and our barbs are set against its arrows). Warm: python3-mapscript loads the map once
// and renders the tile N times in one process (PNG encoding included, as ours); without mapscript the mapserv CGI is run
// N times with the request in QUERY_STRING (the file in the page cache, the process started each time). Without
// MapServer the bench says so and exits 0: CI does not install it (apt-get install mapserver-bin python3-mapscript).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { cellLat, cellLon, createGrid, parseColor, windFromComponents, writeGeoTiff, type ColorMap, type Grid } from '@agromet/grid';
import { temperatureRamp } from '../../apps/server/src/modules/grids/catalog.js';
import type { WindStyle } from '../../apps/server/src/modules/wms/arrows.js';
import { contourLevels } from '../../apps/server/src/modules/wms/contours.js';
import { drawMapImage } from '../../apps/server/src/modules/wms/map-image.js';
import { lonLatToMercator, parseWmsRequest, type MapRequest, type WmsStyle } from '../../apps/server/src/modules/wms/params.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 41);
const WARM_UP = Number(process.env.BENCH_WARMUP ?? 5);
/** The Python that has mapscript (Debian's python3-mapscript installs it for /usr/bin/python3). */
const PYTHON = process.env.MAPSCRIPT_PYTHON ?? '/usr/bin/python3';
const MAPSERV = process.env.MAPSERV ?? 'mapserv';
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
/** Where to write one image per style and renderer, to look at (optional). */
const OUT = process.env.BENCH_MAPSERVER_OUT;

type Engine = 'mapscript' | 'cgi';

function mapServerEngine(): Engine | null {
  if (spawnSync(PYTHON, ['-c', 'import mapscript'], { stdio: 'ignore' }).status === 0) return 'mapscript';
  const cgi = spawnSync(MAPSERV, ['-v'], { encoding: 'utf8' });
  if (!cgi.error && /MapServer/.test(`${cgi.stdout}${cgi.stderr}`)) return 'cgi';
  return null;
}

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The national grid's temperature, and a wind field as u and v (m/s). */
function fields(): { tmp: Grid; u: Grid; v: Grid } {
  const geometry = { lon0: 70, lat0: 60, dx: 0.05, dy: -0.05, nx: 1401, ny: 1201 };
  const tmp = createGrid(geometry);
  const u = createGrid(geometry);
  const v = createGrid(geometry);
  for (let j = 0; j < tmp.ny; j++) {
    const lat = cellLat(tmp, j);
    for (let i = 0; i < tmp.nx; i++) {
      const lon = cellLon(tmp, i);
      const k = j * tmp.nx + i;
      tmp.values[k] = 28 - 0.6 * (lat - 20) + 3 * Math.sin(lon / 3);
      u.values[k] = 6 * Math.sin(lat / 4) + 3 * Math.cos(lon / 5);
      v.values[k] = 5 * Math.cos(lon / 6) - 2 * Math.sin(lat / 3);
    }
  }
  return { tmp, u, v };
}

const rgb = (spec: string) => parseColor(spec).slice(0, 3).join(' ');

/** MapServer classes drawing a ramp as ours does: linear between stops, the end colours beyond them. */
function rampClasses(map: ColorMap): string {
  if (map.type !== 'ramp') throw new Error('the bench draws a ramp');
  const stops = map.stops.map((s) => ({ value: s.value, color: rgb(String(s.color)) }));
  const first = stops[0]!;
  const last = stops[stops.length - 1]!;
  const out = [`    CLASS EXPRESSION ([pixel] < ${first.value}) STYLE COLOR ${first.color} END END`];
  for (let k = 0; k + 1 < stops.length; k++) {
    const [a, b] = [stops[k]!, stops[k + 1]!];
    out.push(
      `    CLASS EXPRESSION ([pixel] >= ${a.value} AND [pixel] < ${b.value}) STYLE COLORRANGE ${a.color} ${b.color} DATARANGE ${a.value} ${b.value} END END`,
    );
  }
  out.push(`    CLASS EXPRESSION ([pixel] >= ${last.value}) STYLE COLOR ${last.color} END END`);
  return out.join('\n');
}

function mapfile(dir: string, box: [number, number, number, number]): string {
  const raster = (name: string, resample: string) => `  LAYER
    NAME "${name}"
    TYPE RASTER
    STATUS OFF
    DATA "${dir}/tmp.tif"
    PROJECTION "init=epsg:4326" END
    PROCESSING "RESAMPLE=${resample}"
    PROCESSING "NODATA=nan"
${rampClasses(temperatureRamp)}
  END`;
  return `MAP
  NAME "agromet-bench"
  EXTENT ${box.join(' ')}
  SIZE 256 256
  UNITS METERS
  FONTSET "${dir}/fonts.txt"
  PROJECTION "init=epsg:3857" END
  IMAGETYPE "png"
  OUTPUTFORMAT
    NAME "png"
    DRIVER AGG/PNG
    MIMETYPE "image/png"
    IMAGEMODE RGBA
    EXTENSION "png"
    TRANSPARENT ON
  END
  SYMBOL NAME "arrow" TYPE VECTOR FILLED FALSE POINTS 0 2 8 2 -99 -99 5.5 0 8 2 5.5 4 END END
${raster('nearest', 'NEAREST')}
${raster('smooth', 'BILINEAR')}
  LAYER
    NAME "contours"
    TYPE LINE
    STATUS OFF
    DATA "${dir}/tmp.tif"
    PROJECTION "init=epsg:4326" END
    CONNECTIONTYPE CONTOUR
    PROCESSING "BANDS=1"
    PROCESSING "CONTOUR_ITEM=elevation"
    PROCESSING "CONTOUR_INTERVAL=2"
    LABELITEM "elevation"
    CLASS
      STYLE COLOR 68 68 68 WIDTH 1 END
      TEXT (tostring([elevation], "%g"))
      LABEL FONT "sans" SIZE 7 COLOR 0 0 0 OUTLINECOLOR 255 255 255 ANGLE FOLLOW REPEATDISTANCE 96 MINDISTANCE 96 END
    END
  END
  LAYER
    NAME "arrows"
    TYPE POINT
    STATUS OFF
    DATA "${dir}/uv.vrt"
    PROJECTION "init=epsg:4326" END
    CONNECTIONTYPE UVRASTER
    PROCESSING "BANDS=1,2"
    PROCESSING "UV_SPACING=32"
    PROCESSING "UV_SIZE_SCALE=1"
    CLASS
      STYLE SYMBOL "arrow" ANGLE [uv_angle] SIZE [uv_length] WIDTH 3.6 COLOR 255 255 255 OPACITY 85 END
      STYLE SYMBOL "arrow" ANGLE [uv_angle] SIZE [uv_length] WIDTH 1.6 COLOR 34 34 34 END
    END
  END
END
`;
}

/** A VRT stacking the u and v GeoTIFFs as the two bands MapServer's UVRASTER reads. */
function uvVrt(grid: Grid): string {
  const band = (n: number, file: string) =>
    `  <VRTRasterBand dataType="Float32" band="${n}"><NoDataValue>nan</NoDataValue><SimpleSource>` +
    `<SourceFilename relativeToVRT="1">${file}</SourceFilename><SourceBand>1</SourceBand></SimpleSource></VRTRasterBand>`;
  const west = grid.lon0 - grid.dx / 2;
  const north = grid.lat0 - grid.dy / 2;
  return `<VRTDataset rasterXSize="${grid.nx}" rasterYSize="${grid.ny}">
  <SRS>EPSG:4326</SRS>
  <GeoTransform>${west}, ${grid.dx}, 0, ${north}, 0, ${grid.dy}</GeoTransform>
${band(1, 'u.tif')}
${band(2, 'v.tif')}
</VRTDataset>
`;
}

/** Renders one tile of a layer and answers the milliseconds it took (PNG encoding included) and the PNG's bytes. */
interface MapServerRenderer {
  render(layer: string, save?: string): Promise<{ ms: number; bytes: number }>;
  close(): void;
}

/**
 * mapscript in one Python process that stays up (warm: the map and its data sources stay open): each line asked is a
 * layer to draw, each line answered the time of its draw and PNG encoding, measured in Python (no pipe time).
 */
function mapscriptRenderer(map: string): MapServerRenderer {
  const script = `
import sys, time, mapscript
m = mapscript.mapObj(sys.argv[1])
for line in sys.stdin:
    name, _, save = line.strip().partition(' ')
    for k in range(m.numlayers):
        l = m.getLayer(k)
        l.status = mapscript.MS_ON if l.name == name else mapscript.MS_OFF
    t0 = time.perf_counter()
    png = m.draw().getBytes()
    ms = (time.perf_counter() - t0) * 1000
    if save:
        open(save, 'wb').write(png)
    sys.stdout.write('%f %d\\n' % (ms, len(png)))
    sys.stdout.flush()
`;
  const child = spawn(PYTHON, ['-c', script, map], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const lines = createInterface({ input: child.stdout });
  const waiting: Array<(line: string) => void> = [];
  lines.on('line', (line) => waiting.shift()?.(line));
  child.on('exit', (code) => {
    for (const w of waiting.splice(0)) w(`error exit ${code}: ${stderr}`);
  });
  return {
    render: (layer, save) =>
      new Promise((resolve, reject) => {
        waiting.push((line) => {
          const [ms, bytes] = line.split(' ').map(Number);
          if (!Number.isFinite(ms) || !(bytes! > 100)) reject(new Error(`mapscript failed on ${layer}: ${line} ${stderr}`));
          else resolve({ ms: ms!, bytes: bytes! });
        });
        child.stdin.write(`${layer} ${save ?? ''}\n`);
      }),
    close: () => child.stdin.end(),
  };
}

/** The mapserv CGI run once per tile (QUERY_STRING), its file in the page cache after the first: the time of the run. */
function cgiRenderer(map: string, box: number[]): MapServerRenderer {
  const config = path.join(path.dirname(map), 'mapserver.conf');
  fs.writeFileSync(config, `CONFIG\n  ENV\n    MS_MAPFILE "${map}"\n  END\nEND\n`);
  return {
    render: async (layer, save) => {
      // MapServer 8 reads its configuration file first; ours names the mapfile (no map= in the query).
      const query = `mode=map&layers=${layer}&map.size=256+256&mapext=${box.join('+')}`;
      const env = { ...process.env, MAPSERVER_CONFIG_FILE: config, QUERY_STRING: query, REQUEST_METHOD: 'GET' };
      const t0 = performance.now();
      const res = spawnSync(MAPSERV, [], { env, maxBuffer: 16 << 20 });
      const ms = performance.now() - t0;
      const at = res.stdout?.indexOf(Buffer.from([0x89, 0x50, 0x4e, 0x47])) ?? -1;
      if (res.status !== 0 || at < 0) throw new Error(`mapserv failed on ${layer}: ${res.stdout?.toString().slice(0, 300)}`);
      if (save) fs.writeFileSync(save, res.stdout.subarray(at));
      return { ms, bytes: res.stdout.length - at };
    },
    close: () => {},
  };
}

async function main() {
  const engine = mapServerEngine();
  if (!engine) {
    console.log(
      `MapServer is not installed (no mapscript for ${PYTHON}, no ${MAPSERV}): bench:mapserver skipped.\n` +
        'Install it with: apt-get install -y mapserver-bin python3-mapscript (or cgi-mapserver for the mapserv CGI).',
    );
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agromet-bench-mapserver-'));
  try {
    const { tmp, u, v } = fields();
    for (const [name, grid] of [
      ['tmp', tmp],
      ['u', u],
      ['v', v],
    ] as const)
      fs.writeFileSync(path.join(dir, `${name}.tif`), writeGeoTiff(grid));
    fs.writeFileSync(path.join(dir, 'uv.vrt'), uvVrt(u));
    fs.writeFileSync(path.join(dir, 'fonts.txt'), `sans ${FONT}\n`);
    // The tile of bench:grid: zoom 6 over central China in Web Mercator, as OpenLayers asks for it.
    const [x0, y0] = lonLatToMercator(106.875, 31.95);
    const [x1, y1] = lonLatToMercator(112.5, 36.6);
    const box: [number, number, number, number] = [x0, y0, x1, y1];
    const mapPath = path.join(dir, 'bench.map');
    fs.writeFileSync(mapPath, mapfile(dir, box));

    const req = parseWmsRequest({
      SERVICE: 'WMS',
      VERSION: '1.3.0',
      REQUEST: 'GetMap',
      LAYERS: 'x.y',
      CRS: 'EPSG:3857',
      BBOX: box.join(','),
      WIDTH: '256',
      HEIGHT: '256',
      FORMAT: 'image/png',
      TRANSPARENT: 'TRUE',
    }) as MapRequest;
    const levels = contourLevels('tmp', temperatureRamp);
    const components = windFromComponents(u.values, v.values);
    const speed = { ...u, values: components.speed };
    const direction = { ...u, values: components.direction };
    // Ours as a GetMap tile is drawn and encoded by the server (map-image.ts): line styles packed in the thread.
    const grid = (style: WmsStyle) => () =>
      drawMapImage({ kind: 'grid', grid: tmp, colormap: temperatureRamp, levels, request: { ...req, style } });
    const wind = (style: WindStyle) => () => drawMapImage({ kind: 'wind', speed, direction, style, request: req });
    const ours: Record<string, () => Promise<Buffer>> = {
      nearest: grid('nearest'),
      smooth: grid('smooth'),
      contours: grid('contours'),
      arrows: wind('arrows'),
      barbs: wind('barbs'),
    };
    const renderer = engine === 'mapscript' ? mapscriptRenderer(mapPath) : cgiRenderer(mapPath, box);
    // MapServer has no barbs: our barbs are set against its arrows.
    const theirLayer = (style: string) => (style === 'barbs' ? 'arrows' : style);
    const sizes = new Map<string, [number, number]>();
    const samples = new Map(Object.keys(ours).map((style) => [style, { ours: [] as number[], theirs: [] as number[] }]));
    try {
      for (const [style, run] of Object.entries(ours)) {
        const png = await run();
        if (OUT) fs.writeFileSync(path.join(OUT, `ours-${style}.png`), png);
        const theirs = await renderer.render(theirLayer(style), OUT ? path.join(OUT, `mapserver-${theirLayer(style)}.png`) : undefined);
        sizes.set(style, [png.length, theirs.bytes]);
      }
      // Ours and MapServer's render of each style one after the other, run after run, so both see the same load.
      for (let k = 0; k < WARM_UP + RUNS; k++) {
        for (const [style, run] of Object.entries(ours)) {
          const t0 = performance.now();
          await run();
          const mine = performance.now() - t0;
          const theirs = (await renderer.render(theirLayer(style))).ms;
          if (k < WARM_UP) continue;
          samples.get(style)!.ours.push(mine);
          samples.get(style)!.theirs.push(theirs);
        }
      }
    } finally {
      renderer.close();
    }
    const version = /MapServer version [\d.]+/.exec(spawnSync(MAPSERV, ['-v'], { encoding: 'utf8' }).stdout ?? '')?.[0] ?? 'MapServer';

    console.log(`\n256 × 256 tile of the national grid (${tmp.nx} × ${tmp.ny}) in EPSG:3857, PNG encode included, same run`);
    console.log(
      `MapServer: ${engine === 'mapscript' ? 'mapscript in one process (warm)' : 'mapserv CGI per tile (file in the page cache)'}; ${version}`,
    );
    console.log(`median of ${RUNS} renders after ${WARM_UP} warm-up, ours and MapServer's alternating, Node ${process.version}\n`);
    console.log(
      `${'style'.padEnd(10)} ${'ours ms'.padStart(9)} ${'tiles/s'.padStart(8)}   ${'MapServer'.padEnd(10)} ${'ms'.padStart(8)} ${'tiles/s'.padStart(8)} ${'ours ÷ MapServer tiles/s'.padStart(25)} ${'PNG bytes ours / theirs'.padStart(24)}`,
    );
    for (const style of Object.keys(ours)) {
      const { ours: mine, theirs } = samples.get(style)!;
      const a = median(mine);
      const b = median(theirs);
      // The median of the run-by-run ratios: both renders of a pair ran under the same load.
      const ratio = median(mine.map((m, k) => theirs[k]! / m));
      console.log(
        `${style.padEnd(10)} ${a.toFixed(2).padStart(9)} ${(1000 / a).toFixed(0).padStart(8)}   ${theirLayer(style).padEnd(10)} ${b.toFixed(2).padStart(8)} ${(1000 / b).toFixed(0).padStart(8)} ${ratio.toFixed(1).padStart(24)}× ${`${sizes.get(style)![0]} / ${sizes.get(style)![1]}`.padStart(24)}`,
      );
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
