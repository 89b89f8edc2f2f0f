import { Outlet } from 'react-router';
import { currentLanguage } from '../lib/i18n';
import { AppProviders, loadAntdLocale } from './providers';

/**
 * Every route but the login page: antd's providers (theme, locale, the contextual toasts), the query client and the
 * re-login dialog. Its own chunk, so the login page loads none of them.
 */
export function ConsoleLayout() {
  return (
    <AppProviders>
      <Outlet />
    </AppProviders>
  );
}

/**
 * The route module: antd's words for the current language are loaded before the first render. Should their chunk fail
 * (the network dropped, a deploy replaced it), the console still opens, with zh's words until a later try succeeds.
 */
export async function loadConsoleLayout() {
  await loadAntdLocale(currentLanguage()).catch(() => undefined);
  return { Component: ConsoleLayout };
}
