import type { PermissionRow } from '@agromet/contracts';
import { holdsPlatformScope } from '@agromet/contracts/web';
import { Alert, Space, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { actionColumn, contentColumn, ellipsisColumn, timeColumn, type FitColumn } from '../../../components/admin-list/table-columns';
import { useFittedTable } from '../../../components/admin-list/use-fitted-table';
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

  // Each column as wide as its content on the page; codes, names and descriptions share the rest.
  const columns = useMemo<FitColumn<PermissionRow>[]>(
    () => [
      ellipsisColumn<PermissionRow>({
        title: t('permission.code'),
        dataIndex: 'code',
        width: 200,
        render: (code: string) => <Typography.Text code>{code}</Typography.Text>,
        // The code's own box (padding and border) around the text.
        fit: { kind: 'free', cell: (row) => ({ text: row.code, px: 12 }) },
      }),
      ellipsisColumn<PermissionRow>({ title: t('permission.name'), dataIndex: 'name', width: 140 }),
      ellipsisColumn<PermissionRow>({ title: t('permission.description'), dataIndex: 'description', width: 160 }),
      contentColumn<PermissionRow>(
        {
          title: t('permission.kind'),
          dataIndex: 'builtin',
          render: (builtin: boolean) => (builtin ? <Tag color="gold">{t('permission.builtin')}</Tag> : <Tag>{t('permission.custom')}</Tag>),
        },
        (row) => ({ tags: [row.builtin ? t('permission.builtin') : t('permission.custom')] }),
      ),
      contentColumn<PermissionRow>({ title: t('permission.roleCount'), dataIndex: 'roleCount' }),
      timeColumn<PermissionRow>({ title: t('common.updatedAt'), dataIndex: 'updatedAt', render: (v: string) => formatDateTime(v) }),
      ...(platform
        ? [
            actionColumn<PermissionRow>(t('common.actions'), 2, (row) => (
              <Space size={0}>
                <EditLink onClick={() => setEditor({ record: row })} />
                <DeleteLink
                  disabled={row.builtin}
                  tip={row.builtin ? t('permission.builtinNoDelete') : undefined}
                  onClick={() => confirmDelete(row.code, () => remove.mutateAsync(row.id))}
                />
              </Space>
            )),
          ]
        : []),
    ],
    [t, platform, confirmDelete, remove],
  );

  const fitted = useFittedTable(columns, tableProps.dataSource);

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
      <Table<PermissionRow> id="permission-table" size="middle" {...tableProps} {...fitted} />
      {editor && platform ? <PermissionFormModal record={editor.record} onClose={() => setEditor(null)} /> : null}
    </AdminPage>
  );
}
