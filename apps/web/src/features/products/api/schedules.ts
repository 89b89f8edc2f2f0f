import type { ProductScheduleSave } from '@agromet/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request';
import { invalidateSchedules, pdKeys } from './keys';

/** The customer's product schedules with their last run (refetched now and then: the server makes products by itself). */
export function useSchedules() {
  return useQuery({
    queryKey: pdKeys.schedules,
    queryFn: ({ signal }) => request('productScheduleList', { signal }),
    refetchInterval: 30_000,
  });
}

export function useSaveSchedule() {
  return useMutation({
    // A refusal (4100 naming the field, 4009 stale or name taken) is shown as the server words it.
    mutationFn: (body: ProductScheduleSave) => request('productScheduleSave', { body }),
    onSuccess: () => invalidateSchedules(),
  });
}

export function useDeleteSchedule() {
  return useMutation({
    mutationFn: (id: number) => request('productScheduleDelete', { body: { id } }),
    onSuccess: () => invalidateSchedules(),
  });
}
