import sanitizeHtml from 'sanitize-html';

// The allow-list of a service document's body (docs/articles.md#body): headings, paragraphs, lists, tables,
// bold/italic/underline/strike, links to http(s) addresses, images stored by the console itself (/api/files/…). Every
// other tag is dropped with its content when it is a script or style, or unwrapped otherwise; no attribute survives
// but the listed ones, so no event handler, style, class or external resource does.

/** Images of the customer's stored files only: the upload and library images copied by the service. */
export const OWN_IMAGE = /^\/api\/files\/(?!.*\.\.)[A-Za-z0-9/_.-]+$/;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'blockquote',
    'ul',
    'ol',
    'li',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'a',
    'img',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  allowedStyles: {},
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template'],
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      const safe = /^https?:\/\//i.test(href.trim());
      const kept: Record<string, string> = safe ? { href: href.trim(), target: '_blank', rel: 'noopener noreferrer' } : {};
      return { tagName, attribs: kept };
    },
    b: 'strong',
    i: 'em',
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !OWN_IMAGE.test(frame.attribs.src ?? ''),
};

/** The body as stored: only the allow-list survives. */
export function sanitizeBody(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };
export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const n = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(n) ? String.fromCodePoint(n) : m;
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

/** The body's text (for the keyword search). */
export function bodyText(html: string): string {
  return decodeEntities(html.replace(/<\/(p|h\d|li|td|th|tr)>/g, '$& ').replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
}

// ---- the sanitised body as blocks, for the PDF ----------------------------------------------------------

export interface Run {
  text: string;
  bold: boolean;
  underline: boolean;
  italic?: boolean;
}
/** A table cell: its text, and the pictures placed in it. */
export interface Cell {
  runs: Run[];
  header: boolean;
  images: Array<{ src: string; alt: string }>;
}
export type Block =
  | { k: 'heading'; level: number; runs: Run[] }
  | { k: 'para'; runs: Run[] }
  | { k: 'item'; ordered: boolean; n: number; depth: number; runs: Run[] }
  | { k: 'table'; rows: Cell[][] }
  | { k: 'image'; src: string; alt: string }
  | { k: 'rule' };

/**
 * Reads a body the sanitiser wrote (well-formed, attributes quoted, text escaped) into blocks: headings, paragraphs,
 * list items with their number, tables, images and rules. Inline text outside a block becomes a paragraph.
 */
export function bodyBlocks(html: string): Block[] {
  const blocks: Block[] = [];
  const lists: Array<{ ordered: boolean; n: number }> = [];
  // Assigned inside closures: typed by assertion so the checker does not narrow them to null.
  let runs = null as Run[] | null;
  let current = null as Block | null;
  let table = null as Extract<Block, { k: 'table' }> | null;
  let cell = null as Cell | null;
  let bold = 0;
  let underline = 0;
  let italic = 0;
  const run = (text: string): Run => ({ text, bold: bold > 0, underline: underline > 0, italic: italic > 0 });
  const flush = () => {
    if (current && runs && runs.some((r) => r.text.trim())) blocks.push(current);
    current = null;
    runs = null;
  };
  const open = (b: Block & { runs: Run[] }) => {
    flush();
    current = b;
    runs = b.runs;
  };
  const re = /<(\/?)([a-z0-9]+)([^>]*)>|([^<]+)/gi;
  for (const m of html.matchAll(re)) {
    if (m[4] !== undefined) {
      const text = decodeEntities(m[4]);
      const target = cell ? cell.runs : runs;
      if (target) target.push(run(text));
      else if (text.trim()) open({ k: 'para', runs: [run(text)] });
      continue;
    }
    const close = m[1] === '/';
    const tag = m[2]!.toLowerCase();
    const attrs = m[3] ?? '';
    const attr = (name: string) => decodeEntities(new RegExp(`${name}="([^"]*)"`).exec(attrs)?.[1] ?? '');
    if (tag === 'strong' || tag === 'b') bold += close ? -1 : 1;
    else if (tag === 'u') underline += close ? -1 : 1;
    else if (tag === 'em' || tag === 'i') italic += close ? -1 : 1;
    else if (/^h[1-4]$/.test(tag)) {
      if (close) flush();
      else open({ k: 'heading', level: Number(tag[1]), runs: [] });
    } else if (tag === 'p' && !cell) {
      if (close) {
        if (!lists.length) flush();
      } else if (!lists.length) open({ k: 'para', runs: [] });
      else if (runs && runs.length) runs.push({ text: ' ', bold: false, underline: false });
    } else if (tag === 'ul' || tag === 'ol') {
      if (close) lists.pop();
      else {
        flush();
        lists.push({ ordered: tag === 'ol', n: Number(attr('start')) || 1 });
      }
    } else if (tag === 'li') {
      const list = lists[lists.length - 1];
      if (close) flush();
      else if (list) open({ k: 'item', ordered: list.ordered, n: list.n++, depth: lists.length - 1, runs: [] });
    } else if (tag === 'table') {
      if (close) {
        if (table && table.rows.length) blocks.push(table);
        table = null;
      } else {
        flush();
        table = { k: 'table', rows: [] };
      }
    } else if (tag === 'tr' && !close) table?.rows.push([]);
    else if (tag === 'td' || tag === 'th') {
      if (close) cell = null;
      else {
        cell = { runs: [], header: tag === 'th', images: [] };
        table?.rows[table.rows.length - 1]?.push(cell);
      }
    } else if (tag === 'img' && cell) {
      cell.images.push({ src: attr('src'), alt: attr('alt') });
    } else if (tag === 'img') {
      flush();
      blocks.push({ k: 'image', src: attr('src'), alt: attr('alt') });
    } else if (tag === 'hr') {
      flush();
      blocks.push({ k: 'rule' });
    } else if (tag === 'br') {
      const target = cell ? cell.runs : runs;
      target?.push({ text: '\n', bold: false, underline: false });
    }
  }
  flush();
  return blocks;
}
