import { useQuery } from '@tanstack/react-query';
import { Card, Empty, List, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { request } from '../../../lib/request';
import { NS } from '../i18n';
import { useIssueLabel } from '../issue-label';

/** Bulletins submitted and waiting for a reviewer, oldest waiting first in the eye of whoever reviews. */
export default function AwaitingReviewCard() {
  const { t } = useTranslation(NS);
  const issueLabel = useIssueLabel();
  const waiting = useQuery({
    queryKey: ['dashboard', 'articles', 'submitted'],
    queryFn: ({ signal }) => request('articlePage', { query: { state: 'submitted', page: 1, size: 5 }, signal }),
  });
  return (
    <Card
      title={t('dashboard.title', { count: waiting.data?.total ?? 0 })}
      loading={waiting.isPending}
      extra={<Link to="/service-products">{t('dashboard.open')}</Link>}
    >
      {(waiting.data?.list.length ?? 0) === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.empty')} />
      ) : (
        <List
          size="small"
          dataSource={waiting.data?.list ?? []}
          renderItem={(a) => (
            <List.Item className="dashboard-article">
              <div className="dashboard-job-line">
                <Typography.Text strong>{a.title}</Typography.Text>
                <Typography.Text type="secondary">
                  {a.kindName} · {issueLabel(a)} · {a.authorName}
                </Typography.Text>
                <Typography.Text type="secondary">{dayjs(a.updatedAt).format('MM-DD HH:mm')}</Typography.Text>
              </div>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
