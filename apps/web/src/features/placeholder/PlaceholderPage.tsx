import { Card, Form, Input, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import type { RouteMeta } from '@agromet/contracts';
import { useCurrentView } from '../../lib/current-view';

/**
 * Title frame for pages that later issues build: the translated page title, and the keyword
 * field every one of these list pages starts with (kept while the user switches tabs).
 */
export function PlaceholderPage() {
  const { t } = useTranslation();
  const view = useCurrentView();
  const matches = useMatches();
  const meta = matches[matches.length - 1]?.handle as Partial<RouteMeta> | undefined;
  // A kept-alive page may render while another location is current: its own view names it.
  const titleKey = view?.title || meta?.title;
  const title = titleKey ? t(`route.${titleKey}`) : '';
  // Several kept-alive pages can be mounted at once: ids must differ.
  const keywordId = useId();

  return (
    <Card className="placeholder-page">
      <Typography.Title level={2} className="page-title">
        {title}
      </Typography.Title>
      <Form layout="inline" className="placeholder-filter" onSubmitCapture={(e) => e.preventDefault()}>
        <Form.Item label={t('placeholder.keyword')} htmlFor={keywordId}>
          <Input
            id={keywordId}
            className="placeholder-keyword"
            placeholder={t('placeholder.keywordPlaceholder')}
            allowClear={false}
            style={{ width: 240 }}
          />
        </Form.Item>
      </Form>
      <Typography.Paragraph type="secondary" className="placeholder-note">
        {t('placeholder.comingSoon')}
      </Typography.Paragraph>
    </Card>
  );
}
