import type { RiskExecuteBody } from '@agromet/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { pollUntilFinished, pollWhileAny, pollWhileAnyActive } from '../../../lib/product-jobs';
import { request } from '../../../lib/request';
import { invalidateRiskProducts, riskKeys } from './keys';

/** Products, newest first; polled while one on the page is still being made. */
export function useRiskProductPage(page: number, size: number) {
  const query = { page, size };
  return useQuery({
    queryKey: riskKeys.productPage(query),
    queryFn: ({ signal }) => request('riskProductPage', { query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: pollWhileAnyActive,
  });
}

/** One product; polled until it is done or failed. */
export function useRiskProduct(id: number | undefined) {
  return useQuery({
    queryKey: riskKeys.product(id ?? 0),
    queryFn: ({ signal }) => request('riskProduct', { query: { productId: id! }, signal }),
    enabled: id !== undefined,
    refetchInterval: pollUntilFinished,
  });
}

export function useRunningRisk() {
  return useQuery({
    queryKey: riskKeys.running,
    queryFn: ({ signal }) => request('riskRunning', { signal }),
    refetchInterval: pollWhileAny,
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
