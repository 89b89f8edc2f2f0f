import { DeleteOutlined, EyeOutlined } from '@ant-design/icons';
import type { ZoningProduct } from '@agromet/contracts';
import { Button, Progress, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../../components/admin-list/ListToolbar';
import { useConfirmDelete } from '../../../components/admin-list/use-confirm-delete';
import { usePagedTableProps, usePaging } from '../../../components/admin-list/use-paged-table';
import { useCrops } from '../api/crops';
import { useDeleteProduct, useProduct, useProductPage } from '../api/products';
import { formatDateTime } from '../common/format';
import { PANEL_PAGE_SIZE, ZoningPage } from '../common/ZoningPage';
import { NS } from '../i18n';
import { isActive } from '../product/product-rules';
import { DownloadButton, ProductView, STATUS_COLORS } from '../product/ProductView';

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
  const crops = useCrops();
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
              <Tooltip title={running ? t('product.deleteRunning') : undefined}>
                <Button
                  type="link"
                  size="small"
                  danger
                  icon={<DeleteOutlined aria-hidden />}
                  aria-label={`${t('common.delete')} ${row.name}`}
                  disabled={running}
                  className="zn-delete"
                  onClick={() =>
                    confirmDelete(row.name, async () => {
                      await remove.mutateAsync(row.id);
                      if (openId === row.id) setOpenId(undefined);
                    })
                  }
                />
              </Tooltip>
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
        <FilterSelect<number>
          id="zoning-list-crop"
          label={t('crop.filter')}
          width={200}
          value={cropId}
          loading={crops.isPending}
          options={(crops.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
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
      />
      {opened.data && openId !== undefined ? <ProductView product={opened.data} onClose={() => setOpenId(undefined)} /> : null}
    </ZoningPage>
  );
}
