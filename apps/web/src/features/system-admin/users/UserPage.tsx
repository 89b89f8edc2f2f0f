import { DeleteOutlined, EditOutlined, KeyOutlined, PlusOutlined } from '@ant-design/icons';
import type { UserRow } from '@agromet/contracts';
import { App, Button, Input, Select, Space, Switch, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { useUserStore } from '../../../stores/user';
import { useCustomerOptions } from '../api/customers';
import { useRoleOptions } from '../api/roles';
import { useDeleteUser, useEnableUser, useUserPage } from '../api/users';
import { AdminPage } from '../components/AdminPage';
import { useConfirmDelete } from '../components/use-confirm-delete';
import { usePaging, useTablePagination } from '../components/use-table-paging';
import { NS } from '../i18n';
import { formatDateTime } from '../utils/format';
import { ResetPasswordModal } from './ResetPasswordModal';
import { UserFormModal } from './UserFormModal';

/** /system-admin/sys-user: users with search, customer and role filters and paging; create, edit, enable, reset password, delete. */
export function UserPage() {
  const { t } = useTranslation(NS);
  const { message } = App.useApp();
  const { selfId, ownCustomerId } = useUserStore(useShallow((s) => ({ selfId: s.id, ownCustomerId: s.customerId })));
  const [keyword, setKeyword] = useState('');
  const [customerId, setCustomerId] = useState<number | undefined>();
  const [roleId, setRoleId] = useState<number | undefined>();
  const { paging, setPaging, toFirstPage } = usePaging();
  const query = useUserPage({ keyword, customerId, roleId }, paging);
  const pagination = useTablePagination(paging, setPaging, query.data);
  const customers = useCustomerOptions();
  const roles = useRoleOptions(customerId);
  const [editor, setEditor] = useState<{ record: UserRow | null } | null>(null);
  const [resetting, setResetting] = useState<UserRow | null>(null);
  const enable = useEnableUser();
  const remove = useDeleteUser();
  const confirmDelete = useConfirmDelete();

  const defaultCustomerId = ownCustomerId ?? customers.data?.[0]?.id;
  const roleFilterOptions = useMemo(() => {
    // Several customers: role names repeat across them, so name the customer too.
    const names = new Map((customers.data ?? []).map((c) => [c.id, c.name]));
    const many = names.size > 1 && customerId === undefined;
    return (roles.data ?? []).map((r) => ({ value: r.id, label: many ? `${r.name} · ${names.get(r.customerId) ?? r.customerId}` : r.name }));
  }, [roles.data, customers.data, customerId]);

  const columns = useMemo<TableColumnsType<UserRow>>(
    () => [
      { title: t('user.username'), dataIndex: 'username' },
      { title: t('user.name'), dataIndex: 'name' },
      { title: t('user.mobile'), dataIndex: 'mobile' },
      { title: t('user.email'), dataIndex: 'email', ellipsis: true },
      { title: t('user.customer'), dataIndex: 'customer' },
      {
        title: t('user.roles'),
        dataIndex: 'roles',
        render: (list: UserRow['roles']) => (
          <Space size={[0, 4]} wrap>
            {list.map((r) => (
              <Tag key={r.id}>{r.name}</Tag>
            ))}
          </Space>
        ),
      },
      {
        title: t('user.enabled'),
        dataIndex: 'enabled',
        width: 80,
        render: (enabled: boolean, row) => {
          const self = row.id === selfId;
          const control = (
            <Switch
              checked={enabled}
              disabled={self}
              loading={enable.isPending && enable.variables?.id === row.id}
              aria-label={t('user.enableSwitch', { name: row.username })}
              onChange={(checked) =>
                enable.mutate(
                  { id: row.id, version: row.version, enabled: checked },
                  {
                    onSuccess: () =>
                      void message.success(t(checked ? 'user.enabledDone' : 'user.disabledDone', { name: row.name || row.username })),
                  },
                )
              }
            />
          );
          return self ? <Tooltip title={t('user.self')}>{control}</Tooltip> : control;
        },
      },
      { title: t('common.createdAt'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
      {
        title: t('common.actions'),
        key: 'actions',
        fixed: 'right',
        render: (_, row) => (
          <Space size={0}>
            <Button type="link" icon={<EditOutlined aria-hidden />} onClick={() => setEditor({ record: row })}>
              {t('common.edit')}
            </Button>
            <Button type="link" icon={<KeyOutlined aria-hidden />} onClick={() => setResetting(row)}>
              {t('user.resetPassword')}
            </Button>
            <Button
              type="link"
              danger
              disabled={row.id === selfId}
              icon={<DeleteOutlined aria-hidden />}
              onClick={() => confirmDelete(row.username, () => remove.mutateAsync(row.id))}
            >
              {t('common.delete')}
            </Button>
          </Space>
        ),
      },
    ],
    [t, selfId, enable, message, confirmDelete, remove],
  );

  return (
    <AdminPage
      id="user-page"
      titleKey="sysUser"
      toolbar={
        <>
          <Input.Search
            id="user-search"
            aria-label={t('common.search')}
            placeholder={t('user.searchPlaceholder')}
            allowClear
            enterButton={t('common.search')}
            maxLength={64}
            style={{ width: 320 }}
            onSearch={(value) => {
              setKeyword(value.trim());
              toFirstPage();
            }}
          />
          <Select<number>
            id="user-customer-filter"
            aria-label={t('user.customerFilter')}
            placeholder={t('user.customerFilter')}
            allowClear
            style={{ width: 220 }}
            value={customerId}
            loading={customers.isPending}
            options={(customers.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            showSearch={{ optionFilterProp: 'label' }}
            onChange={(value) => {
              setCustomerId(value ?? undefined);
              setRoleId(undefined);
              toFirstPage();
            }}
          />
          <Select<number>
            id="user-role-filter"
            aria-label={t('user.roleFilter')}
            placeholder={t('user.roleFilter')}
            allowClear
            style={{ width: 200 }}
            value={roleId}
            loading={roles.isPending}
            options={roleFilterOptions}
            showSearch={{ optionFilterProp: 'label' }}
            onChange={(value) => {
              setRoleId(value ?? undefined);
              toFirstPage();
            }}
          />
          <span className="sa-toolbar-spacer" />
          <Button id="user-create" type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditor({ record: null })}>
            {t('common.create')}
          </Button>
        </>
      }
    >
      <Table<UserRow>
        id="user-table"
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={query.data?.list ?? []}
        loading={query.isFetching}
        pagination={pagination}
        scroll={{ x: 'max-content' }}
      />
      {editor ? (
        <UserFormModal record={editor.record} selfId={selfId} defaultCustomerId={defaultCustomerId} onClose={() => setEditor(null)} />
      ) : null}
      {resetting ? <ResetPasswordModal record={resetting} onClose={() => setResetting(null)} /> : null}
    </AdminPage>
  );
}
