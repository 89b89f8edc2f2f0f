import type { RoleCreate, RoleRow, RoleUpdate } from '@agromet/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { listQuery, MAX_PAGE_SIZE, type Paging } from '../../../lib/list-query';
import { request } from '../../../lib/request';
import { invalidateSystemAdmin, saKeys } from './keys';

export interface RoleFilters {
  keyword?: string;
  customerId?: number;
}

export function useRolePage(filters: RoleFilters, paging: Paging) {
  const query = listQuery({ ...filters }, paging);
  return useQuery({
    queryKey: saKeys.roles(query),
    queryFn: ({ signal }) => request('rolePage', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * What the caller may put in a role of a customer (its own when undefined), each withheld code with its reason
 * (docs/security.md#entitlements).
 */
export function useGrantable(customerId: number | undefined, enabled = true) {
  return useQuery({
    queryKey: saKeys.grantable(customerId),
    queryFn: ({ signal }) => request('roleGrantable', { query: customerId ? { customerId } : {}, signal }),
    enabled,
  });
}

/** Roles of one customer (or of every customer the caller sees), each marked grantable or with the codes withheld. */
export function useRoleOptions(customerId: number | undefined, enabled = true) {
  return useQuery({
    queryKey: saKeys.roleOptions(customerId),
    queryFn: ({ signal }) => request('roleOptions', { query: customerId ? { customerId } : {}, signal }),
    enabled,
  });
}

/** The role as it is now (searched through its customer's pages), without a toast. */
export async function fetchRole(row: Pick<RoleRow, 'id' | 'customerId'>): Promise<RoleRow | null> {
  for (let page = 1; page <= 100; page += 1) {
    const res = await request('rolePage', { query: { customerId: row.customerId, page, size: MAX_PAGE_SIZE }, silent: true });
    const found = res.list.find((r) => r.id === row.id);
    if (found) return found;
    if (page * MAX_PAGE_SIZE >= res.total) break;
  }
  return null;
}

export type RoleSaveInput = { mode: 'create'; body: RoleCreate } | { mode: 'update'; body: RoleUpdate };

export function useSaveRole() {
  return useMutation({
    mutationFn: (input: RoleSaveInput) =>
      input.mode === 'create' ? request('roleAdd', { body: input.body }) : request('roleUpdate', { body: input.body }),
    onSuccess: () => invalidateSystemAdmin(),
  });
}

export function useDeleteRole() {
  return useMutation({
    mutationFn: (id: number) => request('roleDelete', { body: { id } }),
    onSuccess: () => invalidateSystemAdmin(),
  });
}
