/**
 * The sidebar's width in the current language (docs/console.md#the-shell): wide enough for its longest label, within
 * bounds, so that "Service Products" or "Biblioteca multimedia" reads whole instead of ending in "…" (as
 * ant-design-pro and vben size theirs). The room around a label is fixed by the menu's layout: an entry's indent, its
 * icon (top level only), the space kept for a group's arrow and the entry's margins.
 */

/**
 * The narrowest sidebar (the Chinese menu fits in it) and the widest (past it a label ends in "…", its title whole):
 * at 1280 px a wider sidebar leaves the map panels too little room for the administration tables (the users table
 * needs 925 px of the panel's 930). The Spanish menu names are chosen to fit it ("Administración", "Zonificación").
 */
export const SIDEBAR_MIN_WIDTH = 180;
export const SIDEBAR_MAX_WIDTH = 210;

/**
 * Pixels around a label's text at each depth of the menu (antd's inline menu with the console's styles, shell.css),
 * with 6 px to spare: the menu lays out a fraction wider than a canvas measures (seen 3 px on "Administración del
 * sistema" in Chromium).
 */
export const LABEL_ROOM = {
  /** Indent 24, icon 14 and its gap 10, the arrow's 34 at the end, margins 4 + 4, spare 6. */
  top: 24 + 14 + 10 + 34 + 8 + 6,
  /** Indent 48, end padding 16, margins 4 + 4, spare 6. */
  child: 48 + 16 + 8 + 6,
} as const;

export interface MenuLabel {
  text: string;
  /** 0 for a group or a page at the top, 1 for a page inside a group. */
  depth: 0 | 1;
}

/** The sidebar width for labels whose text widths are given by `measure`: whole pixels, within the bounds. */
export function sidebarWidth(labels: readonly MenuLabel[], measure: (text: string) => number): number {
  let need = SIDEBAR_MIN_WIDTH;
  for (const label of labels) {
    need = Math.max(need, measure(label.text) + (label.depth === 0 ? LABEL_ROOM.top : LABEL_ROOM.child));
  }
  return Math.min(SIDEBAR_MAX_WIDTH, Math.ceil(need));
}
