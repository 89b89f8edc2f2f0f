import type { UserRow } from '@agromet/contracts';
import { Switch, Tag, Tooltip } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { contentColumn, ellipsisColumn, timeColumn, type FitColumn } from '../../../components/admin-list/table-columns';
import { useConfirmDelete } from '../../../components/admin-list/use-confirm-delete';
import { useFeedback } from '../../../lib/feedback';
import { useDeleteUser, useEnableUser } from '../api/users';
import { actionsColumn, deleteAction, editAction, resetPasswordAction } from '../components/list-actions';
import { NS } from '../i18n';
import { formatDateTime } from '../utils/format';

/** A user's enabled switch: said when done; nobody disables themselves. */
function EnableSwitch({ row, self }: { row: UserRow; self: boolean }) {
  const { t } = useTranslation(NS);
  const { message } = useFeedback();
  const enable = useEnableUser();
  const control = (
    <Switch
      checked={row.enabled}
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
}

/** The users table's columns, with the row actions edit, reset password and delete (not oneself). */
export function useUserColumns(selfId: number | null, edit: (row: UserRow) => void, resetPassword: (row: UserRow) => void) {
  const { t } = useTranslation(NS);
  const remove = useDeleteUser();
  const confirmDelete = useConfirmDelete();
  const askDelete = useCallback((row: UserRow) => confirmDelete(row.username, () => remove.mutateAsync(row.id)), [confirmDelete, remove]);
  // Each column as wide as its content on the page (an empty Mobile column only its header's), names and e-mails the rest.
  return useMemo<FitColumn<UserRow>[]>(() => {
    const name = (row: UserRow) => row.username;
    return [
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
        render: (_: boolean, row) => <EnableSwitch row={row} self={row.id === selfId} />,
      },
      timeColumn<UserRow>({ title: t('common.createdAt'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) }),
      actionsColumn<UserRow>(t, [
        editAction(t, name, edit),
        resetPasswordAction(t, name, resetPassword),
        deleteAction(t, name, askDelete, (row) => row.id === selfId),
      ]),
    ];
  }, [t, selfId, edit, resetPassword, askDelete]);
}
