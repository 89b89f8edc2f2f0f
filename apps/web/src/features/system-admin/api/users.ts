import type { UserCreate, UserRow, UserUpdate } from '@agromet/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { listQuery, MAX_PAGE_SIZE, type Paging } from '../../../lib/list-query';
import { api, request } from '../../../lib/request';
import { invalidateSystemAdmin, saKeys } from './keys';

export interface UserFilters {
  keyword?: string;
  customerId?: number;
  roleId?: number;
}

export function useUserPage(filters: UserFilters, paging: Paging) {
  const query = listQuery({ ...filters }, paging);
  return useQuery({
    queryKey: saKeys.users(query),
    queryFn: ({ signal }) => request('userPage', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Role ids of a user, fresh each time the editor opens (GET /api/user/{id}/rids). */
export function useUserRids(id: number | undefined) {
  return useQuery({
    queryKey: saKeys.userRids(id ?? 0),
    queryFn: ({ signal }) => api.userRids(id!, { signal }),
    enabled: id !== undefined,
    staleTime: 0,
    gcTime: 0,
  });
}

/** The row as it is now, found by its (immutable) username, without a toast. */
export async function fetchUser(row: Pick<UserRow, 'id' | 'username'>): Promise<UserRow | null> {
  const page = await request('userPage', { query: { keyword: row.username, size: MAX_PAGE_SIZE }, silent: true });
  return page.list.find((u) => u.id === row.id) ?? null;
}

export type UserSaveInput = { mode: 'create'; body: UserCreate } | { mode: 'update'; body: UserUpdate };

export function useSaveUser() {
  return useMutation({
    mutationFn: (input: UserSaveInput) =>
      input.mode === 'create' ? request('userAdd', { body: input.body }) : request('userUpdate', { body: input.body }),
    onSuccess: () => invalidateSystemAdmin(),
  });
}

export function useEnableUser() {
  return useMutation({
    mutationFn: (body: { id: number; version: number; enabled: boolean }) => request('userEnable', { body }),
    onSettled: () => invalidateSystemAdmin(),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: { id: number; password: string }) => request('userResetPassword', { body }),
    onSuccess: () => invalidateSystemAdmin(),
  });
}

export function useDeleteUser() {
  return useMutation({
    mutationFn: (id: number) => request('userDelete', { body: { id } }),
    onSuccess: () => invalidateSystemAdmin(),
  });
}
