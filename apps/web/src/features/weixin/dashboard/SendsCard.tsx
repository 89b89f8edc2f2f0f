import { useQuery } from '@tanstack/react-query';
import { Card, Empty, List, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { request } from '../../../lib/request';
import { NS } from '../i18n';

/** Mass sends: how many wait for approval, and the latest with their state. */
export default function SendsCard() {
  const { t } = useTranslation(NS);
  const waiting = useQuery({
    queryKey: ['dashboard', 'weixin', 'pending'],
    queryFn: ({ signal }) => request('wxSendPage', { query: { state: 'pending', page: 1, size: 1 }, signal }),
  });
  const latest = useQuery({
    queryKey: ['dashboard', 'weixin', 'latest'],
    queryFn: ({ signal }) => request('wxSendPage', { query: { page: 1, size: 5 }, signal }),
  });
  return (
    <Card
      title={t('dashboard.sendsTitle', { count: waiting.data?.total ?? 0 })}
      loading={latest.isPending}
      extra={<Link to="/weixin-admin/weixin-send">{t('dashboard.open')}</Link>}
      data-testid="dashboard-wx-sends"
    >
      {(latest.data?.list.length ?? 0) === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.noSends')} />
      ) : (
        <List
          size="small"
          dataSource={latest.data?.list ?? []}
          renderItem={(s) => (
            <List.Item>
              <Typography.Text ellipsis style={{ maxWidth: '60%' }}>
                {s.kind === 'image' ? `[${t('send.kinds.image')}] ${s.content.split('\n')[1] ?? ''}` : s.content}
              </Typography.Text>
              <span>
                <Tag>{t(`send.states.${s.state}`)}</Tag>
                <Typography.Text type="secondary">{dayjs(s.createdAt).format('MM-DD HH:mm')}</Typography.Text>
              </span>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
