import { AppstoreOutlined, PlusOutlined } from '@ant-design/icons';
import type { Criterion } from '@agromet/contracts';
import { Button, Space, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KeywordSearch, ToolbarSpacer } from '../../../components/admin-list/ListToolbar';
import { useConfirmDelete } from '../../../components/admin-list/use-confirm-delete';
import { useKeyword, usePagedTableProps, usePaging } from '../../../components/admin-list/use-paged-table';
import { useCriterionPage, useDeleteCriterion } from '../api/criteria';
import { formatDateTime } from '../../../lib/format-time';
import { CropFilter, DeleteRowButton, EditRowButton } from '../common/ListParts';
import { PANEL_PAGE_SIZE } from '../common/ZoningPage';
import { NS } from '../i18n';
import { CropManagerModal } from './CropManagerModal';

/** Criteria with crop filter, name search and paging; new, edit, delete (not while products use it); the crop list. */
export function CriteriaList({
  cropId,
  onCropChange,
  onEdit,
}: {
  cropId: number | undefined;
  onCropChange: (cropId: number | undefined) => void;
  onEdit: (record: Criterion | null) => void;
}) {
  const { t } = useTranslation(NS);
  const { paging, setPaging, toFirstPage } = usePaging(PANEL_PAGE_SIZE);
  const [name, search] = useKeyword(toFirstPage);
  const query = useCriterionPage({ cropId, name }, paging);
  const tableProps = usePagedTableProps(query, paging, setPaging);
  const remove = useDeleteCriterion();
  const confirmDelete = useConfirmDelete();
  const [managing, setManaging] = useState(false);

  const columns = useMemo<TableColumnsType<Criterion>>(
    () => [
      {
        title: t('criterion.name'),
        dataIndex: 'name',
        render: (value: string, row) => (
          <Tooltip title={row.description || undefined} placement="topLeft">
            <Space size={4}>
              {value}
              {row.example ? <Tag color="gold">{t('common.example')}</Tag> : null}
            </Space>
          </Tooltip>
        ),
      },
      { title: t('criterion.crop'), dataIndex: 'cropName' },
      { title: t('criterion.method'), dataIndex: 'method', render: (m: Criterion['method']) => t(`methods.${m}`) },
      { title: t('criterion.factors'), key: 'factors', align: 'right', render: (_, row) => row.factors.length },
      { title: t('criterion.productCount'), dataIndex: 'productCount', align: 'right' },
      { title: t('common.createdAt'), dataIndex: 'createTime', render: (v: string) => formatDateTime(v).slice(0, 10) },
      {
        title: t('common.actions'),
        key: 'actions',
        fixed: 'right',
        render: (_, row) => (
          <Space size={0}>
            <EditRowButton name={row.name} className="criterion-edit" onClick={() => onEdit(row)} />
            <DeleteRowButton
              name={row.name}
              blockedBy={row.productCount > 0 ? t('criterion.inUse', { count: row.productCount }) : undefined}
              className="criterion-delete"
              onClick={() => confirmDelete(row.name, () => remove.mutateAsync(row.id))}
            />
          </Space>
        ),
      },
    ],
    [t, confirmDelete, remove, onEdit],
  );

  return (
    <>
      <div className="list-toolbar">
        <CropFilter
          id="criterion-crop-filter"
          width={150}
          value={cropId}
          onChange={(value) => {
            onCropChange(value);
            toFirstPage();
          }}
        />
        <KeywordSearch id="criterion-search" placeholder={t('criterion.searchPlaceholder')} width={210} onSearch={search} />
        <ToolbarSpacer />
        <Button id="crop-manage" icon={<AppstoreOutlined aria-hidden />} onClick={() => setManaging(true)}>
          {t('crop.manage')}
        </Button>
        <Button id="criterion-create" type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => onEdit(null)}>
          {t('common.create')}
        </Button>
      </div>
      <Table<Criterion> id="criterion-table" size="small" columns={columns} {...tableProps} />
      {managing ? <CropManagerModal onClose={() => setManaging(false)} /> : null}
    </>
  );
}
