/**
 * Column widths from what the columns show (issue 31: customer and role names cut while the Created column stayed wider
 * than its time; an empty Mobile column given its width while the names beside it were cut). Pure: the text widths come
 * from a `Measure` (canvas `measureText` with the table's fonts in the browser, a fixed width a character in tests).
 *
 * Each column says how it is sized:
 * - `content`: as wide as its header on one line or its widest cell on the page (within `min`..`max`); a column that
 *   no row fills keeps only the room of its header's longest word (the header wraps between words);
 * - `time`: exactly as wide as a date and time ("2026-11-24 18:34:19") or its header;
 * - `free`: long text (names, descriptions): what it needs when there is room, else the room the others leave, shared
 *   so that the longest texts give way first (down to `min`, cut with an ellipsis and a tooltip); any spare width of the
 *   table goes to these columns.
 */

/** Widths of texts as the table draws them, in CSS pixels. */
export interface Measure {
  /** A cell's text (the table's font). */
  text(text: string): number;
  /** A header's text (the table's font, bold). */
  header(text: string): number;
  /** The text of a tag (antd's small font). */
  tag(text: string): number;
  /** Width of an icon button (the controls' height: it follows the size chosen in the settings). */
  button: number;
}

/** What a cell shows, for measuring: its text, its tags (a user's roles), a fixed-width control (a switch, buttons). */
export interface CellContent {
  text?: string | null;
  tags?: readonly string[];
  /** Pixels of a control beside or instead of the text. */
  px?: number;
  /** Icon buttons side by side (a row's actions). */
  buttons?: number;
}

export interface ColumnFit<T> {
  kind: 'content' | 'time' | 'free';
  /** What a row's cell shows; without it, the column's value as text. */
  cell?: (row: T) => CellContent | string | null | undefined;
  /** Bounds of the width, padding included. */
  min?: number;
  max?: number;
}

/**
 * A column's measured needs: `want` shows every cell whole (and its header, wrapped between words); `ideal` also its
 * header on one line, when the table has room for it; `min` is the least it may be given.
 */
export interface ColumnNeed {
  want: number;
  min: number;
  free: boolean;
  ideal?: number;
}

/** Horizontal padding of a cell of a `middle` or `small` table (8 px a side), and a pixel or two of rounding. */
export const CELL_PADDING_PX = 16;
const SLACK_PX = 2;
/** A tag's own padding and border (7 + 1 px a side), and the gap after each but the last. */
const TAG_EXTRA_PX = 16;
const TAG_GAP_PX = 8;
/** Gap between a text and the tags or control after it. */
const INLINE_GAP_PX = 6;
/** Narrowest a free-text column is squeezed to (a few characters and its ellipsis). */
export const FREE_MIN_PX = 72;
/** Widest a content column grows: a longer text wraps or ends in "…". */
export const CONTENT_MAX_PX = 280;
/** The text a squeezed cell keeps beside its tags: a few characters and the ellipsis. */
const TEXT_KEPT = '陕西省…';
/** The widest date and time a time column shows (digits are as wide as each other in the table's fonts). */
export const TIMESTAMP_SAMPLE = '2026-11-24 18:34:19';

const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), hi);

/** The words of a header (it wraps between them): a Chinese header without spaces is one word. */
const words = (text: string) => text.split(/\s+/).filter(Boolean);

/** What a cell shows, as parts. */
function cellContent(content: CellContent | string | null | undefined): CellContent {
  if (content === null || content === undefined) return {};
  return typeof content === 'string' ? { text: content } : content;
}

/** Width of what a cell shows, without padding; 0 for an empty cell. */
export function contentWidth(content: CellContent | string | null | undefined, measure: Measure): number {
  const c = cellContent(content);
  const parts: number[] = [];
  if (c.text) parts.push(measure.text(c.text));
  if (c.tags?.length) parts.push(c.tags.reduce((sum, tag) => sum + measure.tag(tag) + TAG_EXTRA_PX, 0) + TAG_GAP_PX * (c.tags.length - 1));
  if (c.px) parts.push(c.px);
  if (c.buttons) parts.push(c.buttons * measure.button);
  return parts.length ? parts.reduce((a, b) => a + b) + INLINE_GAP_PX * (parts.length - 1) : 0;
}

/** A value as the text a cell shows: nothing for null, undefined and "". */
export function valueText(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

/** What a column needs to show its header and the rows on the page (see the kinds above). */
export function columnNeed<T>(
  fit: ColumnFit<T>,
  header: string,
  rows: readonly T[],
  measure: Measure,
  value: (row: T) => unknown,
): ColumnNeed {
  const headLine = header ? measure.header(header) : 0;
  const headWord = Math.max(0, ...words(header).map((w) => measure.header(w)));
  const contents = fit.kind === 'time' ? [] : rows.map((row) => cellContent(fit.cell ? fit.cell(row) : valueText(value(row))));
  const cells = fit.kind === 'time' ? measure.text(TIMESTAMP_SAMPLE) : Math.max(0, ...contents.map((c) => contentWidth(c, measure)));
  const pad = CELL_PADDING_PX + SLACK_PX;
  // An empty column needs no more than its header's longest word (the header wraps between words); one with content
  // its header on one line.
  const head = cells > 0 || fit.kind === 'time' ? headLine : headWord;
  if (fit.kind === 'free') {
    // Whole when there is room; squeezed, never below its header's longest word (nor a few characters).
    const want = Math.ceil(Math.max(head, cells) + pad);
    // Squeezed, a cell keeps its tags and controls whole and a few characters of its text.
    const beside = Math.max(
      0,
      ...contents
        .filter((c) => c.text && (c.tags?.length || c.px || c.buttons))
        .map((c) => contentWidth({ ...c, text: undefined }, measure) + INLINE_GAP_PX),
    );
    const least = Math.max(fit.min ?? FREE_MIN_PX, headWord + pad, beside ? beside + measure.text(TEXT_KEPT) + pad : 0);
    return { want, min: Math.min(want, Math.ceil(least)), free: true };
  }
  const lo = Math.max(fit.min ?? 0, headWord + pad);
  const hi = Math.max(fit.max ?? (fit.kind === 'content' ? CONTENT_MAX_PX : Infinity), lo);
  // The cells whole and the header wrapped between its words; the header on one line where the table has room.
  const want = Math.ceil(clamp(Math.max(headWord, cells) + pad, lo, hi));
  const ideal = Math.ceil(clamp(Math.max(head, cells) + pad, lo, hi));
  return ideal > want ? { want, min: want, free: false, ideal } : { want, min: want, free: false };
}

/**
 * Widths for columns that need `needs`, in a table `available` pixels wide (unknown before the table is laid out:
 * then each column gets what it wants). Fixed columns get what they want. When all fit, the spare width first puts
 * the headers of fixed columns on one line (their `ideal`), then the free columns share what is left by what they want
 * (every column when none is free); when not, the free columns are capped at one width
 * (no narrower than their `min`) so that the shorter texts stay whole and the longest give way, and when even their
 * `min` does not fit, the table is wider than its box (it scrolls sideways).
 */
export function allocateWidths(needs: readonly ColumnNeed[], available?: number): number[] {
  const wants = needs.map((n) => n.want);
  if (available === undefined || available <= 0) return wants;
  const total = wants.reduce((a, b) => a + b, 0);
  const free = needs.map((n, i) => (n.free ? i : -1)).filter((i) => i >= 0);
  if (total <= available) {
    const widths = [...wants];
    let spare = available - total;
    // Headers on one line, all of them or each by the same share of what it lacks.
    const lacking = needs.reduce((sum, n) => sum + (n.ideal ?? n.want) - n.want, 0);
    if (lacking > 0) {
      const part = Math.min(1, spare / lacking);
      needs.forEach((n, i) => {
        const grow = Math.floor(((n.ideal ?? n.want) - n.want) * part);
        widths[i] = widths[i]! + grow;
        spare -= grow;
      });
    }
    const growing = free.length ? free : needs.map((_, i) => i);
    const base = growing.reduce((sum, i) => sum + widths[i]!, 0);
    const left = spare;
    growing.forEach((i, k) => {
      const share = k === growing.length - 1 ? spare : Math.floor((left * widths[i]!) / base);
      widths[i] = widths[i]! + share;
      spare -= share;
    });
    return widths;
  }
  const fixed = needs.reduce((sum, n) => sum + (n.free ? 0 : n.want), 0);
  const room = available - fixed;
  const at = (cap: number) => free.reduce((sum, i) => sum + clamp(cap, needs[i]!.min, wants[i]!), 0);
  if (!free.length || at(0) >= room) return needs.map((n) => (n.free ? n.min : n.want));
  // The cap that makes the free columns fill the room exactly, by bisection (monotonic in the cap).
  let lo = 0;
  let hi = Math.max(...free.map((i) => wants[i]!));
  for (let step = 0; step < 40 && hi - lo > 0.5; step += 1) {
    const mid = (lo + hi) / 2;
    if (at(mid) > room) hi = mid;
    else lo = mid;
  }
  const widths = needs.map((n) => (n.free ? Math.floor(clamp(lo, n.min, n.want)) : n.want));
  // The pixels lost to rounding down go to the widest free column still cut.
  const left = available - widths.reduce((a, b) => a + b, 0);
  const cut = free.filter((i) => widths[i]! < wants[i]!);
  const widest = (cut.length ? cut : free).reduce((a, b) => (widths[b]! > widths[a]! ? b : a));
  widths[widest] = widths[widest]! + Math.max(0, left);
  return widths;
}
