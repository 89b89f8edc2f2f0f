import { create } from 'zustand';
import { COOKIE, getCookie, setPreferenceCookie } from '../lib/cookies';
import { i18n, resolveLanguage, type Language } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { parseSidebarStatus, parseSize, parseThemeColor, sidebarStatusCookie, type SizeName } from './app-prefs';

export type Device = 'desktop' | 'mobile';

/** localStorage key of the chosen theme colour (the server never needs it, so not a cookie: docs/console.md#the-shell). */
export const THEME_STORAGE_KEY = 'agromet-theme-color';

export interface AppState {
  language: Language;
  size: SizeName;
  sidebar: { opened: boolean; withoutAnimation: boolean };
  device: Device;
  /** #RRGGBB primary colour of the whole UI. */
  themeColor: string;
  /** Resolves once the language's words are loaded and shown. */
  setLanguage: (language: Language) => Promise<void>;
  setSize: (size: SizeName) => void;
  toggleSidebar: () => void;
  closeSidebar: (withoutAnimation?: boolean) => void;
  setDevice: (device: Device) => void;
  setThemeColor: (color: string) => void;
}

function readThemeColor(): string {
  try {
    return parseThemeColor(localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return parseThemeColor(null);
  }
}

/** App preferences; language, size and sidebar state persist in cookies, the theme in localStorage. */
export const useAppStore = create<AppState>()((set, get) => ({
  language: resolveLanguage(getCookie(COOKIE.language)),
  size: parseSize(getCookie(COOKIE.size)),
  sidebar: { opened: parseSidebarStatus(getCookie(COOKIE.sidebarStatus)), withoutAnimation: false },
  device: 'desktop',
  themeColor: readThemeColor(),

  setLanguage: async (language) => {
    setPreferenceCookie(COOKIE.language, language);
    // English and Spanish load on first use: the store (antd's locale) follows once the words are there.
    await i18n.changeLanguage(language);
    set({ language });
    // The server writes names, descriptions and statuses in the language of the cookie just set: what is on screen is
    // fetched again in it, the rest when next shown.
    void queryClient.invalidateQueries();
  },
  setSize: (size) => {
    setPreferenceCookie(COOKIE.size, size);
    set({ size });
  },
  toggleSidebar: () => {
    const opened = !get().sidebar.opened;
    setPreferenceCookie(COOKIE.sidebarStatus, sidebarStatusCookie(opened));
    set({ sidebar: { opened, withoutAnimation: false } });
  },
  closeSidebar: (withoutAnimation = false) => {
    setPreferenceCookie(COOKIE.sidebarStatus, sidebarStatusCookie(false));
    set({ sidebar: { opened: false, withoutAnimation } });
  },
  setDevice: (device) => set({ device }),
  setThemeColor: (color) => {
    const themeColor = parseThemeColor(color);
    try {
      localStorage.setItem(THEME_STORAGE_KEY, themeColor);
    } catch {
      // storage disabled: the colour lasts for this page only
    }
    set({ themeColor });
  },
}));
