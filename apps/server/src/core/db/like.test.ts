import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeLike } from './like.js';

/** LIKE with ESCAPE '\' as both engines evaluate it, for checking the escaping. */
function likeMatches(pattern: string, text: string): boolean {
  let re = '';
  for (let k = 0; k < pattern.length; k++) {
    const c = pattern[k]!;
    if (c === '\\') re += (pattern[++k] ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    else if (c === '%') re += '[\\s\\S]*';
    else if (c === '_') re += '[\\s\\S]';
    else re += c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`).test(text);
}

describe('escapeLike', () => {
  it('escapes the wildcards and the escape character', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
  });

  it('a contains-pattern of the escaped text matches exactly the texts that contain it', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'b', '%', '_', '\\') }),
        fc.string({ unit: fc.constantFrom('a', 'b', '%', '_', '\\') }),
        (needle, hay) => {
          expect(likeMatches(`%${escapeLike(needle)}%`, hay)).toBe(hay.includes(needle));
        },
      ),
    );
  });
});
