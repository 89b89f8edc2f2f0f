import type { Menu, MenuButton } from '@agromet/contracts/web';

// Pure edits of a menu draft (docs/weixin.md#menus): where a button is, adding, removing, moving and changing one,
// and the difference between the draft and what WeChat has.

/** A button of the tree: a top-level one, or one of its sub-buttons. */
export interface MenuPlace {
  top: number;
  sub: number | null;
}

const clone = (m: Menu): Menu => structuredClone(m);

export function buttonAt(menu: Menu, at: MenuPlace): MenuButton | undefined {
  const top = menu.button[at.top];
  return at.sub === null ? top : top?.sub_button?.[at.sub];
}

/** The menu with a new top-level button at the end. */
export function addTop(menu: Menu, name: string): Menu {
  const next = clone(menu);
  next.button.push({ type: 'click', name, key: `KEY_${Date.now().toString(36).toUpperCase()}` });
  return next;
}

/** The menu with a new sub-button under `top`; a top-level button that had a type becomes a sub-menu holding it. */
export function addSub(menu: Menu, top: number, name: string): Menu {
  const next = clone(menu);
  const parent = next.button[top];
  if (!parent) return next;
  const subs = parent.sub_button ?? [];
  const fresh: MenuButton = { type: 'click', name, key: `KEY_${Date.now().toString(36).toUpperCase()}` };
  next.button[top] = { name: parent.name, sub_button: [...subs, fresh] };
  return next;
}

export function removeAt(menu: Menu, at: MenuPlace): Menu {
  const next = clone(menu);
  if (at.sub === null) next.button.splice(at.top, 1);
  else {
    const parent = next.button[at.top];
    parent?.sub_button?.splice(at.sub, 1);
    // A sub-menu left empty becomes a click button again, so it is never typeless.
    if (parent && parent.sub_button?.length === 0) next.button[at.top] = { type: 'click', name: parent.name, key: 'KEY' };
  }
  return next;
}

/** Moves a button among its siblings (a drag or the arrow buttons); out-of-range moves change nothing. */
export function moveAt(menu: Menu, at: MenuPlace, to: number): Menu {
  const next = clone(menu);
  const list = at.sub === null ? next.button : next.button[at.top]?.sub_button;
  const from = at.sub === null ? at.top : at.sub;
  if (!list || to < 0 || to >= list.length || from === to) return next;
  const [item] = list.splice(from, 1);
  list.splice(to, 0, item!);
  return next;
}

/** The menu with the button's fields replaced (fields set to undefined are removed). */
export function updateAt(menu: Menu, at: MenuPlace, patch: Partial<MenuButton>): Menu {
  const next = clone(menu);
  const b = buttonAt(next, at);
  if (!b) return next;
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) delete (b as unknown as Record<string, unknown>)[k];
    else (b as unknown as Record<string, unknown>)[k] = v;
  }
  return next;
}

export interface MenuChange {
  /** "1" for the second top-level button, "1.0" for its first sub-button. */
  place: string;
  kind: 'added' | 'removed' | 'changed';
  name: string;
}

const leafKey = (b: MenuButton) => JSON.stringify([b.name, b.type ?? '', b.key ?? '', b.url ?? '', b.appid ?? '', b.pagepath ?? '']);

/** The buttons added, removed or changed in `draft` against `current`, place by place. */
export function menuDiff(draft: Menu, current: Menu | null): MenuChange[] {
  const out: MenuChange[] = [];
  const compare = (a: MenuButton[], b: MenuButton[], prefix: string) => {
    for (let k = 0; k < Math.max(a.length, b.length); k++) {
      const place = prefix ? `${prefix}.${k}` : String(k);
      const x = a[k];
      const y = b[k];
      if (x && !y) out.push({ place, kind: 'added', name: x.name });
      else if (!x && y) out.push({ place, kind: 'removed', name: y.name });
      else if (x && y) {
        const xs = x.sub_button ?? [];
        const ys = y.sub_button ?? [];
        if (xs.length > 0 || ys.length > 0) {
          if (x.name !== y.name || xs.length === 0 || ys.length === 0) out.push({ place, kind: 'changed', name: x.name });
          if (!prefix) compare(xs, ys, place);
        } else if (leafKey(x) !== leafKey(y)) out.push({ place, kind: 'changed', name: x.name });
      }
    }
  };
  compare(draft.button, current?.button ?? [], '');
  return out;
}
