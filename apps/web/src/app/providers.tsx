import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, type ThemeConfig } from 'antd';
import type { Locale } from 'antd/es/locale';
import zhCN from 'antd/es/locale/zh_CN';
import { useEffect, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { ReloginDialog } from '../components/ReloginDialog';
import { setFeedbackApi } from '../lib/feedback';
import type { Language } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { useReducedMotion } from '../lib/reduced-motion';
import { controlHeightOf } from '../stores/app-prefs';
import { useAppStore } from '../stores/app';

/** antd's own words (pagination, pickers, empty states): zh ships with the console, en and es load when chosen. */
const antdLocales: Partial<Record<Language, Locale>> = { zh: zhCN };
const ANTD_LOCALE_LOADERS: Record<Exclude<Language, 'zh'>, () => Promise<{ default: Locale }>> = {
  en: () => import('antd/es/locale/en_US'),
  es: () => import('antd/es/locale/es_ES'),
};

/** Loads antd's locale of a language (once); the console's layout waits for it before it first renders. */
export async function loadAntdLocale(language: Language): Promise<Locale> {
  const known = antdLocales[language];
  if (known) return known;
  const locale = (await ANTD_LOCALE_LOADERS[language as Exclude<Language, 'zh'>]()).default;
  antdLocales[language] = locale;
  return locale;
}

/** antd's locale of the chosen language, zh's for the moment its chunk is on its way. */
function useAntdLocale(language: Language): Locale {
  const [, setLoaded] = useState(0);
  useEffect(() => {
    if (!antdLocales[language]) void loadAntdLocale(language).then(() => setLoaded((n) => n + 1));
  }, [language]);
  return antdLocales[language] ?? zhCN;
}

/** Keep button labels exactly as translated ("登录", not antd's spaced "登 录"). */
const buttonConfig = { autoInsertSpace: false };

/** Hands antd's contextual message/modal/notification API to code outside React. */
function FeedbackBridge() {
  const { message, modal, notification } = AntApp.useApp();
  // Set during render so it is in place before the router (a later sibling) starts its loaders.
  setFeedbackApi({ message, modal, notification });
  return null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  const language = useAppStore((s) => s.language);
  const size = useAppStore((s) => s.size);
  const themeColor = useAppStore((s) => s.themeColor);
  const locale = useAntdLocale(language);
  const reducedMotion = useReducedMotion();
  // Size and theme reach every antd control through its tokens, at runtime; `motion: false` turns off antd's zooms,
  // slides and fades (and their durations) for a user who asked the system for reduced motion.
  const theme = useMemo<ThemeConfig>(
    () => ({
      token: { colorPrimary: themeColor, colorInfo: themeColor, controlHeight: controlHeightOf(size), motion: !reducedMotion },
    }),
    [themeColor, size, reducedMotion],
  );
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={locale} theme={theme} button={buttonConfig}>
        <AntApp className="app-root" style={{ '--theme-color': themeColor } as CSSProperties}>
          <FeedbackBridge />
          {children}
          <ReloginDialog />
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
