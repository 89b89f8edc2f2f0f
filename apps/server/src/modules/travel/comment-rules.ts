import { decodeHTML } from 'entities';

// Pure rules of visitors' comments (docs/travel.md#comments): plain text made of what was typed, sensitive words found.
// The per-address limit of posts is counted in core/shared-limits.ts (across API processes with REDIS_URL).

/** Elements whose content is no text for a reader: dropped with what they hold. */
const HIDDEN = /<(script|style|iframe|noscript|template|textarea|title|xmp)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
/**
 * Markup as a browser would start parsing it: "<" before a letter, "/", "!" or "?" up to the next ">", or to the end
 * when there is none (an unclosed tag swallows the rest of the text in a browser too). Comments first, as a whole.
 */
const MARKUP = /<!--[\s\S]*?(?:-->|$)|<[a-zA-Z/!?][^>]*(?:>|$)/g;

/** One round: every entity decoded (the full HTML set, numeric too), then markup taken out, white space collapsed. */
function plainRound(input: string): string {
  return decodeHTML(input).replace(HIDDEN, '').replace(MARKUP, '').replace(/\s+/g, ' ').trim();
}

/**
 * Plain text of what a visitor typed. Entities are decoded BEFORE markup is taken out, and the round repeats until
 * nothing changes, so `&lt;img src=x onerror=…&gt;` (or `&amp;lt;…`, or `<<b>img …>`) can never come out as a tag.
 * The result holds no "<" followed by a letter, "/", "!" or "?", and passing it through again changes nothing. It is
 * plain text, stored and served as such: it may hold "<", ">" and "&" as characters, and a page must show it as text
 * (escaped), never as HTML.
 */
export function plainText(input: string): string {
  // Each round that changes the text makes it shorter (a decoded entity and removed markup are shorter than their
  // source), so this ends after at most input.length rounds; in practice one or two.
  let text = input;
  for (;;) {
    const next = plainRound(text);
    if (next === text) return text;
    text = next;
  }
}

/** The words of the list that occur in any of the texts (ignoring ASCII case), in the list's order. */
export function findSensitiveWords(words: readonly string[], ...texts: string[]): string[] {
  const hay = texts.join('\n').toLowerCase();
  return words.filter((w) => w !== '' && hay.includes(w.toLowerCase()));
}
