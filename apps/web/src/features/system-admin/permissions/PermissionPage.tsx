import type { PermissionRow } from '@agromet/contracts';
import { holdsPlatformScope } from '@agromet/contracts/web';
import { Alert, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { KeywordSearch, ToolbarSpacer } from '../../../components/admin-list/ListToolbar';
import { useConfirmDelete } from '../../../components/admin-list/use-confirm-delete';
import { useKeyword, usePagedTableProps, usePaging } from '../../../components/admin-list/use-paged-table';
import { useUserStore } from '../../../stores/user';
import { useDeletePermission, usePermissionPage } from '../api/permissions';
import { CreateButton, DeleteLink, EditLink } from '../components/ActionButtons';
import { AdminPage } from '../components/AdminPage';
import { NS } from '../i18n';
import { formatDateTime } from '../utils/format';
import { PermissionFormModal } from './PermissionFormModal';

/**
 * /system-admin/sys-permission: permission codes with search and paging; create, edit, delete (not built-in ones).
 * The catalogue is shared by every customer, so only the platform changes it (the server refuses anyone else);
 * a customer's administrator sees it read-only, with the reason.
 */
export function PermissionPage() {
  const { t } = useTranslation(NS);
  const { roles } = useUserStore(useShallow((s) => ({ roles: s.roles })));
  const platform = holdsPlatformScope(roles);
  const { paging, setPaging, toFirstPage } = usePaging();
  const [keyword, search] = useKeyword(toFirstPage);
  const query = usePermissionPage({ keyword }, paging);
  const tableProps = usePagedTableProps(query, paging, setPaging);
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
      { title: t('common.updatedAt'), dataIndex: 'updatedAt', className: 'sa-nowrap', render: (v: string) => formatDateTime(v) },
      ...(platform
        ? [
            {
              title: t('common.actions'),
              key: 'actions',
              fixed: 'right' as const,
              render: (_: unknown, row: PermissionRow) => {
                const del = <DeleteLink disabled={row.builtin} onClick={() => confirmDelete(row.code, () => remove.mutateAsync(row.id))} />;
                return (
                  <Space size={0}>
                    <EditLink onClick={() => setEditor({ record: row })} />
                    {row.builtin ? <Tooltip title={t('permission.builtinNoDelete')}>{del}</Tooltip> : del}
                  </Space>
                );
              },
            },
          ]
        : []),
    ],
    [t, platform, confirmDelete, remove],
  );

  return (
    <AdminPage
      id="permission-page"
      titleKey="sysPermission"
      toolbar={
        <>
          <KeywordSearch id="permission-search" placeholder={t('permission.searchPlaceholder')} width={320} onSearch={search} />
          <ToolbarSpacer />
          {platform ? <CreateButton id="permission-create" onClick={() => setEditor({ record: null })} /> : null}
        </>
      }
    >
      {platform ? null : (
        <Alert id="permission-read-only" type="info" showIcon className="sa-notice" title={t('permission.platformOnly')} />
      )}
      <Table<PermissionRow> id="permission-table" size="middle" columns={columns} {...tableProps} />
      {editor && platform ? <PermissionFormModal record={editor.record} onClose={() => setEditor(null)} /> : null}
    </AdminPage>
  );
}
