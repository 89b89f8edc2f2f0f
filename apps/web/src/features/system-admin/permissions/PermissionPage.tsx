import type { PermissionRow } from '@agromet/contracts';
import { holdsPlatformScope } from '@agromet/contracts/web';
import { Alert, Tag, Typography } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { ListPageView } from '../../../components/admin-list/ListPageView';
import { contentColumn, ellipsisColumn, timeColumn, type FitColumn } from '../../../components/admin-list/table-columns';
import { useConfirmDelete } from '../../../components/admin-list/use-confirm-delete';
import { useEditor, useListPage, type FilterField } from '../../../components/admin-list/use-list-page';
import { DEFAULT_PAGE_SIZE } from '../../../lib/list-query';
import { useUserStore } from '../../../stores/user';
import { useDeletePermission, usePermissionPage, type PermissionFilters } from '../api/permissions';
import { actionsColumn, createAction, deleteAction, editAction } from '../components/list-actions';
import { NS } from '../i18n';
import '../system-admin.css';
import { formatDateTime } from '../utils/format';
import { PermissionFormModal } from './PermissionFormModal';

/** The permissions table's columns; the platform also edits and deletes (not built-in codes). */
function usePermissionColumns(platform: boolean, edit: (row: PermissionRow) => void): FitColumn<PermissionRow>[] {
  const { t } = useTranslation(NS);
  const remove = useDeletePermission();
  const confirmDelete = useConfirmDelete();
  const askDelete = useCallback((row: PermissionRow) => confirmDelete(row.code, () => remove.mutateAsync(row.id)), [confirmDelete, remove]);
  // Each column as wide as its content on the page; codes, names and descriptions share the rest.
  return useMemo<FitColumn<PermissionRow>[]>(
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
            actionsColumn<PermissionRow>(t, [
              editAction(t, (row) => row.code, edit),
              deleteAction(
                t,
                (row) => row.code,
                askDelete,
                (row) => row.builtin,
                t('permission.builtinNoDelete'),
              ),
            ]),
          ]
        : []),
    ],
    [t, platform, edit, askDelete],
  );
}

/**
 * /system-admin/sys-permission: permission codes with search and paging; create, edit, delete (not built-in ones).
 * The catalogue is shared by every customer, so only the platform changes it (the server refuses anyone else);
 * a customer's administrator sees it read-only, with the reason.
 */
export function PermissionPage() {
  const { t } = useTranslation(NS);
  const { roles } = useUserStore(useShallow((s) => ({ roles: s.roles })));
  const platform = holdsPlatformScope(roles);
  const fields = useMemo<FilterField<PermissionFilters>[]>(
    () => [{ kind: 'keyword', key: 'keyword', id: 'permission-search', placeholder: t('permission.searchPlaceholder'), width: 320 }],
    [t],
  );
  const list = useListPage<PermissionRow, PermissionFilters, ReturnType<typeof usePermissionPage>>({
    filters: fields,
    pageSize: DEFAULT_PAGE_SIZE,
    useRows: usePermissionPage,
  });
  const editor = useEditor<PermissionRow>();
  const columns = usePermissionColumns(platform, editor.open);

  return (
    <ListPageView
      id="permission-page"
      titleKey="sysPermission"
      className="sa-page"
      list={list}
      actions={platform ? [createAction(t, 'permission-create', () => editor.open(null))] : []}
      above={
        platform ? null : (
          <Alert id="permission-read-only" type="info" showIcon className="sa-notice" title={t('permission.platformOnly')} />
        )
      }
      table={{ id: 'permission-table', size: 'middle', fitted: true, columns }}
    >
      {editor.editing && platform ? <PermissionFormModal record={editor.editing.record} onClose={editor.close} /> : null}
    </ListPageView>
  );
}
