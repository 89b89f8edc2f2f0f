import type { ArticlePlatformType, ArticleState } from '@agromet/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { saveBlob, downloadRaw } from '../../../lib/download';
import { listQuery, type Paging } from '../../../lib/list-query';
import { queryClient } from '../../../lib/query-client';
import { request } from '../../../lib/request';

/** Query keys of the service-products page; every one starts with 'articles'. */
export const articleKeys = {
  all: ['articles'] as const,
  page: (query: object) => ['articles', 'page', query] as const,
  detail: (id: number) => ['articles', 'detail', id] as const,
  history: (id: number) => ['articles', 'history', id] as const,
  kinds: ['articles', 'kinds'] as const,
  next: (kindId: number) => ['articles', 'next', kindId] as const,
  library: ['articles', 'library'] as const,
  platforms: ['articles', 'platforms'] as const,
};
const invalidate = () => queryClient.invalidateQueries({ queryKey: articleKeys.all });

export type ArticleFilters = { keyword?: string; kindId?: number; state?: ArticleState; from?: string; to?: string; authorId?: number };

export function useArticlePage(filters: ArticleFilters, paging: Paging) {
  const query = listQuery(filters, paging);
  return useQuery({
    queryKey: articleKeys.page(query),
    queryFn: ({ signal }) => request('articlePage', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useArticle(id: number | null) {
  return useQuery({
    queryKey: articleKeys.detail(id ?? 0),
    queryFn: ({ signal }) => request('articleDetail', { query: { id: id! }, signal }),
    enabled: id !== null,
  });
}

export function useArticleHistory(id: number | null) {
  return useQuery({
    queryKey: articleKeys.history(id ?? 0),
    queryFn: ({ signal }) => request('articleHistory', { query: { id: id! }, signal }),
    enabled: id !== null,
  });
}

export function useArticleKinds() {
  return useQuery({ queryKey: articleKeys.kinds, queryFn: ({ signal }) => request('articleKinds', { signal }) });
}

export function useNextIssue(kindId: number | undefined) {
  return useQuery({
    queryKey: articleKeys.next(kindId ?? 0),
    queryFn: ({ signal }) => request('articleNextIssue', { query: { kindId: kindId! }, signal }),
    enabled: kindId !== undefined,
  });
}

export function useLibraryPictures(enabled: boolean) {
  return useQuery({ queryKey: articleKeys.library, queryFn: ({ signal }) => request('articleLibraryImages', { signal }), enabled });
}

export type ArticleAddValues = { kindId: number; title: string; summary?: string; body?: string; issueNo?: number; fromTemplate?: boolean };
export type ArticleUpdateValues = { id: number; version: number; title: string; summary: string; body: string; issueNo?: number };

export function useAddArticle() {
  return useMutation({ mutationFn: (body: ArticleAddValues) => request('articleAdd', { body }), onSuccess: () => invalidate() });
}
export function useUpdateArticle() {
  return useMutation({ mutationFn: (body: ArticleUpdateValues) => request('articleUpdate', { body }), onSuccess: () => invalidate() });
}

/** The workflow steps and the other one-click actions, by their call. */
export type StepCall = 'articleSubmit' | 'articleApprove' | 'articlePublish' | 'articleRevise' | 'articleDuplicate' | 'articleDelete';
export function useStep() {
  return useMutation({
    mutationFn: ({ call, id }: { call: StepCall; id: number }) => request(call, { body: { id } }) as Promise<unknown>,
    onSuccess: () => invalidate(),
  });
}
export function useReturn() {
  return useMutation({
    mutationFn: (body: { id: number; comment: string }) => request('articleReturn', { body }),
    onSuccess: () => invalidate(),
  });
}

export const copyLibraryImage = (id: string) => request('articleLibraryImage', { body: { id } });

export async function downloadPdf(a: { id: number; series: string; year: number; issueNo: number }) {
  const blob = await downloadRaw('articlePdf', { id: a.id });
  saveBlob(blob, `${a.series}_${a.year}-${a.issueNo}.pdf`);
}

export async function downloadAttachment(a: { id: number; name: string }) {
  const blob = await downloadRaw('articleAttachment', { id: a.id });
  saveBlob(blob, a.name);
}

/** Attaches a file to a draft (multipart: articleId, file). */
export function useUploadAttachment() {
  return useMutation({
    mutationFn: ({ articleId, file }: { articleId: number; file: File }) => {
      const form = new FormData();
      form.append('articleId', String(articleId));
      form.append('file', file, file.name);
      return request('articleAttachmentUpload', { body: form });
    },
    onSuccess: () => invalidate(),
  });
}
export function useDeleteAttachment() {
  return useMutation({ mutationFn: (id: number) => request('articleAttachmentDelete', { body: { id } }), onSuccess: () => invalidate() });
}

export type KindValues = { id?: number; version?: number; name: string; series: string; template: string; sort?: number };
export function useSaveKind() {
  return useMutation({ mutationFn: (body: KindValues) => request('articleKindSave', { body }), onSuccess: () => invalidate() });
}
export function useDeleteKind() {
  return useMutation({ mutationFn: (id: number) => request('articleKindDelete', { body: { id } }), onSuccess: () => invalidate() });
}

export function useArticlePlatforms() {
  return useQuery({ queryKey: articleKeys.platforms, queryFn: ({ signal }) => request('articlePlatforms', { signal }) });
}
export type PlatformValues = { id?: number; version?: number; name: string; type: ArticlePlatformType; sort?: number };
export function useSavePlatform() {
  return useMutation({ mutationFn: (body: PlatformValues) => request('articlePlatformSave', { body }), onSuccess: () => invalidate() });
}
export function useDeletePlatform() {
  return useMutation({ mutationFn: (id: number) => request('articlePlatformDelete', { body: { id } }), onSuccess: () => invalidate() });
}
