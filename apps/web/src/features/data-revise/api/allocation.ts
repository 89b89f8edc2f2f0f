import type { AllocationMatrix } from '@agromet/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { queryClient } from '../../../lib/query-client';
import { request } from '../../../lib/request';
import { optimisticMatrix, rolledBackMatrix, withAllocation, type AllocationToggle } from '../allocation/allocation-matrix';
import { drKeys } from './keys';

/** Users of the customer × forecast types, with the allocation ids (GET /api/forecasr/allocations). */
export function useAllocationMatrix() {
  return useQuery({
    queryKey: drKeys.allocationMatrix,
    queryFn: ({ signal }) => request('allocationMatrix', { signal }),
  });
}

/** Every forecast type with its factors (GET /api/forecasr/findForevast). */
export function useForecastTypes() {
  return useQuery({
    queryKey: drKeys.forecastTypes,
    queryFn: ({ signal }) => request('forecastTypes', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** Factors of one forecast type (GET /api/factor/getFactor), loaded when first shown. */
export function useFactors(typeId: number, enabled = true) {
  return useQuery({
    queryKey: drKeys.factors(typeId),
    queryFn: ({ signal }) => request('factorList', { query: { fTId: typeId }, signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

const TOGGLE_KEY = ['dataRevise', 'toggleAllocation'] as const;

function updateMatrix(change: (m: AllocationMatrix) => AllocationMatrix): void {
  queryClient.setQueryData<AllocationMatrix>(drKeys.allocationMatrix, (m) => (m ? change(m) : m));
}

/**
 * Ticks (GET /api/forecasr/insertAllocation) or unticks (GET /api/forecasr/deleteAllocation) a cell. The cell
 * changes at once; a refusal puts it back (the caller shows why). Once no toggle is running, the matrix is
 * refetched so it matches the server.
 */
export function useToggleAllocation() {
  return useMutation({
    mutationKey: TOGGLE_KEY,
    mutationFn: async (toggle: AllocationToggle): Promise<number | null> => {
      if (toggle.allocate) return (await request('allocationInsert', { query: { uid: toggle.uid, fTId: toggle.typeId }, silent: true })).id;
      await request('allocationDelete', { query: { id: toggle.allocationId! }, silent: true });
      return null;
    },
    onMutate: async (toggle) => {
      await queryClient.cancelQueries({ queryKey: drKeys.allocationMatrix });
      updateMatrix((m) => optimisticMatrix(m, toggle));
    },
    onSuccess: (id, toggle) => {
      if (id !== null) updateMatrix((m) => withAllocation(m, toggle.uid, toggle.typeId, id));
    },
    onError: (_error, toggle) => updateMatrix((m) => rolledBackMatrix(m, toggle)),
    onSettled: () => {
      // This mutation still counts as running here.
      if (queryClient.isMutating({ mutationKey: TOGGLE_KEY }) <= 1)
        void queryClient.invalidateQueries({ queryKey: drKeys.allocationMatrix });
    },
  });
}

export const ALLOCATION_TOGGLE_KEY = TOGGLE_KEY;
