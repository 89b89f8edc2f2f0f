import { KeyOutlined } from '@ant-design/icons';
import type { UserRow } from '@agromet/contracts';
import { Space, Switch, Table, Tag, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import {
  actionColumn,
  contentColumn,
  ellipsisColumn,
  RowAction,
  timeColumn,
  type FitColumn,
} from '../../../components/admin-list/table-columns';
import { useFittedTable } from '../../../components/admin-list/use-fitted-table';
import { FilterSelect, KeywordSearch, ToolbarSpacer } from '../../../components/admin-list/ListToolbar';
import { useConfirmDelete } from '../../../components/admin-list/use-confirm-delete';
import { useKeyword, usePagedTableProps, usePaging } from '../../../components/admin-list/use-paged-table';
import { useUserStore } from '../../../stores/user';
import { useCustomerOptions } from '../api/customers';
import { useRoleOptions } from '../api/roles';
import { useDeleteUser, useEnableUser, useUserPage } from '../api/users';
import { CreateButton, DeleteLink, EditLink } from '../components/ActionButtons';
import { AdminPage } from '../components/AdminPage';
import { NS } from '../i18n';
import { formatDateTime } from '../utils/format';
import { ResetPasswordModal } from './ResetPasswordModal';
import { UserFormModal } from './UserFormModal';
import { useFeedback } from '../../../lib/feedback';

/** /system-admin/sys-user: users with search, customer and role filters and paging; create, edit, enable, reset password, delete. */
export function UserPage() {
  const { t } = useTranslation(NS);
  const { message } = useFeedback();
  const { selfId, ownCustomerId } = useUserStore(useShallow((s) => ({ selfId: s.id, ownCustomerId: s.customerId })));
  const [customerId, setCustomerId] = useState<number | undefined>();
  const [roleId, setRoleId] = useState<number | undefined>();
  const { paging, setPaging, toFirstPage } = usePaging();
  const [keyword, search] = useKeyword(toFirstPage);
  const query = useUserPage({ keyword, customerId, roleId }, paging);
  const tableProps = usePagedTableProps(query, paging, setPaging);
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
    return (roles.data ?? []).map((r) => ({
      value: r.id,
      label: many ? `${r.name} · ${names.get(r.customerId) ?? r.customerId}` : r.name,
    }));
  }, [roles.data, customers.data, customerId]);

  // Each column as wide as its content on the page (an empty Mobile column only its header's), names and e-mails the rest.
  const columns = useMemo<FitColumn<UserRow>[]>(
    () => [
      ellipsisColumn<UserRow>({ title: t('user.username'), dataIndex: 'username', width: 110 }),
      ellipsisColumn<UserRow>({ title: t('user.name'), dataIndex: 'name', width: 85 }),
      contentColumn<UserRow>({ title: t('user.mobile'), dataIndex: 'mobile' }),
      ellipsisColumn<UserRow>({ title: t('user.email'), dataIndex: 'email', width: 80 }),
      ellipsisColumn<UserRow>({ title: t('user.customer'), dataIndex: 'customer', width: 105 }),
      ellipsisColumn<UserRow>(
        {
          title: t('user.roles'),
          dataIndex: 'roles',
          width: 70,
          render: (list: UserRow['roles']) => list.map((r) => <Tag key={r.id}>{r.name}</Tag>),
          fit: { kind: 'free', cell: (row) => ({ tags: row.roles.map((r) => r.name) }) },
        },
        (list) => (list as UserRow['roles']).map((r) => r.name).join(', '),
      ),
      {
        title: t('user.enabled'),
        dataIndex: 'enabled',
        width: 80,
        // Its header, or the switch (44 px).
        fit: { kind: 'content', cell: () => ({ px: 44 }) },
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
      timeColumn<UserRow>({ title: t('common.createdAt'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) }),
      actionColumn<UserRow>(t('common.actions'), 3, (row) => (
        <Space size={0}>
          <EditLink onClick={() => setEditor({ record: row })} />
          <RowAction icon={<KeyOutlined aria-hidden />} label={t('user.resetPassword')} onClick={() => setResetting(row)} />
          <DeleteLink disabled={row.id === selfId} onClick={() => confirmDelete(row.username, () => remove.mutateAsync(row.id))} />
        </Space>
      )),
    ],
    [t, selfId, enable, message, confirmDelete, remove],
  );

  const fitted = useFittedTable(columns, tableProps.dataSource);

  return (
    <AdminPage
      id="user-page"
      titleKey="sysUser"
      toolbar={
        <>
          <KeywordSearch id="user-search" placeholder={t('user.searchPlaceholder')} width={320} onSearch={search} />
          <FilterSelect<number>
            id="user-customer-filter"
            label={t('user.customerFilter')}
            width={220}
            value={customerId}
            loading={customers.isPending}
            options={(customers.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            onChange={(value) => {
              setCustomerId(value);
              setRoleId(undefined);
              toFirstPage();
            }}
          />
          <FilterSelect<number>
            id="user-role-filter"
            label={t('user.roleFilter')}
            width={200}
            value={roleId}
            loading={roles.isPending}
            options={roleFilterOptions}
            onChange={(value) => {
              setRoleId(value);
              toFirstPage();
            }}
          />
          <ToolbarSpacer />
          <CreateButton id="user-create" onClick={() => setEditor({ record: null })} />
        </>
      }
    >
      <Table<UserRow> id="user-table" size="middle" {...tableProps} {...fitted} />
      {editor ? (
        <UserFormModal record={editor.record} selfId={selfId} defaultCustomerId={defaultCustomerId} onClose={() => setEditor(null)} />
      ) : null}
      {resetting ? <ResetPasswordModal record={resetting} onClose={() => setResetting(null)} /> : null}
    </AdminPage>
  );
}
