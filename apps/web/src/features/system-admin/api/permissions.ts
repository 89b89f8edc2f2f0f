import type { PermissionCreate, PermissionRow } from '@agromet/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { listQuery, type Paging } from '../../../lib/list-query';
import { request } from '../../../lib/request';
import { invalidateSystemAdmin, saKeys } from './keys';

export type PermissionFilters = {
  keyword?: string;
};

export function usePermissionPage(filters: PermissionFilters, paging: Paging) {
  const query = listQuery({ ...filters }, paging);
  return useQuery({
    queryKey: saKeys.permissions(query),
    queryFn: ({ signal }) => request('permissionPage', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every permission code (for the role tree). */
export function usePermissionAll(enabled = true) {
  return useQuery({
    queryKey: saKeys.permissionAll,
    queryFn: ({ signal }) => request('permissionAll', { signal }),
    enabled,
  });
}

export async function fetchPermission(id: number): Promise<PermissionRow | null> {
  const all = await request('permissionAll', { silent: true });
  return all.find((p) => p.id === id) ?? null;
}

export function useSavePermission() {
  return useMutation({
    mutationFn: (input: { id?: number; version?: number; values: PermissionCreate }) =>
      input.id !== undefined && input.version !== undefined
        ? request('permissionUpdate', { body: { id: input.id, version: input.version, ...input.values } })
        : request('permissionAdd', { body: input.values }),
    onSuccess: () => invalidateSystemAdmin(),
  });
}

export function useDeletePermission() {
  return useMutation({
    mutationFn: (id: number) => request('permissionDelete', { body: { id } }),
    onSuccess: () => invalidateSystemAdmin(),
  });
}
