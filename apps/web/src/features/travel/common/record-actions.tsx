import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Space, type TableColumnType } from 'antd';
import type { TFunction } from 'i18next';
import { RowAction } from '../../../components/admin-list/table-columns';

/**
 * The action column of the tourism tables: edit and delete, named with the record for screen readers and tests, kept
 * on the right; a click on them does not select the row.
 */
export function recordActionsColumn<T extends { name: string }>(
  t: TFunction,
  onEdit: (record: T) => void,
  onDelete: (record: T) => void,
): TableColumnType<T> {
  return {
    title: t('common.actions'),
    key: 'actions',
    fixed: 'right',
    width: 72,
    render: (_, r) => (
      <Space size={0} onClick={(e) => e.stopPropagation()}>
        <RowAction
          size="small"
          icon={<EditOutlined aria-hidden />}
          label={`${t('common.edit')} ${r.name}`}
          tip={t('common.edit')}
          onClick={() => onEdit(r)}
        />
        <RowAction
          size="small"
          danger
          icon={<DeleteOutlined aria-hidden />}
          label={`${t('common.delete')} ${r.name}`}
          tip={t('common.delete')}
          onClick={() => onDelete(r)}
        />
      </Space>
    ),
  };
}
