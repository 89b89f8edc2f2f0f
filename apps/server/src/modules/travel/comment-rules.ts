// Pure rules of visitors' comments (docs/travel.md#comments): HTML taken out, sensitive words found, and a
// per-address limit of posts within a time window.

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };

/**
 * Plain text of what a visitor typed: script and style elements with their content removed, every other tag removed
 * (its text kept), the common entities decoded, runs of white space made one space, trimmed. A remaining "<" is kept
 * as a character: the text is stored and shown as text, never as HTML.
 */
export function stripHtml(input: string): string {
  return input
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<\/?[a-zA-Z][^>]*>/g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (m) => ENTITIES[m] ?? m)
    .replace(/\s+/g, ' ')
    .trim();
}

/** The words of the list that occur in any of the texts (ignoring ASCII case), in the list's order. */
export function findSensitiveWords(words: readonly string[], ...texts: string[]): string[] {
  const hay = texts.join('\n').toLowerCase();
  return words.filter((w) => w !== '' && hay.includes(w.toLowerCase()));
}

/** Counts posts per address within a sliding window; `take` answers the seconds to wait when the limit is reached. */
export class PostWindow {
  private readonly posts = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records a post of `address` and answers null, or answers the seconds until the next post is allowed. */
  take(address: string): number | null {
    const t = this.now();
    const recent = (this.posts.get(address) ?? []).filter((at) => t - at < this.windowMs);
    if (recent.length >= this.limit) {
      this.posts.set(address, recent);
      return Math.max(1, Math.ceil((recent[0]! + this.windowMs - t) / 1000));
    }
    recent.push(t);
    this.posts.set(address, recent);
    // Keep the map small: forget addresses whose posts all left the window.
    if (this.posts.size > 10_000) for (const [a, list] of this.posts) if (list.every((at) => t - at >= this.windowMs)) this.posts.delete(a);
    return null;
  }
}
