import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findSensitiveWords, PostWindow, stripHtml } from './comment-rules.js';

describe('comment rules', () => {
  it.each([
    ['<b>好</b>玩', '好玩'],
    ['<script>alert(1)</script>风景很美', '风景很美'],
    ['<img src=x onerror=alert(1)>不错', '不错'],
    ['a &lt;b&gt; &amp; c', 'a <b> & c'],
    ['  多   空格\n换行 ', '多 空格 换行'],
    ['3 < 5 而 5 > 3', '3 < 5 而 5 > 3'],
  ])('strips HTML from %j', (input, output) => {
    expect(stripHtml(input)).toBe(output);
  });

  it('never leaves a tag that a browser would parse', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom('script', 'img', 'a', 'b', 'iframe'), fc.string(), (a, tag, b) => {
        const out = stripHtml(`${a}<${tag} x="1">${b}</${tag}>`);
        expect(out).not.toMatch(/<(script|img|a|b|iframe)[\s>]/i);
      }),
    );
  });

  it('finds sensitive words, ignoring ASCII case', () => {
    expect(findSensitiveWords(['广告', 'Spam', '假票'], '这是SPAM', '广告位')).toEqual(['广告', 'Spam']);
    expect(findSensitiveWords([], 'x')).toEqual([]);
  });

  it('allows a few posts per address within the window', () => {
    let now = 0;
    const w = new PostWindow(2, 60_000, () => now);
    expect(w.take('a')).toBeNull();
    expect(w.take('a')).toBeNull();
    expect(w.take('b')).toBeNull();
    expect(w.take('a')).toBe(60);
    now = 30_000;
    expect(w.take('a')).toBe(30);
    now = 60_000;
    expect(w.take('a')).toBeNull();
  });
});
