import { useQuery } from '@tanstack/react-query';
import { Card, Empty, List, Progress, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { request } from '../../../lib/request';
import { NS } from '../i18n';

const STATUS_COLOR = { queued: 'default', running: 'processing', done: 'success', failed: 'error' } as const;

/** The latest zoning products of the customer, with their state (a run in progress shows its progress). */
export default function ZoningProductsCard() {
  const { t } = useTranslation(NS);
  const products = useQuery({
    queryKey: ['dashboard', 'zoning'],
    queryFn: ({ signal }) => request('zoningProductPage', { query: { page: 1, size: 5 }, signal }),
  });
  return (
    <Card
      title={t('dashboard.title', { count: products.data?.total ?? 0 })}
      loading={products.isPending}
      extra={<Link to="/zoning-manage/zoning-list">{t('dashboard.open')}</Link>}
    >
      {(products.data?.list.length ?? 0) === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.empty')} />
      ) : (
        <List
          size="small"
          dataSource={products.data?.list ?? []}
          renderItem={(p) => (
            <List.Item className="dashboard-zoning-product">
              <div className="dashboard-job-line">
                <Typography.Text strong>{p.name}</Typography.Text>
                <Typography.Text type="secondary">{p.cropName}</Typography.Text>
                <Tag color={STATUS_COLOR[p.status]}>{t(`status.${p.status}`)}</Tag>
                <Typography.Text type="secondary">{dayjs(p.createTime).format('MM-DD HH:mm')}</Typography.Text>
              </div>
              {p.status === 'running' ? <Progress percent={p.progress} size="small" /> : null}
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
