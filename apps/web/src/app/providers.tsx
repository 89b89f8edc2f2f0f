import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, type ThemeConfig } from 'antd';
import enUS from 'antd/locale/en_US';
import esES from 'antd/locale/es_ES';
import zhCN from 'antd/locale/zh_CN';
import type { Locale } from 'antd/es/locale';
import { useMemo, type CSSProperties, type ReactNode } from 'react';
import { ReloginDialog } from '../components/ReloginDialog';
import { setFeedbackApi } from '../lib/feedback';
import type { Language } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { controlHeightOf } from '../stores/app-prefs';
import { useAppStore } from '../stores/app';

export const ANTD_LOCALES: Record<Language, Locale> = { zh: zhCN, en: enUS, es: esES };

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
  // Size and theme reach every antd control through its tokens, at runtime.
  const theme = useMemo<ThemeConfig>(
    () => ({ token: { colorPrimary: themeColor, colorInfo: themeColor, controlHeight: controlHeightOf(size) } }),
    [themeColor, size],
  );
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={ANTD_LOCALES[language]} theme={theme} button={buttonConfig}>
        <AntApp className="app-root" style={{ '--theme-color': themeColor } as CSSProperties}>
          <FeedbackBridge />
          {children}
          <ReloginDialog />
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
