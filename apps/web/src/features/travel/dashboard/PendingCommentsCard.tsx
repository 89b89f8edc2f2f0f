import { useQuery } from '@tanstack/react-query';
import { Card, Empty, List, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { request } from '../../../lib/request';
import { NS } from '../i18n';

/** Visitors' comments waiting for moderation: how many, and the newest five with what they comment on. */
export default function PendingCommentsCard() {
  const { t } = useTranslation(NS);
  const pending = useQuery({
    queryKey: ['dashboard', 'travel', 'comments', 'pending'],
    queryFn: ({ signal }) => request('travelCommentPage', { query: { status: 'pending', page: 1, size: 5 }, signal }),
  });
  const total = pending.data?.total ?? 0;
  return (
    <Card
      title={t('comment.dashboard.title', { count: total })}
      loading={pending.isPending}
      extra={<Link to="/travel-manage/travel-comment">{t('comment.dashboard.open')}</Link>}
    >
      {total === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('comment.dashboard.empty')} />
      ) : (
        <List
          size="small"
          dataSource={pending.data?.list ?? []}
          renderItem={(c) => (
            <List.Item className="dashboard-comment">
              <div className="dashboard-job-line">
                <Typography.Text ellipsis={{ tooltip: c.text }}>{c.text}</Typography.Text>
                <Typography.Text type="secondary">
                  {t(`comment.targets.${c.targetType}`)} · {c.targetName} · {c.nickname}{' '}
                  <span className="dashboard-comment-rating" role="img" aria-label={`${t('comment.fields.rating')} ${c.rating}/5`}>
                    {'★'.repeat(c.rating)}
                    {'☆'.repeat(5 - c.rating)}
                  </span>
                </Typography.Text>
                {c.flagged.length > 0 ? <Tag color="red">{t('comment.flagged', { words: c.flagged.join(', ') })}</Tag> : null}
                <Typography.Text type="secondary">{dayjs(c.createdAt).format('MM-DD HH:mm')}</Typography.Text>
              </div>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
