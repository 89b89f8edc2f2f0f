import type { UserRow } from '@agromet/contracts';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { ListPageView } from '../../../components/admin-list/ListPageView';
import { useEditor, useListPage } from '../../../components/admin-list/use-list-page';
import { DEFAULT_PAGE_SIZE } from '../../../lib/list-query';
import { useUserStore } from '../../../stores/user';
import { useCustomerOptions } from '../api/customers';
import { createAction } from '../components/list-actions';
import { NS } from '../i18n';
import '../system-admin.css';
import { ResetPasswordModal } from './ResetPasswordModal';
import { useUserColumns } from './UserColumns';
import { useUserFilterFields, useUserRows, type UserListFilters } from './UserFilters';
import { UserFormModal } from './UserFormModal';

/** /system-admin/sys-user: users with search, customer and role filters and paging; create, edit, enable, reset password, delete. */
export function UserPage() {
  const { t } = useTranslation(NS);
  const { selfId, ownCustomerId } = useUserStore(useShallow((s) => ({ selfId: s.id, ownCustomerId: s.customerId })));
  const list = useListPage<UserRow, UserListFilters, ReturnType<typeof useUserRows>>({
    filters: useUserFilterFields(),
    pageSize: DEFAULT_PAGE_SIZE,
    useRows: useUserRows,
  });
  const customers = useCustomerOptions();
  const editor = useEditor<UserRow>();
  const resetting = useEditor<UserRow>();
  const columns = useUserColumns(selfId, editor.open, resetting.open);

  return (
    <ListPageView
      id="user-page"
      titleKey="sysUser"
      className="sa-page"
      list={list}
      actions={[createAction(t, 'user-create', () => editor.open(null))]}
      table={{ id: 'user-table', size: 'middle', fitted: true, columns }}
    >
      {editor.editing ? (
        <UserFormModal
          record={editor.editing.record}
          selfId={selfId}
          defaultCustomerId={ownCustomerId ?? customers.data?.[0]?.id}
          onClose={editor.close}
        />
      ) : null}
      {resetting.editing?.record ? <ResetPasswordModal record={resetting.editing.record} onClose={resetting.close} /> : null}
    </ListPageView>
  );
}
