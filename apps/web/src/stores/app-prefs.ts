/** Pure readers of the app preference cookies (docs/console.md#the-shell). */

/** The size selector's sizes: Default, Medium, Small, Mini. */
export const SIZES = ['default', 'medium', 'small', 'mini'] as const;
export type SizeName = (typeof SIZES)[number];
export const DEFAULT_SIZE: SizeName = 'medium';

export function parseSize(cookie: string | undefined): SizeName {
  return (SIZES as readonly string[]).includes(cookie ?? '') ? (cookie as SizeName) : DEFAULT_SIZE;
}

/** `sidebarStatus` is '1' (open) or '0' (closed); open when never set. */
export function parseSidebarStatus(cookie: string | undefined): boolean {
  if (cookie === undefined || cookie === '') return true;
  return cookie !== '0';
}

export function sidebarStatusCookie(opened: boolean): string {
  return opened ? '1' : '0';
}

/** Height in px of every antd control for the four sizes (Element UI's 40/36/32/28). */
export const CONTROL_HEIGHTS: Record<SizeName, number> = { default: 40, medium: 36, small: 32, mini: 28 };

export function controlHeightOf(size: SizeName): number {
  return CONTROL_HEIGHTS[size];
}

/** Default theme colour. */
export const DEFAULT_THEME_COLOR = '#409EFF';

/** A saved theme colour when it is a #rrggbb value, else the default. */
export function parseThemeColor(saved: string | null | undefined): string {
  return saved && /^#[0-9a-f]{6}$/i.test(saved) ? saved.toUpperCase() : DEFAULT_THEME_COLOR;
}

/** Below 992 px the device counts as mobile. */
export const MOBILE_BREAKPOINT_PX = 992;
export function deviceOf(width: number): 'desktop' | 'mobile' {
  return width < MOBILE_BREAKPOINT_PX ? 'mobile' : 'desktop';
}
