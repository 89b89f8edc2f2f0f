import Cookies from 'js-cookie';

/** Cookie names (docs/console.md#the-shell); other code never spells them out. */
export const COOKIE = {
  accessToken: 'Access-Token',
  refreshToken: 'Refresh-Token',
  /** Absolute epoch milliseconds at which the access token expires. */
  expired: 'Expired',
  language: 'language',
  size: 'size',
  sidebarStatus: 'sidebarStatus',
} as const;

export type CookieName = (typeof COOKIE)[keyof typeof COOKIE];

function secure(): boolean {
  return typeof location !== 'undefined' && location.protocol === 'https:';
}

/** Session tokens live for the browser session only. */
export function setSessionCookie(name: CookieName, value: string): void {
  Cookies.set(name, value, { path: '/', sameSite: 'lax', secure: secure() });
}

/** Preferences (language, size, sidebar) are remembered for a year. */
export function setPreferenceCookie(name: CookieName, value: string): void {
  Cookies.set(name, value, { path: '/', sameSite: 'lax', secure: secure(), expires: 365 });
}

export function getCookie(name: CookieName): string | undefined {
  const value = Cookies.get(name);
  return value === '' ? undefined : value;
}

export function removeCookie(name: CookieName): void {
  Cookies.remove(name, { path: '/' });
}
