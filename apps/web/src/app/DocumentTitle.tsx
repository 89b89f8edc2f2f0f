import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { useUserStore } from '../stores/user';
import { formatDocumentTitle, resolveSysName } from '../utils/branding';
import { deepestTitle } from './route-handle';

/** Browser tab title: "<translated page title> - <system name>". */
export function DocumentTitle() {
  const { t, i18n } = useTranslation();
  const matches = useMatches();
  const titleKey = deepestTitle(matches);
  const sysName = resolveSysName(useUserStore((s) => s.branding));
  const pageTitle = titleKey ? t(`route.${titleKey}`) : undefined;

  useEffect(() => {
    document.title = formatDocumentTitle(pageTitle, sysName);
  }, [pageTitle, sysName, i18n.language]);

  return null;
}
