import { Empty, List, Pagination, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProductPage } from './api/products';
import { formatRunTime } from './format';
import { NS } from './i18n';
import { ProductFiles } from './ProductFiles';

const PAGE_SIZE = 5;
const STATUS_COLOR = { queued: 'default', running: 'processing', done: 'success', failed: 'error' } as const;

/** The products made, newest first: what, when, by whom, and their files (progress while being made). */
export function ProductList() {
  const { t } = useTranslation(NS);
  const [page, setPage] = useState(1);
  const products = useProductPage(page, PAGE_SIZE);
  const list = products.data?.list ?? [];
  if (!products.isPending && list.length === 0) return <Empty description={t('list.empty')} />;
  return (
    <div className="pd-list" data-testid="product-list">
      <List
        loading={products.isPending}
        dataSource={list}
        renderItem={(p) => (
          <List.Item key={p.id} className="pd-list-item" data-product={p.id}>
            <div className="pd-list-head">
              <Typography.Text strong ellipsis={{ tooltip: p.name }}>
                {p.name}
              </Typography.Text>
              <Tag color={STATUS_COLOR[p.status]}>{t(`status.${p.status}`)}</Tag>
            </div>
            <Typography.Text type="secondary" className="pd-list-meta">
              {p.factorName} · {t(`mode.${p.mode}`)}
              {p.aggregation ? ` (${t(`aggregation.${p.aggregation}`)})` : ''} · {t('list.run')} {formatRunTime(p.baseTime)} ·{' '}
              {p.templateName} · {p.creator} · {formatRunTime(p.createTime)}
            </Typography.Text>
            <ProductFiles product={p} />
          </List.Item>
        )}
      />
      <Pagination size="small" current={page} pageSize={PAGE_SIZE} total={products.data?.total ?? 0} onChange={setPage} hideOnSinglePage />
    </div>
  );
}
