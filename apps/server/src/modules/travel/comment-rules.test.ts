import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMMENT_TEXT_MAX } from '@agromet/contracts';
import { findSensitiveWords, plainText } from './comment-rules.js';

describe('comment rules', () => {
  it.each([
    ['<b>好</b>玩', '好玩'],
    ['<script>alert(1)</script>风景很美', '风景很美'],
    ['<img src=x onerror=alert(1)>不错', '不错'],
    ['a &lt;b&gt; &amp; c', 'a & c'],
    ['  多   空格\n换行 ', '多 空格 换行'],
    ['3 < 5 而 5 > 3', '3 < 5 而 5 > 3'],
    ['R&D, AT&T', 'R&D, AT&T'],
    ['&lt;3 和 a &lt; b', '<3 和 a < b'],
    // The finding: tags taken out before entities were decoded left a real tag.
    ['&lt;img src=x onerror=alert(9)&gt;好', '好'],
    ['&#60;img src=x onerror=alert(9)&#62;好', '好'],
    ['&#x3C;svg onload=alert(9)&#x3E;好', '好'],
    ['&amp;lt;img src=x onerror=alert(9)&amp;gt;好', '好'],
    ['&ltimg src=x onerror=alert(9)&gt好', '好'],
    // Taking one tag out must not join a new one.
    ['<<b>img src=x onerror=alert(9)>好', '好'],
    ['<scr<script>x</script>ipt>alert(9)</script>好', 'alert(9)好'],
    // An unclosed tag swallows the rest, as in a browser.
    ['好<img src=x onerror=alert(9)', '好'],
    ['好&lt;/textarea', '好'],
    ['<!-- x --> 好 <!-- y', '好'],
    ['<!DOCTYPE html>好<?xml x?>', '好'],
    ['&nbsp;好&nbsp;&copy;2024', '好 ©2024'],
    ['&#128512;', '😀'],
  ])('makes plain text of %j', (input, output) => {
    expect(plainText(input)).toBe(output);
  });

  // What a browser would start parsing as markup: "<" before a letter, "/", "!" or "?".
  const MARKUP_START = /<[a-zA-Z/!?]/;
  const piece = fc.oneof(
    fc.string(),
    fc.constantFrom('<', '>', '&', ';', '#', '/', '!', '?', 'img', 'script', ' ', 'lt', 'gt', 'amp', '<b>', '</b>', '<!--', '-->'),
    fc.constantFrom('&lt;', '&gt;', '&amp;', '&#60;', '&#x3c;', '&#X3C;', '&#062;', '&lt', '&LT;', '&nbsp;', '&quot;', '&#0;'),
  );
  const hostile = fc.array(piece, { maxLength: 40 }).map((parts) => parts.join(''));

  it('never answers markup a browser would parse, whatever is typed or encoded', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), hostile), (input) => {
        expect(plainText(input)).not.toMatch(MARKUP_START);
      }),
      { numRuns: 2000 },
    );
  });

  it('is idempotent: plain text stays as it is', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), hostile), (input) => {
        const once = plainText(input);
        expect(plainText(once)).toBe(once);
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps text without markup or entities, only its white space collapsed', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !/[<&]/.test(s)),
        (s) => {
          expect(plainText(s)).toBe(s.replace(/\s+/g, ' ').trim());
        },
      ),
    );
  });

  it('never leaves a tag that a browser would parse', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom('script', 'img', 'a', 'b', 'iframe'), fc.string(), (a, tag, b) => {
        const out = plainText(`${a}<${tag} x="1">${b}</${tag}>`);
        expect(out).not.toMatch(/<(script|img|a|b|iframe)[\s>]/i);
      }),
    );
  });

  it('ends quickly on deeply nested entities', () => {
    const input = `&${'amp;'.repeat(COMMENT_TEXT_MAX)}lt;img src=x&gt;`;
    const t = performance.now();
    expect(plainText(input)).toBe('');
    expect(performance.now() - t).toBeLessThan(2000);
  });

  it('finds sensitive words, ignoring ASCII case', () => {
    expect(findSensitiveWords(['广告', 'Spam', '假票'], '这是SPAM', '广告位')).toEqual(['广告', 'Spam']);
    expect(findSensitiveWords([], 'x')).toEqual([]);
  });
});
