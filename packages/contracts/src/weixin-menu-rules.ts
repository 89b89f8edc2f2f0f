// Official-account menus (docs/weixin.md#menus): WeChat's own limits, checked before a menu is saved or published, so
// WeChat never sees an invalid one. Zod-free: the browser checks with the same rules as the server.

export const MENU_BUTTON_TYPES = ['click', 'view', 'miniprogram'] as const;
export type MenuButtonType = (typeof MENU_BUTTON_TYPES)[number];

/** WeChat's limits, in bytes of UTF-8 where they are lengths. */
export const MENU_LIMITS = { top: 3, sub: 5, topName: 16, subName: 60, key: 128, url: 1024 } as const;

export interface MenuButton {
  name: string;
  type?: MenuButtonType;
  key?: string;
  url?: string;
  appid?: string;
  pagepath?: string;
  sub_button?: MenuButton[];
}
export interface Menu {
  button: MenuButton[];
}

export type MenuProblem =
  | 'menu.noButtons'
  | 'menu.tooManyTop'
  | 'menu.tooManySub'
  | 'menu.nameEmpty'
  | 'menu.nameTooLong'
  | 'menu.typeMissing'
  | 'menu.keyMissing'
  | 'menu.keyTooLong'
  | 'menu.urlMissing'
  | 'menu.urlTooLong'
  | 'menu.urlScheme'
  | 'menu.appidMissing'
  | 'menu.pagepathMissing';

/** A problem of the menu: where (a path such as `button.1.sub_button.0.url`), which, and the limit it breaks. */
export interface MenuIssue {
  path: string;
  problem: MenuProblem;
  limit?: number;
}

/** Bytes of a string in UTF-8 (a lone surrogate counts as the 3 bytes of the replacement character). */
export function utf8Bytes(s: string): number {
  let n = 0;
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  }
  return n;
}
const isHttpUrl = (s: string) => /^https?:\/\/[^\s]+$/i.test(s);

function checkLeaf(b: MenuButton, path: string, out: MenuIssue[]) {
  if (!b.type) {
    out.push({ path: `${path}.type`, problem: 'menu.typeMissing' });
    return;
  }
  if (b.type === 'click') {
    if (!b.key) out.push({ path: `${path}.key`, problem: 'menu.keyMissing' });
    else if (utf8Bytes(b.key) > MENU_LIMITS.key) out.push({ path: `${path}.key`, problem: 'menu.keyTooLong', limit: MENU_LIMITS.key });
  }
  if (b.type === 'view' || b.type === 'miniprogram') {
    // A mini-program button names a web page for clients that cannot open mini-programs.
    if (!b.url) out.push({ path: `${path}.url`, problem: 'menu.urlMissing' });
    else if (utf8Bytes(b.url) > MENU_LIMITS.url) out.push({ path: `${path}.url`, problem: 'menu.urlTooLong', limit: MENU_LIMITS.url });
    else if (!isHttpUrl(b.url)) out.push({ path: `${path}.url`, problem: 'menu.urlScheme' });
  }
  if (b.type === 'miniprogram') {
    if (!b.appid) out.push({ path: `${path}.appid`, problem: 'menu.appidMissing' });
    if (!b.pagepath) out.push({ path: `${path}.pagepath`, problem: 'menu.pagepathMissing' });
  }
}

function checkName(name: string, max: number, path: string, out: MenuIssue[]) {
  if (name.trim() === '') out.push({ path: `${path}.name`, problem: 'menu.nameEmpty' });
  else if (utf8Bytes(name) > max) out.push({ path: `${path}.name`, problem: 'menu.nameTooLong', limit: max });
}

/** Every problem of a menu (empty: WeChat will take it). */
export function menuIssues(menu: Menu): MenuIssue[] {
  const out: MenuIssue[] = [];
  if (menu.button.length === 0) out.push({ path: 'button', problem: 'menu.noButtons' });
  if (menu.button.length > MENU_LIMITS.top) out.push({ path: 'button', problem: 'menu.tooManyTop', limit: MENU_LIMITS.top });
  menu.button.forEach((b, k) => {
    const path = `button.${k}`;
    checkName(b.name, MENU_LIMITS.topName, path, out);
    if (b.sub_button && b.sub_button.length > 0) {
      if (b.sub_button.length > MENU_LIMITS.sub)
        out.push({ path: `${path}.sub_button`, problem: 'menu.tooManySub', limit: MENU_LIMITS.sub });
      b.sub_button.forEach((s, n) => {
        checkName(s.name, MENU_LIMITS.subName, `${path}.sub_button.${n}`, out);
        checkLeaf(s, `${path}.sub_button.${n}`, out);
      });
    } else checkLeaf(b, path, out);
  });
  return out;
}

/** The menu as WeChat takes it: only the fields of each button's type, sub-menus without a type. */
export function menuForWechat(menu: Menu): Menu {
  const leaf = (b: MenuButton): MenuButton => {
    if (b.type === 'click') return { type: 'click', name: b.name, key: b.key };
    if (b.type === 'view') return { type: 'view', name: b.name, url: b.url };
    return { type: 'miniprogram', name: b.name, url: b.url, appid: b.appid, pagepath: b.pagepath };
  };
  return {
    button: menu.button.map((b) =>
      b.sub_button && b.sub_button.length > 0 ? { name: b.name, sub_button: b.sub_button.map(leaf) } : leaf(b),
    ),
  };
}
