import { EyeOutlined } from '@ant-design/icons';
import type { ZoningProduct } from '@agromet/contracts';
import { Button, Empty, Progress, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmDelete } from '../../../components/admin-list/use-confirm-delete';
import { usePagedTableProps, usePaging } from '../../../components/admin-list/use-paged-table';
import { useDeleteProduct, useProduct, useProductPage } from '../api/products';
import { formatDateTime } from '../../../lib/format-time';
import { CropFilter, DeleteRowButton } from '../common/ListParts';
import { PANEL_PAGE_SIZE, ZoningPage } from '../common/ZoningPage';
import { NS } from '../i18n';
import { isActive, STATUS_COLORS } from '../../../lib/product-jobs';
import { DownloadButton, ProductView } from '../product/ProductView';

/**
 * /zoning-manage/zoning-list: zoning products by crop, newest first, with status (progress while being made), time
 * and author; open one on the map with its statistics, download it, delete it (not while it is being made).
 */
export function ZoningListPage() {
  const { t } = useTranslation(NS);
  const [cropId, setCropId] = useState<number | undefined>();
  const { paging, setPaging, toFirstPage } = usePaging(PANEL_PAGE_SIZE);
  const query = useProductPage(cropId, paging);
  const tableProps = usePagedTableProps(query, paging, setPaging);
  const [openId, setOpenId] = useState<number | undefined>();
  const opened = useProduct(openId);
  const remove = useDeleteProduct();
  const confirmDelete = useConfirmDelete();

  const columns = useMemo<TableColumnsType<ZoningProduct>>(
    () => [
      { title: t('product.name'), dataIndex: 'name', ellipsis: true },
      { title: t('product.crop'), dataIndex: 'cropName', ellipsis: true, width: 90 },
      {
        title: t('product.status'),
        dataIndex: 'status',
        width: 110,
        render: (_, row) =>
          isActive(row.status) ? (
            <Progress className="zn-row-progress" percent={row.progress} size="small" status="active" style={{ width: 90 }} />
          ) : (
            <Tag color={STATUS_COLORS[row.status]}>{t(`status.${row.status}`)}</Tag>
          ),
      },
      {
        title: t('product.made'),
        key: 'made',
        width: 150,
        render: (_, row) => (
          <div className="zn-made">
            <div>{formatDateTime(row.createTime)}</div>
            <Typography.Text type="secondary">{row.creator}</Typography.Text>
          </div>
        ),
      },
      {
        title: t('common.actions'),
        key: 'actions',
        fixed: 'right',
        width: 110,
        render: (_, row) => {
          const running = isActive(row.status);
          return (
            <Space size={0}>
              <Tooltip title={row.status === 'done' ? t('product.open') : t('product.notReady')}>
                <Button
                  type="link"
                  size="small"
                  icon={<EyeOutlined aria-hidden />}
                  aria-label={`${t('product.open')} ${row.name}`}
                  disabled={row.status !== 'done'}
                  className="zn-open"
                  onClick={() => setOpenId(row.id)}
                />
              </Tooltip>
              <DownloadButton product={row} link />
              <DeleteRowButton
                name={row.name}
                blockedBy={running ? t('product.deleteRunning') : undefined}
                className="zn-delete"
                onClick={() =>
                  confirmDelete(row.name, async () => {
                    await remove.mutateAsync(row.id);
                    if (openId === row.id) setOpenId(undefined);
                  })
                }
              />
            </Space>
          );
        },
      },
    ],
    [t, confirmDelete, remove, openId],
  );

  return (
    <ZoningPage
      id="zoning-list"
      titleKey="zoningList"
      data={{ 'data-open': openId ?? '' }}
      toolbar={
        <CropFilter
          id="zoning-list-crop"
          width={200}
          value={cropId}
          onChange={(value) => {
            setCropId(value);
            toFirstPage();
          }}
        />
      }
    >
      <Table<ZoningProduct>
        id="zoning-list-table"
        size="small"
        columns={columns}
        {...tableProps}
        // Long product names are cut (shown whole on hover) so that status, time and actions stay in view.
        tableLayout="fixed"
        scroll={{ x: 560 }}
        rowClassName={(row) => (row.id === openId ? 'zn-row-open' : '')}
        // An empty list says why and how to make one.
        locale={{
          emptyText: (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(cropId === undefined ? 'dashboard.empty' : 'dashboard.emptyCrop')} />
          ),
        }}
      />
      {opened.data && openId !== undefined ? <ProductView product={opened.data} onClose={() => setOpenId(undefined)} /> : null}
    </ZoningPage>
  );
}
