import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cachedStoredJson, parseStoredJson, parseStoredJsonOrNull, StoredJsonError } from './stored-json.js';

const Menu = z.object({ buttons: z.array(z.object({ name: z.string() })) });
const place = { table: 'wx_menu', id: 7, column: 'draft' };

describe('parseStoredJson', () => {
  it('reads a good row as its schema says', () => {
    expect(parseStoredJson(Menu, '{"buttons":[{"name":"天气"}]}', place)).toEqual({ buttons: [{ name: '天气' }] });
  });

  it('turns malformed JSON into an error naming the table, row and column', () => {
    const read = () => parseStoredJson(Menu, '{"buttons":[', place);
    expect(read).toThrow(StoredJsonError);
    expect(read).toThrow(/^stored JSON in wx_menu row 7, column draft: not valid JSON/);
  });

  it('turns a wrong shape into an error naming the row and the path that is off', () => {
    let caught: unknown;
    try {
      parseStoredJson(Menu, '{"buttons":[{"name":3}]}', place);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(StoredJsonError);
    expect((caught as StoredJsonError).place).toEqual(place);
    expect((caught as StoredJsonError).field).toBe('draft.buttons.0.name');
    expect((caught as Error).message).toMatch(
      /^stored JSON in wx_menu row 7, column draft: does not match its shape at buttons\.0\.name: /,
    );
  });

  it('names the column alone as the field when the value itself is off', () => {
    const fieldOf = (text: string) => {
      try {
        parseStoredJson(Menu, text, place);
      } catch (e) {
        return (e as StoredJsonError).field;
      }
      return 'read';
    };
    expect(fieldOf('{"buttons":[')).toBe('draft');
    expect(fieldOf('[]')).toBe('draft');
  });

  it('never hands back a value of the wrong kind', () => {
    expect(() => parseStoredJson(z.array(z.string()), '"a"', { table: 't', id: 'k', column: 'c' })).toThrow(
      'stored JSON in t row k, column c: does not match its shape at (root): ',
    );
  });

  it('reads null or empty text of a nullable column as null', () => {
    expect(parseStoredJsonOrNull(Menu, null, place)).toBeNull();
    expect(parseStoredJsonOrNull(Menu, '', place)).toBeNull();
    expect(parseStoredJsonOrNull(Menu, '{"buttons":[]}', place)).toEqual({ buttons: [] });
  });
});

describe('cachedStoredJson', () => {
  it('reads each text once, anew when the text changes, and still names a bad row', () => {
    const read = cachedStoredJson(Menu);
    const first = read('{"buttons":[]}', place);
    expect(read('{"buttons":[]}', { ...place, id: 8 })).toBe(first);
    expect(read('{"buttons":[{"name":"a"}]}', place)).toEqual({ buttons: [{ name: 'a' }] });
    expect(() => read('{"buttons":1}', { ...place, id: 9 })).toThrow(/^stored JSON in wx_menu row 9, column draft: does not match/);
  });
});
