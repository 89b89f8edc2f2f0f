import { DeleteOutlined, EyeOutlined } from '@ant-design/icons';
import type { RiskProduct } from '@agromet/contracts';
import { Progress, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog, toastSuccess } from '../../lib/feedback';
import { isActive, STATUS_COLORS } from '../../lib/product-jobs';
import { useDeleteRiskProduct, useRiskProductPage } from './api/products';
import { NS } from './i18n';
import { formatDateTime } from '../../lib/format-time';
import { RowAction } from '../../components/admin-list/table-columns';

/** Risk products, newest first: status (progress while being made), hazard, time; show on the map, delete. */
export function ProductList({ shown, onShow }: { shown: number | undefined; onShow: (id: number | undefined) => void }) {
  const { t } = useTranslation(NS);
  const [page, setPage] = useState(1);
  const list = useRiskProductPage(page, 8);
  const remove = useDeleteRiskProduct();
  const columns: TableColumnsType<RiskProduct> = [
    { title: t('make.name'), dataIndex: 'name', ellipsis: true },
    { title: t('product.hazard'), key: 'hazard', ellipsis: true, render: (_, p) => p.hazardName },
    {
      title: t('product.createTime'),
      key: 'time',
      width: 150,
      render: (_, p) =>
        isActive(p.status) ? (
          <Progress percent={p.progress} size="small" />
        ) : (
          <Tag color={STATUS_COLORS[p.status]}>{formatDateTime(p.createTime)}</Tag>
        ),
    },
    {
      key: 'actions',
      width: 84,
      render: (_, p) => (
        <Space size={0}>
          <RowAction
            size="small"
            type={p.id === shown ? 'primary' : 'text'}
            icon={<EyeOutlined />}
            label={`${t('product.show')} ${p.name}`}
            tip={t('product.show')}
            disabled={p.status !== 'done'}
            onClick={() => onShow(p.id === shown ? undefined : p.id)}
          />
          <RowAction
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            label={`${t('product.delete')} ${p.name}`}
            tip={t('product.delete')}
            disabled={isActive(p.status)}
            onClick={() =>
              confirmDialog({
                title: t('product.deleteConfirm', { name: p.name }),
                okButtonProps: { danger: true },
                onOk: async () => {
                  await remove.mutateAsync(p.id);
                  if (p.id === shown) onShow(undefined);
                  toastSuccess(t('product.deleted'));
                },
              })
            }
          />
        </Space>
      ),
    },
  ];
  return (
    <Table<RiskProduct>
      size="small"
      rowKey="id"
      data-testid="risk-products"
      columns={columns}
      dataSource={list.data?.list ?? []}
      loading={list.isPending}
      tableLayout="fixed"
      locale={{ emptyText: t('product.empty') }}
      pagination={{ current: page, pageSize: 8, total: list.data?.total ?? 0, size: 'small', showSizeChanger: false, onChange: setPage }}
    />
  );
}
