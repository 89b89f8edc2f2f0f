/**
 * Category axis labels that are never cut and never overlap, in every language and at every width (issue 31: the
 * sandstorm chart's last grade cut in Spanish). Given the chart's width, each labelled category gets its slot of the
 * plot: a label whose every word fits its slot wraps at the slot's width (ECharts `width` + `overflow: 'break'`); one
 * with a word wider than its slot turns (45°, or upright when even that would overlap) and the grid makes room for it.
 * A vertical category axis (horizontal bars) wraps its labels at a third of the chart. Pure: the text widths come from
 * `measure` (canvas `measureText` in the axis font in the browser).
 *
 * Horizontal axes that label every category (`axisLabel.interval` a number) are fitted; one that lets ECharts hide
 * labels that would overlap (`hideOverlap`, or no interval) is left as it is: its hidden labels are told by their
 * neighbours (years, months, hours).
 */

/** The axis labels' font (ECharts' default: 12 px sans-serif), to measure with. */
export const AXIS_LABEL_FONT = '12px sans-serif';
/** Height of a line of axis label (12 px text). */
const LINE_PX = 15;
/** Space kept between two labels. */
const GAP_PX = 6;
/** Room a value axis' labels take beside the plot when the grid contains its labels (an estimate: "1,000" and a gap). */
const VALUE_LABELS_PX = 40;
/** Share of the chart's width a vertical category axis' labels may take. */
const SIDE_SHARE = 1 / 3;

type Obj = Record<string, unknown>;
type Measure = (text: string) => number;

const list = (v: unknown): Obj[] => (Array.isArray(v) ? (v as Obj[]) : v && typeof v === 'object' ? [v as Obj] : []);
const same = (original: unknown, fitted: Obj[]) => (Array.isArray(original) ? fitted : fitted[0]);

/** A grid's side (px or "10%") in pixels of a chart `width` wide; ECharts' default 10% when unset. */
function side(value: unknown, width: number): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.endsWith('%')) return (parseFloat(value) / 100) * width;
  if (typeof value === 'string' && Number.isFinite(Number(value))) return Number(value);
  return 0.1 * width;
}

/** The longest word of the labels (a Chinese label, without spaces, is one word: it is not broken inside). */
function longestWord(labels: readonly string[], measure: Measure): number {
  return Math.max(0, ...labels.flatMap((l) => l.split(/\s+/).filter(Boolean).map(measure)));
}

const categoryLabels = (axis: Obj): string[] =>
  Array.isArray(axis.data) ? (axis.data as unknown[]).map((d) => String(d && typeof d === 'object' ? (d as Obj).value : d)) : [];

/** Whether an axis labels every category (or every n-th), rather than leaving ECharts to hide what overlaps. */
function labelsEach(axis: Obj): number | null {
  const label = (axis.axisLabel ?? {}) as Obj;
  if (axis.type !== 'category' || label.show === false || label.hideOverlap === true) return null;
  return typeof label.interval === 'number' ? label.interval + 1 : null;
}

/** How many lines a label takes wrapped at `width` between its words (a word wider than `width` keeps its own line). */
export function wrappedLines(label: string, width: number, measure: Measure): number {
  let lines = 0;
  let line = '';
  for (const word of label.split(/\s+/).filter(Boolean)) {
    const joined = line ? `${line} ${word}` : word;
    if (line && measure(joined) > width) {
      lines += 1;
      line = word;
    } else line = joined;
  }
  return lines + (line ? 1 : 0);
}

/** The axis label settings of a horizontal category axis: wrapped in its slot, or turned. */
export function bottomLabels(labels: readonly string[], step: number, plotWidth: number, measure: Measure): Obj {
  const slot = (plotWidth / Math.max(1, labels.length)) * step;
  const room = Math.floor(slot - GAP_PX);
  const base = { hideOverlap: false, overflow: 'break' };
  const word = longestWord(labels, measure);
  if (word <= room) return { ...base, width: room, rotate: 0 };
  // Turned 45°, two labels a slot apart overlap unless the slot is a line's height across the slope; upright, unless it
  // is a line's height. Across that room a label may take several lines: long labels wrap so as to reach less far down.
  const rotate = slot >= LINE_PX * Math.SQRT2 ? 45 : 90;
  const across = rotate === 45 ? slot / Math.SQRT2 : slot;
  const lines = Math.max(1, Math.floor((across - 2) / LINE_PX));
  const longest = Math.max(...labels.map(measure));
  return { ...base, rotate, width: Math.ceil(Math.max(word, longest / lines + GAP_PX * 2)) };
}

/**
 * How much taller than one line of text the fitted labels of the option's horizontal category axes reach (wrapped
 * lines, or the depth of turned labels): a chart grows by it, so that its plot keeps its height.
 */
export function labelsDepth(option: object, measure: Measure): number {
  const depths = list((option as Obj).xAxis).map((axis) => {
    const label = (axis.axisLabel ?? {}) as Obj;
    const labels = categoryLabels(axis);
    if (axis.type !== 'category' || typeof label.width !== 'number' || !labels.length) return 0;
    const width = label.width;
    const lines = Math.max(...labels.map((l) => wrappedLines(l, width, measure)));
    const reach = Math.min(width, Math.max(...labels.map(measure)));
    if (label.rotate === 90) return reach - LINE_PX;
    if (label.rotate === 45) return Math.ceil((reach + lines * LINE_PX) / Math.SQRT2) - LINE_PX;
    return (lines - 1) * LINE_PX;
  });
  return Math.max(0, ...depths);
}

/**
 * The option with its category axes' labels fitted to a chart `width` pixels wide (see above). The option given is not
 * changed; axes that need nothing are returned as they were.
 */
export function fitCategoryLabels<O extends object>(option: O, width: number, measure: Measure): O {
  const o = option as Obj;
  const grids = list(o.grid);
  const turned = new Set<number>();
  const fitAxis = (axis: Obj, horizontal: boolean): Obj => {
    const labels = categoryLabels(axis);
    if (axis.type !== 'category' || !labels.length || (axis.axisLabel as Obj | undefined)?.show === false) return axis;
    const grid = grids[typeof axis.gridIndex === 'number' ? axis.gridIndex : 0] ?? {};
    if (horizontal) {
      const step = labelsEach(axis);
      if (step === null) return axis;
      const plot = width - side(grid.left, width) - side(grid.right, width) - (grid.containLabel ? VALUE_LABELS_PX : 0);
      const fitted = bottomLabels(labels, step, plot, measure);
      if (fitted.rotate) turned.add(typeof axis.gridIndex === 'number' ? axis.gridIndex : 0);
      return { ...axis, axisLabel: { ...(axis.axisLabel as Obj), ...fitted } };
    }
    const room = Math.floor(width * SIDE_SHARE);
    const widest = Math.max(0, ...labels.map(measure));
    if (widest <= room) return axis;
    return { ...axis, axisLabel: { ...(axis.axisLabel as Obj), hideOverlap: false, width: room, overflow: 'break' } };
  };
  const xAxes = list(o.xAxis).map((a) => fitAxis(a, true));
  const yAxes = list(o.yAxis).map((a) => fitAxis(a, false));
  const fitted: Obj = { ...o };
  if (o.xAxis !== undefined) fitted.xAxis = same(o.xAxis, xAxes);
  if (o.yAxis !== undefined) fitted.yAxis = same(o.yAxis, yAxes);
  // A grid under turned labels makes room for them.
  if (turned.size && grids.length)
    fitted.grid = same(
      o.grid,
      grids.map((g, k) => (turned.has(k) ? { ...g, containLabel: true } : g)),
    );
  return fitted as O;
}
