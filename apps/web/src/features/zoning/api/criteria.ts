import type { Criterion, CriterionCreate } from '@agromet/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { listQuery, type Paging } from '../../../lib/list-query';
import { request } from '../../../lib/request';
import { invalidateCriteria, znKeys } from './keys';

/** Criteria with paging, by crop and part of the name. */
export function useCriterionPage(filters: { cropId?: number; name?: string }, paging: Paging) {
  const query = listQuery({ ...filters }, paging);
  return useQuery({
    queryKey: znKeys.criteriaPage(query),
    queryFn: ({ signal }) => request('criterionPage', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every criterion of a crop (for choosing one to run). */
export function useCriteriaOfCrop(cropId: number | undefined) {
  return useQuery({
    queryKey: znKeys.criteriaByCrop(cropId),
    queryFn: ({ signal }) => request('criterionAllByCrop', { query: { cropId: cropId! }, signal }),
    enabled: cropId !== undefined,
  });
}

/** One criterion with its full definition, fresh each time the editor opens it. */
export function useCriterion(id: number | undefined) {
  return useQuery({
    queryKey: znKeys.criterion(id ?? 0),
    queryFn: ({ signal }) => request('criterionGet', { query: { criteriaId: id! }, signal }),
    enabled: id !== undefined,
    staleTime: 0,
  });
}

/** The criterion as it is now, without a toast; null when it is gone. */
export async function fetchCriterion(id: number): Promise<Criterion | null> {
  try {
    return await request('criterionGet', { query: { criteriaId: id }, silent: true });
  } catch {
    return null;
  }
}

export type CriterionSaveInput = { id?: number; version?: number; body: CriterionCreate };

export function useSaveCriterion() {
  return useMutation({
    mutationFn: ({ id, version, body }: CriterionSaveInput) =>
      id !== undefined && version !== undefined
        ? request('criterionUpdate', { body: { id, version, ...body } })
        : request('criterionAdd', { body }),
    onSuccess: () => invalidateCriteria(),
  });
}

export function useDeleteCriterion() {
  return useMutation({
    mutationFn: (criteriaId: number) => request('criterionDelete', { body: { criteriaId } }),
    onSuccess: () => invalidateCriteria(),
  });
}
