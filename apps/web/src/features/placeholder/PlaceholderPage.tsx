import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import type { RouteMeta } from '@agromet/contracts';
import { useCurrentView } from '../../lib/current-view';

/**
 * Title frame for a page not built yet: its translated title and a note saying so. No controls: a field that does
 * nothing would look like a broken page.
 */
export function PlaceholderPage() {
  const { t } = useTranslation();
  const view = useCurrentView();
  const matches = useMatches();
  const meta = matches[matches.length - 1]?.handle as Partial<RouteMeta> | undefined;
  // A kept-alive page may render while another location is current: its own view names it.
  const titleKey = view?.title || meta?.title;
  const title = titleKey ? t(`route.${titleKey}`) : '';

  return (
    <Card className="placeholder-page">
      <Typography.Title level={2} className="page-title">
        {title}
      </Typography.Title>
      <Typography.Paragraph type="secondary" className="placeholder-note">
        {t('placeholder.comingSoon')}
      </Typography.Paragraph>
    </Card>
  );
}
