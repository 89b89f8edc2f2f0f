import type { Menu, MenuIssue } from '@agromet/contracts/web';
import { describe, expect, it } from 'vitest';
import { dropMove, invalidAt, issuePlace, placeKey, placeMovedTo } from './menu-places';

const menu: Menu = {
  button: [
    { type: 'click', name: 'A', key: 'A' },
    {
      name: 'B',
      sub_button: [
        { type: 'click', name: 'B1', key: 'B1' },
        { type: 'click', name: 'B2', key: 'B2' },
      ],
    },
    { type: 'click', name: 'C', key: 'C' },
  ],
};
const issue = (path: string): MenuIssue => ({ path, problem: 'menu.urlMissing' });

describe('menu places', () => {
  it('names places as menuIssues does, and shows them short', () => {
    expect(placeKey({ top: 1, sub: null })).toBe('button.1');
    expect(placeKey({ top: 1, sub: 0 })).toBe('button.1.sub_button.0');
    expect(issuePlace('button.1.sub_button.0.url')).toBe('1.0.url');
    expect(issuePlace('button.2.name')).toBe('2.name');
  });

  it('marks a button for its own issues, not a top button for its sub-buttons', () => {
    const subIssue = [issue('button.1.sub_button.0.url')];
    expect(invalidAt(subIssue, { top: 1, sub: 0 })).toBe(true);
    expect(invalidAt(subIssue, { top: 1, sub: null })).toBe(false);
    expect(invalidAt(subIssue, { top: 1, sub: 1 })).toBe(false);
    expect(invalidAt([issue('button.1.name')], { top: 1, sub: null })).toBe(true);
    expect(invalidAt([issue('button.1')], { top: 1, sub: null })).toBe(true);
    // button.1 is not button.10's prefix with its dot.
    expect(invalidAt([issue('button.10.name')], { top: 1, sub: null })).toBe(false);
  });

  it('moves the selection with the button', () => {
    expect(placeMovedTo({ top: 2, sub: null }, 1)).toEqual({ top: 1, sub: null });
    expect(placeMovedTo({ top: 1, sub: 1 }, 0)).toEqual({ top: 1, sub: 0 });
  });

  it('drops among siblings only', () => {
    const top = dropMove(menu, { top: 2, sub: null }, { top: 0, sub: null });
    expect(top?.menu.button.map((b) => b.name)).toEqual(['C', 'A', 'B']);
    expect(top?.select).toEqual({ top: 0, sub: null });
    const sub = dropMove(menu, { top: 1, sub: 1 }, { top: 1, sub: 0 });
    expect(sub?.menu.button[1]!.sub_button!.map((b) => b.name)).toEqual(['B2', 'B1']);
    expect(dropMove(menu, { top: 1, sub: 0 }, { top: 0, sub: null })).toBeNull();
    expect(dropMove(menu, { top: 0, sub: null }, { top: 1, sub: 0 })).toBeNull();
    expect(dropMove(menu, { top: 1, sub: 0 }, { top: 2, sub: 0 })).toBeNull();
  });
});
