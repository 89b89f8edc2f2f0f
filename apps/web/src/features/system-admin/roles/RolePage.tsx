import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { RoleRow } from '@agromet/contracts';
import { Button, Input, Select, Space, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCustomerOptions } from '../api/customers';
import { useDeleteRole, useRolePage } from '../api/roles';
import { AdminPage } from '../components/AdminPage';
import { useConfirmDelete } from '../components/use-confirm-delete';
import { usePaging, useTablePagination } from '../components/use-table-paging';
import { NS, permissionNameKey } from '../i18n';
import { formatDateTime } from '../utils/format';
import { RoleDrawer } from './RoleDrawer';

/** /system-admin/sys-role: roles with search and paging; create, edit (authorisation tree), delete. */
export function RolePage() {
  const { t } = useTranslation(NS);
  const [keyword, setKeyword] = useState('');
  const [customerId, setCustomerId] = useState<number | undefined>();
  const { paging, setPaging, toFirstPage } = usePaging();
  const query = useRolePage({ keyword, customerId }, paging);
  const pagination = useTablePagination(paging, setPaging, query.data);
  const customers = useCustomerOptions();
  const [editor, setEditor] = useState<{ record: RoleRow | null } | null>(null);
  const remove = useDeleteRole();
  const confirmDelete = useConfirmDelete();
  const manyCustomers = (customers.data?.length ?? 0) > 1;

  const columns = useMemo<TableColumnsType<RoleRow>>(
    () => [
      { title: t('role.name'), dataIndex: 'name' },
      { title: t('role.description'), dataIndex: 'description', ellipsis: true },
      ...(manyCustomers ? [{ title: t('role.customer'), dataIndex: 'customer' }] : []),
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
      { title: t('role.userCount'), dataIndex: 'userCount', width: 90 },
      { title: t('common.updatedAt'), dataIndex: 'updatedAt', render: (v: string) => formatDateTime(v) },
      {
        title: t('common.actions'),
        key: 'actions',
        fixed: 'right',
        render: (_, row) => (
          <Space size={0}>
            <Button type="link" icon={<EditOutlined aria-hidden />} onClick={() => setEditor({ record: row })}>
              {t('common.edit')}
            </Button>
            <Button
              type="link"
              danger
              icon={<DeleteOutlined aria-hidden />}
              onClick={() => confirmDelete(row.name, () => remove.mutateAsync(row.id))}
            >
              {t('common.delete')}
            </Button>
          </Space>
        ),
      },
    ],
    [t, manyCustomers, confirmDelete, remove],
  );

  return (
    <AdminPage
      id="role-page"
      titleKey="sysRole"
      toolbar={
        <>
          <Input.Search
            id="role-search"
            aria-label={t('common.search')}
            placeholder={t('role.searchPlaceholder')}
            allowClear
            enterButton={t('common.search')}
            maxLength={64}
            style={{ width: 320 }}
            onSearch={(value) => {
              setKeyword(value.trim());
              toFirstPage();
            }}
          />
          {manyCustomers ? (
            <Select<number>
              id="role-customer-filter"
              aria-label={t('role.customerFilter')}
              placeholder={t('role.customerFilter')}
              allowClear
              style={{ width: 220 }}
              value={customerId}
              options={(customers.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
              showSearch={{ optionFilterProp: 'label' }}
              onChange={(value) => {
                setCustomerId(value ?? undefined);
                toFirstPage();
              }}
            />
          ) : null}
          <span className="sa-toolbar-spacer" />
          <Button id="role-create" type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditor({ record: null })}>
            {t('common.create')}
          </Button>
        </>
      }
    >
      <Table<RoleRow>
        id="role-table"
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={query.data?.list ?? []}
        loading={query.isFetching}
        pagination={pagination}
        scroll={{ x: 'max-content' }}
      />
      {editor ? <RoleDrawer record={editor.record} onClose={() => setEditor(null)} /> : null}
    </AdminPage>
  );
}
