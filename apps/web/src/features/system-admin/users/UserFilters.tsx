import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../../components/admin-list/ListToolbar';
import type { FilterField } from '../../../components/admin-list/use-list-page';
import type { Paging } from '../../../lib/list-query';
import { useCustomerOptions } from '../api/customers';
import { useRoleOptions } from '../api/roles';
import { useUserPage } from '../api/users';
import { idFilter, idOptions } from '../components/id-filter';
import { NS } from '../i18n';

/** The filters of the users page as the address keeps them (ids as text). */
export type UserListFilters = { keyword?: string; customerId?: string; roleId?: string };

/** The users of one page for those filters. */
export function useUserRows(filters: UserListFilters, paging: Paging) {
  return useUserPage({ keyword: filters.keyword, customerId: idFilter(filters.customerId), roleId: idFilter(filters.roleId) }, paging);
}

/** The customer filter: choosing another customer drops the role filter (roles belong to a customer). */
function CustomerFilter({ value, filter }: { value: string | undefined; filter: (change: Partial<UserListFilters>) => void }) {
  const { t } = useTranslation(NS);
  const customers = useCustomerOptions();
  return (
    <FilterSelect<string>
      id="user-customer-filter"
      label={t('user.customerFilter')}
      width={220}
      value={value}
      loading={customers.isPending}
      options={idOptions(customers.data, (c) => c.name)}
      onChange={(customerId) => filter({ customerId, roleId: undefined })}
    />
  );
}

/** The role filter: the roles of the chosen customer, or of every customer named with theirs. */
function RoleFilter({
  customerId,
  value,
  onChange,
}: {
  customerId: number | undefined;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const { t } = useTranslation(NS);
  const customers = useCustomerOptions();
  const roles = useRoleOptions(customerId);
  const options = useMemo(() => {
    // Several customers: role names repeat across them, so name the customer too.
    const names = new Map((customers.data ?? []).map((c) => [c.id, c.name]));
    const many = names.size > 1 && customerId === undefined;
    return idOptions(roles.data, (r) => (many ? `${r.name} · ${names.get(r.customerId) ?? r.customerId}` : r.name));
  }, [roles.data, customers.data, customerId]);
  return (
    <FilterSelect<string>
      id="user-role-filter"
      label={t('user.roleFilter')}
      width={200}
      value={value}
      loading={roles.isPending}
      options={options}
      onChange={onChange}
    />
  );
}

/** The users page's toolbar filters: keyword, customer and role (the ids any text: the choices come later). */
export function useUserFilterFields(): FilterField<UserListFilters>[] {
  const { t } = useTranslation(NS);
  return useMemo<FilterField<UserListFilters>[]>(
    () => [
      { kind: 'keyword', key: 'keyword', id: 'user-search', placeholder: t('user.searchPlaceholder'), width: 320 },
      { kind: 'custom', key: 'customerId', render: (value, _onChange, filter) => <CustomerFilter value={value} filter={filter} /> },
      {
        kind: 'custom',
        key: 'roleId',
        render: (value, onChange, _filter, filters) => (
          <RoleFilter customerId={idFilter(filters.customerId)} value={value} onChange={onChange} />
        ),
      },
    ],
    [t],
  );
}
