import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { Customer } from '@agromet/contracts';
import { Button, Input, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { useUserStore } from '../../../stores/user';
import { useCustomerPage, useDeleteCustomer } from '../api/customers';
import { AdminPage } from '../components/AdminPage';
import { useConfirmDelete } from '../components/use-confirm-delete';
import { usePaging, useTablePagination } from '../components/use-table-paging';
import { NS } from '../i18n';
import { formatCentre } from '../utils/format';
import { CustomerFormModal } from './CustomerFormModal';
import { isPlatformUser } from './customer-values';

/** /system-admin/customer: customers with search and paging; create, edit (branding), delete. */
export function CustomerPage() {
  const { t } = useTranslation(NS);
  const { roles } = useUserStore(useShallow((s) => ({ roles: s.roles })));
  const platform = isPlatformUser(roles);
  const [keyword, setKeyword] = useState('');
  const { paging, setPaging, toFirstPage } = usePaging();
  const query = useCustomerPage({ keyword }, paging);
  const data = query.data;
  const pagination = useTablePagination(paging, setPaging, data);
  const [editor, setEditor] = useState<{ record: Customer | null } | null>(null);
  const remove = useDeleteCustomer();
  const confirmDelete = useConfirmDelete();

  const columns = useMemo<TableColumnsType<Customer>>(
    () => [
      {
        title: t('customer.logo'),
        dataIndex: 'logo',
        width: 64,
        render: (logo: string) => (logo ? <img className="sa-logo-thumb" src={logo} alt="" /> : null),
      },
      {
        title: t('customer.name'),
        dataIndex: 'name',
        render: (name: string, row) => (
          <Space size={4}>
            <span>{name}</span>
            {row.platform ? <Tag color="blue">{t('customer.platform')}</Tag> : null}
          </Space>
        ),
      },
      { title: t('customer.sysName'), dataIndex: 'sysName' },
      { title: t('customer.tel'), dataIndex: 'tel' },
      { title: t('customer.address'), dataIndex: 'address', ellipsis: true },
      { title: t('customer.centre'), key: 'centre', render: (_, row) => formatCentre(row.centerLat, row.centerLon) },
      { title: t('customer.zoom'), dataIndex: 'zoom', width: 90 },
      { title: t('customer.userCount'), dataIndex: 'userCount', width: 90 },
      {
        title: t('common.actions'),
        key: 'actions',
        fixed: 'right',
        render: (_, row) => (
          <Space size={0}>
            <Button type="link" icon={<EditOutlined aria-hidden />} onClick={() => setEditor({ record: row })}>
              {t('common.edit')}
            </Button>
            {platform ? (
              <Button
                type="link"
                danger
                icon={<DeleteOutlined aria-hidden />}
                onClick={() => confirmDelete(row.name, () => remove.mutateAsync(row.id))}
              >
                {t('common.delete')}
              </Button>
            ) : null}
          </Space>
        ),
      },
    ],
    [t, platform, confirmDelete, remove],
  );

  return (
    <AdminPage
      id="customer-page"
      titleKey="customer"
      toolbar={
        <>
          <Input.Search
            id="customer-search"
            aria-label={t('common.search')}
            placeholder={t('customer.searchPlaceholder')}
            allowClear
            enterButton={t('common.search')}
            maxLength={64}
            style={{ width: 360 }}
            onSearch={(value) => {
              setKeyword(value.trim());
              toFirstPage();
            }}
          />
          <span className="sa-toolbar-spacer" />
          {platform ? (
            <Button id="customer-create" type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditor({ record: null })}>
              {t('common.create')}
            </Button>
          ) : null}
        </>
      }
    >
      <Table<Customer>
        id="customer-table"
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={data?.list ?? []}
        loading={query.isFetching}
        pagination={pagination}
        scroll={{ x: 'max-content' }}
      />
      {editor ? <CustomerFormModal record={editor.record} onClose={() => setEditor(null)} /> : null}
    </AdminPage>
  );
}
