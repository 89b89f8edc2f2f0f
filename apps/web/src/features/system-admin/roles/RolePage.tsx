import type { RoleRow } from '@agromet/contracts';
import { Space, Table, Tag, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionColumn, contentColumn, ellipsisColumn, timeColumn, type FitColumn } from '../../../components/admin-list/table-columns';
import { useFittedTable } from '../../../components/admin-list/use-fitted-table';
import { FilterSelect, KeywordSearch, ToolbarSpacer } from '../../../components/admin-list/ListToolbar';
import { useConfirmDelete } from '../../../components/admin-list/use-confirm-delete';
import { useKeyword, usePagedTableProps, usePaging } from '../../../components/admin-list/use-paged-table';
import { useCustomerOptions } from '../api/customers';
import { useDeleteRole, useRolePage } from '../api/roles';
import { CreateButton, DeleteLink, EditLink } from '../components/ActionButtons';
import { AdminPage } from '../components/AdminPage';
import { NS, permissionNameKey } from '../i18n';
import { formatDateTime } from '../utils/format';
import { RoleDrawer } from './RoleDrawer';

/** /system-admin/sys-role: roles with search and paging; create, edit (authorisation tree), delete. */
export function RolePage() {
  const { t } = useTranslation(NS);
  const [customerId, setCustomerId] = useState<number | undefined>();
  const { paging, setPaging, toFirstPage } = usePaging();
  const [keyword, search] = useKeyword(toFirstPage);
  const query = useRolePage({ keyword, customerId }, paging);
  const tableProps = usePagedTableProps(query, paging, setPaging);
  const customers = useCustomerOptions();
  const [editor, setEditor] = useState<{ record: RoleRow | null } | null>(null);
  const remove = useDeleteRole();
  const confirmDelete = useConfirmDelete();
  const manyCustomers = (customers.data?.length ?? 0) > 1;

  // Each column as wide as its content on the page; names, descriptions and customers share the rest.
  const columns = useMemo<FitColumn<RoleRow>[]>(
    () => [
      ellipsisColumn<RoleRow>({ title: t('role.name'), dataIndex: 'name', width: 140 }),
      ellipsisColumn<RoleRow>({ title: t('role.description'), dataIndex: 'description', width: 180 }),
      ...(manyCustomers ? [ellipsisColumn<RoleRow>({ title: t('role.customer'), dataIndex: 'customer', width: 160 })] : []),
      contentColumn<RoleRow>(
        {
          title: t('role.permissions'),
          dataIndex: 'permissions',
          render: (codes: string[]) => (
            <Tooltip
              title={codes.length ? codes.map((c) => `${t(permissionNameKey(c), { defaultValue: c })} (${c})`).join('\n') : undefined}
              styles={{ root: { whiteSpace: 'pre-line' } }}
            >
              <Tag>{t('role.permissionCount', { count: codes.length })}</Tag>
            </Tooltip>
          ),
        },
        (row) => ({ tags: [t('role.permissionCount', { count: row.permissions.length })] }),
      ),
      contentColumn<RoleRow>({ title: t('role.userCount'), dataIndex: 'userCount' }),
      timeColumn<RoleRow>({ title: t('common.updatedAt'), dataIndex: 'updatedAt', render: (v: string) => formatDateTime(v) }),
      actionColumn<RoleRow>(t('common.actions'), 2, (row) => (
        <Space size={0}>
          <EditLink onClick={() => setEditor({ record: row })} />
          <DeleteLink onClick={() => confirmDelete(row.name, () => remove.mutateAsync(row.id))} />
        </Space>
      )),
    ],
    [t, manyCustomers, confirmDelete, remove],
  );

  const fitted = useFittedTable(columns, tableProps.dataSource);

  return (
    <AdminPage
      id="role-page"
      titleKey="sysRole"
      toolbar={
        <>
          <KeywordSearch id="role-search" placeholder={t('role.searchPlaceholder')} width={320} onSearch={search} />
          {manyCustomers ? (
            <FilterSelect<number>
              id="role-customer-filter"
              label={t('role.customerFilter')}
              width={220}
              value={customerId}
              options={(customers.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
              onChange={(value) => {
                setCustomerId(value);
                toFirstPage();
              }}
            />
          ) : null}
          <ToolbarSpacer />
          <CreateButton id="role-create" onClick={() => setEditor({ record: null })} />
        </>
      }
    >
      <Table<RoleRow> id="role-table" size="middle" {...tableProps} {...fitted} />
      {editor ? <RoleDrawer record={editor.record} onClose={() => setEditor(null)} /> : null}
    </AdminPage>
  );
}
