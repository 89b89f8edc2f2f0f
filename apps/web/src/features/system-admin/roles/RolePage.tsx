import type { RoleRow } from '@agromet/contracts';
import { Tag, Tooltip } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPageView } from '../../../components/admin-list/ListPageView';
import { FilterSelect } from '../../../components/admin-list/ListToolbar';
import { contentColumn, ellipsisColumn, timeColumn, type FitColumn } from '../../../components/admin-list/table-columns';
import { useConfirmDelete } from '../../../components/admin-list/use-confirm-delete';
import { useEditor, useListPage, type FilterField } from '../../../components/admin-list/use-list-page';
import { DEFAULT_PAGE_SIZE, type Paging } from '../../../lib/list-query';
import { useCustomerOptions } from '../api/customers';
import { useDeleteRole, useRolePage } from '../api/roles';
import { idFilter, idOptions } from '../components/id-filter';
import { actionsColumn, createAction, deleteAction, editAction } from '../components/list-actions';
import { NS, permissionNameKey } from '../i18n';
import '../system-admin.css';
import { formatDateTime } from '../utils/format';
import { RoleDrawer } from './RoleDrawer';

/** The filters of the roles page as the address keeps them. */
type RoleListFilters = { keyword?: string; customerId?: string };

function useRoleRows(filters: RoleListFilters, paging: Paging) {
  return useRolePage({ keyword: filters.keyword, customerId: idFilter(filters.customerId) }, paging);
}

/** The roles table's columns (the customer's only when there are several). */
function useRoleColumns(manyCustomers: boolean, edit: (row: RoleRow) => void): FitColumn<RoleRow>[] {
  const { t } = useTranslation(NS);
  const remove = useDeleteRole();
  const confirmDelete = useConfirmDelete();
  const askDelete = useCallback((row: RoleRow) => confirmDelete(row.name, () => remove.mutateAsync(row.id)), [confirmDelete, remove]);
  // Each column as wide as its content on the page; names, descriptions and customers share the rest.
  return useMemo<FitColumn<RoleRow>[]>(
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
      actionsColumn<RoleRow>(t, [editAction(t, (row) => row.name, edit), deleteAction(t, (row) => row.name, askDelete)]),
    ],
    [t, manyCustomers, edit, askDelete],
  );
}

/** /system-admin/sys-role: roles with search, a customer filter (when there are several) and paging; create, edit (authorisation tree), delete. */
export function RolePage() {
  const { t } = useTranslation(NS);
  const customers = useCustomerOptions();
  const manyCustomers = (customers.data?.length ?? 0) > 1;
  const fields = useMemo<FilterField<RoleListFilters>[]>(
    () => [
      { kind: 'keyword', key: 'keyword', id: 'role-search', placeholder: t('role.searchPlaceholder'), width: 320 },
      {
        kind: 'custom',
        key: 'customerId',
        // Kept in the address even before the customers are known; shown once there are several.
        render: (value, onChange) =>
          manyCustomers ? (
            <FilterSelect<string>
              id="role-customer-filter"
              label={t('role.customerFilter')}
              width={220}
              value={value}
              options={idOptions(customers.data, (c) => c.name)}
              onChange={onChange}
            />
          ) : null,
      },
    ],
    [t, manyCustomers, customers.data],
  );
  const list = useListPage<RoleRow, RoleListFilters, ReturnType<typeof useRoleRows>>({
    filters: fields,
    pageSize: DEFAULT_PAGE_SIZE,
    useRows: useRoleRows,
  });
  const editor = useEditor<RoleRow>();
  const columns = useRoleColumns(manyCustomers, editor.open);

  return (
    <ListPageView
      id="role-page"
      titleKey="sysRole"
      className="sa-page"
      list={list}
      actions={[createAction(t, 'role-create', () => editor.open(null))]}
      table={{ id: 'role-table', size: 'middle', fitted: true, columns }}
    >
      {editor.editing ? <RoleDrawer record={editor.editing.record} onClose={editor.close} /> : null}
    </ListPageView>
  );
}
