import { create } from 'zustand';
import { COOKIE, getCookie, setPreferenceCookie } from '../lib/cookies';
import { i18n, resolveLanguage, type Language } from '../lib/i18n';
import { parseSidebarStatus, parseSize, sidebarStatusCookie, type SizeName } from './app-prefs';

export type Device = 'desktop' | 'mobile';

export interface AppState {
  language: Language;
  size: SizeName;
  sidebar: { opened: boolean; withoutAnimation: boolean };
  device: Device;
  setLanguage: (language: Language) => void;
  setSize: (size: SizeName) => void;
  toggleSidebar: () => void;
  closeSidebar: (withoutAnimation?: boolean) => void;
  setDevice: (device: Device) => void;
}

/** App preferences; language, size and sidebar state persist in cookies. */
export const useAppStore = create<AppState>()((set, get) => ({
  language: resolveLanguage(getCookie(COOKIE.language)),
  size: parseSize(getCookie(COOKIE.size)),
  sidebar: { opened: parseSidebarStatus(getCookie(COOKIE.sidebarStatus)), withoutAnimation: false },
  device: 'desktop',

  setLanguage: (language) => {
    setPreferenceCookie(COOKIE.language, language);
    void i18n.changeLanguage(language);
    set({ language });
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
}));
