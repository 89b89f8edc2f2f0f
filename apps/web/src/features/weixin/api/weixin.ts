import type { Menu, WxAccountCreate } from '@agromet/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { listQuery, type Paging } from '../../../lib/list-query';
import { queryClient } from '../../../lib/query-client';
import { request, requestBinary } from '../../../lib/request';

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

export type SendFilters = { state?: import('@agromet/contracts').WxSendState };

export function useSendPage(filters: SendFilters, paging: Paging) {
  const query = listQuery(filters, paging);
  return useQuery({
    queryKey: ['weixin', 'sends', query],
    queryFn: ({ signal }) => request('wxSendPage', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSendArticles() {
  return useQuery({ queryKey: ['weixin', 'send-articles'], queryFn: ({ signal }) => request('wxSendArticles', { signal }) });
}

export function useTags(accountId: number | undefined) {
  return useQuery({
    queryKey: ['weixin', 'tags', accountId],
    queryFn: ({ signal }) => request('wxTags', { query: { accountId: accountId! }, signal }),
    enabled: accountId !== undefined,
  });
}

const invalidateSends = () => queryClient.invalidateQueries({ queryKey: ['weixin', 'sends'] });

export function useCreateSend() {
  return useMutation({
    mutationFn: (body: import('@agromet/contracts').WxSendCreate) => request('wxSendCreate', { body }),
    onSuccess: invalidateSends,
  });
}

export type SendAction =
  | { kind: 'approve' | 'retry' | 'refresh'; id: number }
  | { kind: 'reject'; id: number; reason: string }
  | { kind: 'preview'; id: number; openId: string };

function runSendAction(a: SendAction) {
  switch (a.kind) {
    case 'approve':
      return request('wxSendApprove', { body: { id: a.id } });
    case 'retry':
      return request('wxSendRetry', { body: { id: a.id } });
    case 'refresh':
      return request('wxSendRefresh', { body: { id: a.id } });
    case 'reject':
      return request('wxSendReject', { body: { id: a.id, reason: a.reason } });
    case 'preview':
      return request('wxSendPreview', { body: { id: a.id, openId: a.openId } });
  }
}

/** The actions on a send: each answers the send as it is now. */
export function useSendAction() {
  return useMutation({ mutationFn: runSendAction, onSettled: invalidateSends });
}

export function useMediaPage(accountId: number | undefined, type: import('@agromet/contracts').WxMediaType, paging: Paging) {
  const query = { accountId: accountId ?? 0, type, page: paging.page, size: paging.size };
  return useQuery({
    queryKey: ['weixin', 'media', query],
    queryFn: ({ signal }) => request('wxMediaPage', { query, signal }),
    enabled: accountId !== undefined,
    placeholderData: keepPreviousData,
  });
}

export function useUploadMedia() {
  return useMutation({
    mutationFn: ({ accountId, type, file }: { accountId: number; type: string; file: File }) => {
      const form = new FormData();
      form.append('accountId', String(accountId));
      form.append('type', type);
      form.append('file', file, file.name);
      return request('wxMediaUpload', { body: form });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['weixin', 'media'] }),
  });
}

export function useDeleteMedia() {
  return useMutation({
    mutationFn: (id: number) => request('wxMediaDelete', { query: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['weixin', 'media'] }),
  });
}

/** Our copy of a medium as an object URL (revoked by the caller). */
export async function fetchMediaPreview(id: number): Promise<string> {
  const answer = await requestBinary('wxMediaFile', { params: { id }, silent: true });
  return URL.createObjectURL(new Blob([answer.body], { type: answer.headers.get('content-type') ?? 'application/octet-stream' }));
}
