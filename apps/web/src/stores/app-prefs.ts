/** Pure readers of the app preference cookies (spec section 9). */

/** Spec section 2: Default, Medium, Small, Mini. */
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

/** antd control sizes for the spec's four sizes. */
export function antdSizeOf(size: SizeName): 'large' | 'middle' | 'small' {
  switch (size) {
    case 'default':
      return 'large';
    case 'medium':
      return 'middle';
    default:
      return 'small';
  }
}

/** Spec section 9: below 992 px the device counts as mobile. */
export const MOBILE_BREAKPOINT_PX = 992;
export function deviceOf(width: number): 'desktop' | 'mobile' {
  return width < MOBILE_BREAKPOINT_PX ? 'mobile' : 'desktop';
}
