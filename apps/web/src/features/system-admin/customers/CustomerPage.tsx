import type { Customer } from '@agromet/contracts';
import { Tag } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { ListPageView } from '../../../components/admin-list/ListPageView';
import type { RowActionSpec } from '../../../components/admin-list/row-actions';
import { contentColumn, ellipsisColumn, type FitColumn } from '../../../components/admin-list/table-columns';
import { useConfirmDelete } from '../../../components/admin-list/use-confirm-delete';
import { useEditor, useListPage, type FilterField } from '../../../components/admin-list/use-list-page';
import { DEFAULT_PAGE_SIZE } from '../../../lib/list-query';
import { useUserStore } from '../../../stores/user';
import { useCustomerPage, useDeleteCustomer, type CustomerFilters } from '../api/customers';
import { actionsColumn, createAction, deleteAction, editAction, entitlementsAction } from '../components/list-actions';
import { NS } from '../i18n';
import '../system-admin.css';
import { formatCentre } from '../utils/format';
import { CustomerFormModal } from './CustomerFormModal';
import { EntitlementsModal } from './EntitlementsModal';
import { isPlatformUser } from './customer-values';

/** A customer's row actions: edit; the platform also edits what others bought and deletes. */
function useCustomerActions(platform: boolean, edit: (row: Customer) => void, entitlements: (row: Customer) => void) {
  const { t } = useTranslation(NS);
  const remove = useDeleteCustomer();
  const confirmDelete = useConfirmDelete();
  return useMemo<RowActionSpec<Customer>[]>(() => {
    const name = (row: Customer) => row.name;
    if (!platform) return [editAction(t, name, edit)];
    return [
      editAction(t, name, edit),
      { ...entitlementsAction(t, name, entitlements), shown: (row) => !row.platform },
      deleteAction(t, name, (row) => confirmDelete(row.name, () => remove.mutateAsync(row.id))),
    ];
  }, [t, platform, edit, entitlements, confirmDelete, remove]);
}

/** The customers table's columns: logo, name (the platform's tagged), modules, branding, centre, users and actions. */
function useCustomerColumns(actions: readonly RowActionSpec<Customer>[]): FitColumn<Customer>[] {
  const { t } = useTranslation(NS);
  const entitlementsText = useCallback(
    (row: Customer) => (row.platform ? t('customer.entitlementsAll') : t('customer.entitlementsCount', { count: row.entitlements.length })),
    [t],
  );
  // Each column as wide as its content on the page; names, system names and addresses share the rest.
  return useMemo<FitColumn<Customer>[]>(
    () => [
      {
        title: t('customer.logo'),
        dataIndex: 'logo',
        width: 80,
        // Its header, or the thumbnail (28 px).
        fit: { kind: 'content', cell: () => ({ px: 28 }) },
        render: (logo: string) => (logo ? <img className="sa-logo-thumb" src={logo} alt="" /> : null),
      },
      ellipsisColumn<Customer>({
        title: t('customer.name'),
        dataIndex: 'name',
        width: 150,
        // The name ends in "…" before the platform's tag, which stays whole.
        render: (name: string, row) => (
          <span className="sa-name-with-tag">
            <span className="sa-name-text">{name}</span>
            {row.platform ? (
              <Tag color="blue" className="sa-name-tag">
                {t('customer.platform')}
              </Tag>
            ) : null}
          </span>
        ),
        fit: { kind: 'free', cell: (row) => ({ text: row.name, tags: row.platform ? [t('customer.platform')] : [] }) },
      }),
      // What the platform granted the customer (docs/security.md#entitlements); the platform's own is bounded otherwise.
      contentColumn<Customer>(
        { title: t('customer.entitlements'), key: 'entitlements', render: (_, row) => entitlementsText(row) },
        (row) => entitlementsText(row),
      ),
      ellipsisColumn<Customer>({ title: t('customer.sysName'), dataIndex: 'sysName', width: 110 }),
      contentColumn<Customer>({ title: t('customer.tel'), dataIndex: 'tel' }),
      ellipsisColumn<Customer>({ title: t('customer.address'), dataIndex: 'address', width: 100 }),
      contentColumn<Customer>(
        { title: t('customer.centre'), key: 'centre', render: (_, row) => formatCentre(row.centerLat, row.centerLon) },
        (row) => formatCentre(row.centerLat, row.centerLon),
      ),
      contentColumn<Customer>({ title: t('customer.zoom'), dataIndex: 'zoom' }),
      contentColumn<Customer>({ title: t('customer.userCount'), dataIndex: 'userCount' }),
      actionsColumn<Customer>(t, actions),
    ],
    [t, actions, entitlementsText],
  );
}

/** /system-admin/customer: customers with search and paging; create, edit (branding), modules, delete. */
export function CustomerPage() {
  const { t } = useTranslation(NS);
  const { roles } = useUserStore(useShallow((s) => ({ roles: s.roles })));
  const platform = isPlatformUser(roles);
  const fields = useMemo<FilterField<CustomerFilters>[]>(
    () => [{ kind: 'keyword', key: 'keyword', id: 'customer-search', placeholder: t('customer.searchPlaceholder'), width: 360 }],
    [t],
  );
  const list = useListPage<Customer, CustomerFilters, ReturnType<typeof useCustomerPage>>({
    filters: fields,
    pageSize: DEFAULT_PAGE_SIZE,
    useRows: useCustomerPage,
  });
  const editor = useEditor<Customer>();
  const entitlements = useEditor<Customer>();
  const columns = useCustomerColumns(useCustomerActions(platform, editor.open, entitlements.open));

  return (
    <ListPageView
      id="customer-page"
      titleKey="customer"
      className="sa-page"
      list={list}
      actions={platform ? [createAction(t, 'customer-create', () => editor.open(null))] : []}
      table={{ id: 'customer-table', size: 'middle', fitted: true, columns }}
    >
      {editor.editing ? <CustomerFormModal record={editor.editing.record} onClose={editor.close} /> : null}
      {entitlements.editing?.record ? <EntitlementsModal record={entitlements.editing.record} onClose={entitlements.close} /> : null}
    </ListPageView>
  );
}
