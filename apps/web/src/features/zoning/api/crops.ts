import type { Crop, CropCreate } from '@agromet/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request';
import { invalidateCriteria, znKeys } from './keys';

/** The customer's crops (seeded ones first), names in the user's language. */
export function useCrops() {
  return useQuery({ queryKey: znKeys.crops, queryFn: ({ signal }) => request('cropAll', { signal }), staleTime: 30_000 });
}

/** The crop as it is now, without a toast; null when it is gone. */
export async function fetchCrop(id: number): Promise<Crop | null> {
  const all = await request('cropAll', { silent: true });
  return all.find((c) => c.id === id) ?? null;
}

export type CropSaveInput = { id?: number; version?: number; values: CropCreate };

export function useSaveCrop() {
  return useMutation({
    mutationFn: ({ id, version, values }: CropSaveInput) =>
      id !== undefined && version !== undefined
        ? request('cropUpdate', { body: { id, version, ...values } })
        : request('cropAdd', { body: values }),
    onSuccess: () => invalidateCriteria(),
  });
}

export function useDeleteCrop() {
  return useMutation({
    mutationFn: (id: number) => request('cropDelete', { body: { id } }),
    onSuccess: () => invalidateCriteria(),
  });
}
