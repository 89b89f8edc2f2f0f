import type { Customer } from '@agromet/contracts';
import { Space, Table, Tag } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { actionColumn, contentColumn, ellipsisColumn, type FitColumn } from '../../../components/admin-list/table-columns';
import { useFittedTable } from '../../../components/admin-list/use-fitted-table';
import { KeywordSearch, ToolbarSpacer } from '../../../components/admin-list/ListToolbar';
import { useConfirmDelete } from '../../../components/admin-list/use-confirm-delete';
import { useKeyword, usePagedTableProps, usePaging } from '../../../components/admin-list/use-paged-table';
import { useUserStore } from '../../../stores/user';
import { useCustomerPage, useDeleteCustomer } from '../api/customers';
import { CreateButton, DeleteLink, EditLink, EntitlementsLink } from '../components/ActionButtons';
import { AdminPage } from '../components/AdminPage';
import { NS } from '../i18n';
import { formatCentre } from '../utils/format';
import { CustomerFormModal } from './CustomerFormModal';
import { EntitlementsModal } from './EntitlementsModal';
import { isPlatformUser } from './customer-values';

/** /system-admin/customer: customers with search and paging; create, edit (branding), delete. */
export function CustomerPage() {
  const { t } = useTranslation(NS);
  const { roles } = useUserStore(useShallow((s) => ({ roles: s.roles })));
  const platform = isPlatformUser(roles);
  const { paging, setPaging, toFirstPage } = usePaging();
  const [keyword, search] = useKeyword(toFirstPage);
  const query = useCustomerPage({ keyword }, paging);
  const tableProps = usePagedTableProps(query, paging, setPaging);
  const [editor, setEditor] = useState<{ record: Customer | null } | null>(null);
  const [entitlements, setEntitlements] = useState<Customer | null>(null);
  const remove = useDeleteCustomer();
  const confirmDelete = useConfirmDelete();

  // Each column as wide as its content on the page; names, system names and addresses share the rest.
  const entitlementsText = useCallback(
    (row: Customer) => (row.platform ? t('customer.entitlementsAll') : t('customer.entitlementsCount', { count: row.entitlements.length })),
    [t],
  );
  const columns = useMemo<FitColumn<Customer>[]>(
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
      actionColumn<Customer>(t('common.actions'), platform ? 3 : 1, (row) => (
        <Space size={0}>
          <EditLink onClick={() => setEditor({ record: row })} />
          {platform && !row.platform ? <EntitlementsLink data-customer={row.id} onClick={() => setEntitlements(row)} /> : null}
          {platform ? <DeleteLink onClick={() => confirmDelete(row.name, () => remove.mutateAsync(row.id))} /> : null}
        </Space>
      )),
    ],
    [t, platform, confirmDelete, remove, entitlementsText],
  );

  const fitted = useFittedTable(columns, tableProps.dataSource);

  return (
    <AdminPage
      id="customer-page"
      titleKey="customer"
      toolbar={
        <>
          <KeywordSearch id="customer-search" placeholder={t('customer.searchPlaceholder')} width={360} onSearch={search} />
          <ToolbarSpacer />
          {platform ? <CreateButton id="customer-create" onClick={() => setEditor({ record: null })} /> : null}
        </>
      }
    >
      <Table<Customer> id="customer-table" size="middle" {...tableProps} {...fitted} />
      {editor ? <CustomerFormModal record={editor.record} onClose={() => setEditor(null)} /> : null}
      {entitlements ? <EntitlementsModal record={entitlements} onClose={() => setEntitlements(null)} /> : null}
    </AdminPage>
  );
}
