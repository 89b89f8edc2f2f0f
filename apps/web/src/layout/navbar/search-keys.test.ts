import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { searchKeyAction } from './search-keys';

describe('searchKeyAction', () => {
  it('moves down and up through three results, wrapping at both ends', () => {
    expect(searchKeyAction('ArrowDown', -1, 3)).toEqual({ kind: 'move', active: 0 });
    expect(searchKeyAction('ArrowDown', 2, 3)).toEqual({ kind: 'move', active: 0 });
    expect(searchKeyAction('ArrowUp', -1, 3)).toEqual({ kind: 'move', active: 2 });
    expect(searchKeyAction('ArrowUp', 0, 3)).toEqual({ kind: 'move', active: 2 });
    expect(searchKeyAction('ArrowUp', 2, 3)).toEqual({ kind: 'move', active: 1 });
  });

  it('opens the highlighted result, or the first when none is highlighted', () => {
    expect(searchKeyAction('Enter', -1, 3)).toEqual({ kind: 'open', index: 0 });
    expect(searchKeyAction('Enter', 1, 3)).toEqual({ kind: 'open', index: 1 });
  });

  it('does nothing with arrows or Enter when nothing was found; Escape always closes', () => {
    for (const key of ['ArrowDown', 'ArrowUp', 'Enter', 'a']) expect(searchKeyAction(key, -1, 0)).toEqual({ kind: 'none' });
    expect(searchKeyAction('Escape', -1, 0)).toEqual({ kind: 'close' });
  });

  it('never highlights or opens outside the results', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('ArrowDown', 'ArrowUp', 'Enter'),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: -1, max: 49 }),
        (key, count, from) => {
          const active = Math.min(from, count - 1);
          const action = searchKeyAction(key, active, count);
          const index = action.kind === 'move' ? action.active : action.kind === 'open' ? action.index : -1;
          expect(index).toBeGreaterThanOrEqual(0);
          expect(index).toBeLessThan(count);
        },
      ),
    );
  });
});
