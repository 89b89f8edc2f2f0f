import { queryClient } from '../../../lib/query-client';

/** Query keys of the system-administration pages; every one starts with 'systemAdmin'. */
export const saKeys = {
  all: ['systemAdmin'] as const,
  customers: (query: object) => ['systemAdmin', 'customers', query] as const,
  customerOptions: ['systemAdmin', 'customerOptions'] as const,
  users: (query: object) => ['systemAdmin', 'users', query] as const,
  userRids: (id: number) => ['systemAdmin', 'userRids', id] as const,
  roles: (query: object) => ['systemAdmin', 'roles', query] as const,
  roleOptions: (customerId: number | undefined) => ['systemAdmin', 'roleOptions', customerId ?? 'all'] as const,
  grantable: (customerId: number | undefined) => ['systemAdmin', 'grantable', customerId ?? 'own'] as const,
  permissions: (query: object) => ['systemAdmin', 'permissions', query] as const,
  permissionAll: ['systemAdmin', 'permissionAll'] as const,
  logs: (query: object) => ['systemAdmin', 'logs', query] as const,
  log: (id: number) => ['systemAdmin', 'log', id] as const,
};

/**
 * After any change: the lists show counts and names of each other (users per customer, role names
 * of users, codes of roles), so everything of the feature is refetched when next shown.
 */
export function invalidateSystemAdmin(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: saKeys.all });
}
