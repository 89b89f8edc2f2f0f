import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, theme as antdTheme, type ThemeConfig } from 'antd';
import type { Locale } from 'antd/es/locale';
import zhCN from 'antd/es/locale/zh_CN';
import {
  lazy,
  Suspense,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { expectFeedbackHost, isFeedbackHostWanted, subscribeFeedbackHost, wantFeedbackHost } from '../lib/feedback';
import type { Language } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { useReducedMotion } from '../lib/reduced-motion';
import { isReloginOpen, subscribeRelogin } from '../lib/relogin';
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
    if (!antdLocales[language])
      loadAntdLocale(language).then(
        () => setLoaded((n) => n + 1),
        () => undefined, // zh's words stay; the next language change tries again
      );
  }, [language]);
  return antdLocales[language] ?? zhCN;
}

/** Keep button labels exactly as translated ("登录", not antd's spaced "登 录"). */
const buttonConfig = { autoInsertSpace: false };

const FeedbackHost = lazy(() => import('./FeedbackHost'));
const loadReloginDialog = () => import('../components/ReloginDialog');
const ReloginDialog = lazy(() => loadReloginDialog().then((m) => ({ default: m.ReloginDialog })));

/**
 * The feedback host (messages, dialogs, notifications) mounts when first asked for, or when the browser is idle after
 * the first page: it is not part of what a page waits for (docs/console.md#weight).
 */
function useFeedbackHost(): boolean {
  useLayoutEffect(() => {
    expectFeedbackHost(true);
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(
      () => {
        wantFeedbackHost();
        // Fetched now, shown when a session ends: by then the network may be what ended it.
        loadReloginDialog().catch(() => undefined);
      },
      { timeout: 2000 },
    );
    return () => {
      cancel(handle);
      expectFeedbackHost(false);
    };
  }, []);
  return useSyncExternalStore(subscribeFeedbackHost, isFeedbackHostWanted, isFeedbackHostWanted);
}

/** The re-login dialog mounts the first time a session ends, then stays mounted (it animates closed). */
function useReloginAsked(): boolean {
  const open = useSyncExternalStore(subscribeRelogin, isReloginOpen, isReloginOpen);
  const [asked, setAsked] = useState(open);
  if (open && !asked) setAsked(true);
  return asked;
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
  const feedbackHost = useFeedbackHost();
  const reloginAsked = useReloginAsked();
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={locale} theme={theme} button={buttonConfig}>
        <AppRoot themeColor={themeColor}>
          {children}
          <Suspense fallback={null}>
            {feedbackHost ? <FeedbackHost /> : null}
            {reloginAsked ? <ReloginDialog /> : null}
          </Suspense>
        </AppRoot>
      </ConfigProvider>
    </QueryClientProvider>
  );
}

/** The text style antd's App gave the page (colour, size, line height, font), from the theme's tokens. */
function AppRoot({ themeColor, children }: { themeColor: string; children: ReactNode }) {
  const { token } = antdTheme.useToken();
  const style = {
    '--theme-color': themeColor,
    color: token.colorText,
    fontSize: token.fontSize,
    lineHeight: token.lineHeight,
    fontFamily: token.fontFamily,
  } as CSSProperties;
  return (
    <div className="app-root" style={style}>
      {children}
    </div>
  );
}
