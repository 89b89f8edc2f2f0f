import type { HTMLAttributes, KeyboardEvent } from 'react';

/** Table rows that select with a click, or from the keyboard with Enter or Space. */
export function selectableRow(selected: boolean, choose: () => void): HTMLAttributes<HTMLElement> {
  return {
    tabIndex: 0,
    'aria-selected': selected,
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
      if (e.target !== e.currentTarget || (e.key !== 'Enter' && e.key !== ' ')) return;
      e.preventDefault();
      choose();
    },
  };
}
