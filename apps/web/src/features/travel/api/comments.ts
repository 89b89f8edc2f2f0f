import type { CommentStatus } from '@agromet/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { listQuery, type Paging } from '../../../lib/list-query';
import { request } from '../../../lib/request';
import { invalidateComments, travelKeys } from './keys';

export type CommentFilters = {
  status?: CommentStatus;
  keyword?: string;
  flagged?: 'true' | 'false';
};

export function useCommentPage(filters: CommentFilters, paging: Paging) {
  const query = listQuery(filters, paging);
  return useQuery({
    queryKey: travelKeys.commentPage(query),
    queryFn: ({ signal }) => request('travelCommentPage', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useModerate() {
  return useMutation({
    mutationFn: (body: { ids: number[]; status: 'passed' | 'rejected'; reason?: string }) => request('travelCommentModerate', { body }),
    onSuccess: () => invalidateComments(),
  });
}

export function useSensitiveWords(enabled: boolean) {
  return useQuery({ queryKey: travelKeys.words, queryFn: ({ signal }) => request('travelSensitiveWords', { signal }), enabled });
}

export function useSaveSensitiveWords() {
  return useMutation({
    mutationFn: (words: string[]) => request('travelSensitiveWordsSave', { body: { words } }),
    onSuccess: (data) => {
      void invalidateComments();
      return data;
    },
  });
}
