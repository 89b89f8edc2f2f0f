import { menuIssues, type Menu } from '@agromet/contracts/web';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addSub, addTop, menuDiff, moveAt, removeAt, updateAt } from './menu-editor';

const base: Menu = {
  button: [
    { type: 'click', name: '今日天气', key: 'TODAY' },
    { name: '农业气象', sub_button: [{ type: 'view', name: '周报', url: 'https://a.cn/w' }] },
  ],
};

describe('menu editing', () => {
  it('adds, moves, changes and removes buttons, keeping the draft valid', () => {
    let m = addTop(base, '新菜单');
    expect(m.button.map((b) => b.name)).toEqual(['今日天气', '农业气象', '新菜单']);
    m = addSub(m, 0, '子菜单');
    expect(m.button[0]).toMatchObject({ name: '今日天气', sub_button: [{ name: '子菜单', type: 'click' }] });
    expect(m.button[0]!.type).toBeUndefined();
    m = moveAt(m, { top: 2, sub: null }, 0);
    expect(m.button.map((b) => b.name)).toEqual(['新菜单', '今日天气', '农业气象']);
    m = updateAt(m, { top: 2, sub: 0 }, { name: '农业周报' });
    expect(m.button[2]!.sub_button![0]!.name).toBe('农业周报');
    m = removeAt(m, { top: 1, sub: 0 });
    expect(m.button[1]).toMatchObject({ type: 'click', name: '今日天气' });
    expect(menuIssues(m)).toEqual([]);
    expect(base.button).toHaveLength(2);
  });

  it('finds no difference between a menu and itself, and names each kind of change', () => {
    expect(menuDiff(base, base)).toEqual([]);
    const draft = updateAt(addTop(base, '预警'), { top: 1, sub: 0 }, { url: 'https://a.cn/x' });
    expect(menuDiff(draft, base)).toEqual([
      { place: '1.0', kind: 'changed', name: '周报' },
      { place: '2', kind: 'added', name: '预警' },
    ]);
    expect(menuDiff(base, null).map((c) => c.kind)).toEqual(['added', 'added']);
    expect(menuDiff(removeAt(base, { top: 0, sub: null }), base)[0]!.kind).toBe('changed');
  });

  it('moves keep every button once', () => {
    fc.assert(
      fc.property(fc.nat(4), fc.nat(4), (from, to) => {
        const m: Menu = { button: ['a', 'b', 'c'].map((name) => ({ type: 'click' as const, name, key: name })) };
        const moved = moveAt(m, { top: from % 3, sub: null }, to);
        expect(moved.button.map((b) => b.name).sort()).toEqual(['a', 'b', 'c']);
      }),
    );
  });
});
