import type { Menu, MenuIssue } from '@agromet/contracts/web';
import { moveAt, type MenuPlace } from './menu-editor';

/** Where a button sits, as menuIssues names it: `button.1` or `button.1.sub_button.0`. */
export function placeKey(p: MenuPlace): string {
  return p.sub === null ? `button.${p.top}` : `button.${p.top}.sub_button.${p.sub}`;
}

/** Whether an issue is about the button at `p` (a top button is not marked for its sub-buttons' issues). */
export function invalidAt(issues: readonly MenuIssue[], p: MenuPlace): boolean {
  const key = placeKey(p);
  return issues.some((i) => i.path === key || (i.path.startsWith(`${key}.`) && !(p.sub === null && i.path.includes('sub_button'))));
}

/** An issue's place as the editor shows it: `1.0.url` for `button.1.sub_button.0.url`. */
export function issuePlace(path: string): string {
  return path.replace(/^button\./, '').replace('.sub_button.', '.');
}

/** The place of the button at `p` once moved to `index` among its siblings. */
export function placeMovedTo(p: MenuPlace, index: number): MenuPlace {
  return p.sub === null ? { top: index, sub: null } : { top: p.top, sub: index };
}

/**
 * A button dropped on another: siblings only (top-level among top-level, sub-buttons within their own sub-menu); the
 * menu after the move and the place to select, or null when the drop moves nothing.
 */
export function dropMove(menu: Menu, dragged: MenuPlace, target: MenuPlace): { menu: Menu; select: MenuPlace } | null {
  if (dragged.sub === null && target.sub === null) return { menu: moveAt(menu, dragged, target.top), select: target };
  if (dragged.sub !== null && target.sub !== null && dragged.top === target.top)
    return { menu: moveAt(menu, dragged, target.sub), select: target };
  return null;
}
