import type { Menu, WxAccountCreate } from '@agromet/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { listQuery, type Paging } from '../../../lib/list-query';
import { queryClient } from '../../../lib/query-client';
import { request } from '../../../lib/request';

/** Query keys of the official-account pages; every one starts with 'weixin'. */
const keys = {
  accounts: ['weixin', 'accounts'] as const,
  followers: (query: object) => ['weixin', 'followers', query] as const,
  menu: (accountId: number) => ['weixin', 'menu', accountId] as const,
};

export function useAccounts() {
  return useQuery({ queryKey: keys.accounts, queryFn: ({ signal }) => request('wxAccountList', { signal }) });
}

export function useSaveAccount() {
  return useMutation({
    mutationFn: ({ id, version, values }: { id?: number; version?: number; values: WxAccountCreate }) =>
      id !== undefined && version !== undefined
        ? request('wxAccountUpdate', { body: { id, version, ...values } })
        : request('wxAccountInsert', { body: values }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.accounts }),
  });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (id: number) => request('wxAccountDelete', { query: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['weixin'] }),
  });
}

export function useTestAccount() {
  return useMutation({
    mutationFn: (accountId: number) => request('wxAccountTest', { body: { accountId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.accounts }),
  });
}

export type FollowerFilters = { keyword?: string; subscribed?: 'true' | 'false' };

export function useFollowerPage(accountId: number | undefined, filters: FollowerFilters, paging: Paging) {
  const query = { ...listQuery(filters, paging), accountId: accountId ?? 0 };
  return useQuery({
    queryKey: keys.followers(query),
    queryFn: ({ signal }) => request('wxFollowerPage', { query, signal }),
    enabled: accountId !== undefined,
    placeholderData: keepPreviousData,
  });
}

export function useSyncFollowers() {
  return useMutation({
    mutationFn: (accountId: number) => request('wxFollowerSync', { body: { accountId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['weixin'] }),
  });
}

export function useSetRemark() {
  return useMutation({
    mutationFn: (body: { id: number; remark: string }) => request('wxFollowerRemark', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['weixin', 'followers'] }),
  });
}

export function useMenu(accountId: number | undefined) {
  return useQuery({
    queryKey: keys.menu(accountId ?? 0),
    queryFn: ({ signal }) => request('wxMenuGet', { query: { accountId: accountId! }, signal }),
    enabled: accountId !== undefined,
  });
}

export function useSaveMenu() {
  return useMutation({
    mutationFn: (body: { accountId: number; version: number; menu: Menu }) => request('wxMenuSave', { body }),
    onSuccess: (data) => queryClient.setQueryData(keys.menu(data.accountId), data),
  });
}

export function usePublishMenu() {
  return useMutation({
    mutationFn: (body: { accountId: number; version: number }) => request('wxMenuPublish', { body }),
    onSuccess: (data) => queryClient.setQueryData(keys.menu(data.accountId), data),
  });
}

/** WeChat's current menu, asked on demand. */
export function fetchCurrentMenu(accountId: number) {
  return request('wxMenuCurrent', { query: { accountId } });
}
