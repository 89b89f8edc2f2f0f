import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import type { RouteMeta } from '@agromet/contracts';

/** Title frame for pages that later issues build: the translated page title in a card. */
export function PlaceholderPage() {
  const { t } = useTranslation();
  const matches = useMatches();
  const meta = matches[matches.length - 1]?.handle as Partial<RouteMeta> | undefined;
  const title = meta?.title ? t(`route.${meta.title}`) : '';

  return (
    <Card className="placeholder-page">
      <Typography.Title level={2} className="page-title">
        {title}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('placeholder.comingSoon')}</Typography.Paragraph>
    </Card>
  );
}
