import type { Customer, CustomerCreate, CustomerEntitlements } from '@agromet/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { saveBranding } from '../../../lib/branding-storage';
import { listQuery, type Paging } from '../../../lib/list-query';
import { request } from '../../../lib/request';
import { useUserStore } from '../../../stores/user';
import { brandingOf } from '../customers/customer-values';
import { invalidateSystemAdmin, saKeys } from './keys';

export type CustomerFilters = {
  keyword?: string;
};

export function useCustomerPage(filters: CustomerFilters, paging: Paging) {
  const query = listQuery({ ...filters }, paging);
  return useQuery({
    queryKey: saKeys.customers(query),
    queryFn: ({ signal }) => request('customerPage', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCustomerOptions(enabled = true) {
  return useQuery({
    queryKey: saKeys.customerOptions,
    queryFn: ({ signal }) => request('customerOptions', { signal }),
    enabled,
    staleTime: 60_000,
  });
}

/** The record as it is now, without a toast (for the stale-version check). */
export function fetchCustomer(id: number): Promise<Customer> {
  return request('customerGet', { params: { id }, silent: true });
}

/** The signed-in user's own customer was saved: its branding applies at once (top bar, title, login page). */
export function applyOwnBranding(saved: Customer): boolean {
  const { customerId, setBranding } = useUserStore.getState();
  if (customerId === null || saved.id !== customerId) return false;
  const branding = brandingOf(saved);
  saveBranding(branding);
  setBranding(branding);
  return true;
}

export function useSaveCustomer() {
  return useMutation({
    mutationFn: (input: { id?: number; version?: number; values: CustomerCreate }) =>
      input.id !== undefined && input.version !== undefined
        ? request('customerUpdate', { body: { id: input.id, version: input.version, ...input.values } })
        : request('customerAdd', { body: input.values }),
    onSuccess: (saved) => {
      applyOwnBranding(saved);
      return invalidateSystemAdmin();
    },
  });
}

/** The platform sets what a customer has bought (docs/security.md#entitlements). */
export function useSaveEntitlements() {
  return useMutation({
    mutationFn: (body: CustomerEntitlements) => request('customerEntitlements', { body }),
    onSuccess: () => invalidateSystemAdmin(),
  });
}

export function useDeleteCustomer() {
  return useMutation({
    mutationFn: (id: number) => request('customerDelete', { body: { id } }),
    onSuccess: () => invalidateSystemAdmin(),
  });
}
