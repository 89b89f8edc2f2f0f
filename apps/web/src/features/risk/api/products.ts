import type { RiskExecuteBody, RiskProduct } from '@agromet/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request';
import { invalidateRiskProducts, riskKeys } from './keys';

/** How often the page asks after products being made. */
export const PROGRESS_POLL_MS = 1000;

export const isActive = (status: RiskProduct['status']) => status === 'queued' || status === 'running';

/** Products, newest first; polled while one on the page is still being made. */
export function useRiskProductPage(page: number, size: number) {
  const query = { page, size };
  return useQuery({
    queryKey: riskKeys.productPage(query),
    queryFn: ({ signal }) => request('riskProductPage', { query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.list.some((p) => isActive(p.status)) ? PROGRESS_POLL_MS : false),
  });
}

/** One product; polled until it is done or failed. */
export function useRiskProduct(id: number | undefined) {
  return useQuery({
    queryKey: riskKeys.product(id ?? 0),
    queryFn: ({ signal }) => request('riskProduct', { query: { productId: id! }, signal }),
    enabled: id !== undefined,
    refetchInterval: (q) => (q.state.data && !isActive(q.state.data.status) ? false : PROGRESS_POLL_MS),
  });
}

export function useRunningRisk() {
  return useQuery({
    queryKey: riskKeys.running,
    queryFn: ({ signal }) => request('riskRunning', { signal }),
    refetchInterval: (q) => ((q.state.data?.length ?? 0) > 0 ? PROGRESS_POLL_MS : false),
  });
}

export function useExecuteRisk() {
  return useMutation({
    mutationFn: (body: RiskExecuteBody) => request('riskExecute', { body }),
    onSuccess: () => invalidateRiskProducts(),
  });
}

export function useDeleteRiskProduct() {
  return useMutation({
    mutationFn: (productId: number) => request('riskDelete', { body: { productId } }),
    onSuccess: () => invalidateRiskProducts(),
  });
}
