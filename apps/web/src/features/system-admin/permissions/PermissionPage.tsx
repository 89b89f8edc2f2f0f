import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { PermissionRow } from '@agromet/contracts';
import { Button, Input, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeletePermission, usePermissionPage } from '../api/permissions';
import { AdminPage } from '../components/AdminPage';
import { useConfirmDelete } from '../components/use-confirm-delete';
import { usePaging, useTablePagination } from '../components/use-table-paging';
import { NS } from '../i18n';
import { formatDateTime } from '../utils/format';
import { PermissionFormModal } from './PermissionFormModal';

/** /system-admin/sys-permission: permission codes with search and paging; create, edit, delete (not built-in ones). */
export function PermissionPage() {
  const { t } = useTranslation(NS);
  const [keyword, setKeyword] = useState('');
  const { paging, setPaging, toFirstPage } = usePaging();
  const query = usePermissionPage({ keyword }, paging);
  const pagination = useTablePagination(paging, setPaging, query.data);
  const [editor, setEditor] = useState<{ record: PermissionRow | null } | null>(null);
  const remove = useDeletePermission();
  const confirmDelete = useConfirmDelete();

  const columns = useMemo<TableColumnsType<PermissionRow>>(
    () => [
      { title: t('permission.code'), dataIndex: 'code', render: (code: string) => <Typography.Text code>{code}</Typography.Text> },
      { title: t('permission.name'), dataIndex: 'name' },
      { title: t('permission.description'), dataIndex: 'description', ellipsis: true },
      {
        title: t('permission.kind'),
        dataIndex: 'builtin',
        width: 110,
        render: (builtin: boolean) => (builtin ? <Tag color="gold">{t('permission.builtin')}</Tag> : <Tag>{t('permission.custom')}</Tag>),
      },
      { title: t('permission.roleCount'), dataIndex: 'roleCount', width: 120 },
      { title: t('common.updatedAt'), dataIndex: 'updatedAt', render: (v: string) => formatDateTime(v) },
      {
        title: t('common.actions'),
        key: 'actions',
        fixed: 'right',
        render: (_, row) => {
          const del = (
            <Button
              type="link"
              danger
              disabled={row.builtin}
              icon={<DeleteOutlined aria-hidden />}
              onClick={() => confirmDelete(row.code, () => remove.mutateAsync(row.id))}
            >
              {t('common.delete')}
            </Button>
          );
          return (
            <Space size={0}>
              <Button type="link" icon={<EditOutlined aria-hidden />} onClick={() => setEditor({ record: row })}>
                {t('common.edit')}
              </Button>
              {row.builtin ? <Tooltip title={t('permission.builtinNoDelete')}>{del}</Tooltip> : del}
            </Space>
          );
        },
      },
    ],
    [t, confirmDelete, remove],
  );

  return (
    <AdminPage
      id="permission-page"
      titleKey="sysPermission"
      toolbar={
        <>
          <Input.Search
            id="permission-search"
            aria-label={t('common.search')}
            placeholder={t('permission.searchPlaceholder')}
            allowClear
            enterButton={t('common.search')}
            maxLength={64}
            style={{ width: 320 }}
            onSearch={(value) => {
              setKeyword(value.trim());
              toFirstPage();
            }}
          />
          <span className="sa-toolbar-spacer" />
          <Button id="permission-create" type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditor({ record: null })}>
            {t('common.create')}
          </Button>
        </>
      }
    >
      <Table<PermissionRow>
        id="permission-table"
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={query.data?.list ?? []}
        loading={query.isFetching}
        pagination={pagination}
        scroll={{ x: 'max-content' }}
      />
      {editor ? <PermissionFormModal record={editor.record} onClose={() => setEditor(null)} /> : null}
    </AdminPage>
  );
}
