import type { AuthContext } from './auth/context.js';
import { holdsPlatformScope } from '@agromet/contracts';

/** Holders of the platform-wide customer code (and admin) see every customer; everyone else only their own. */
export function isPlatformWide(auth: AuthContext): boolean {
  return holdsPlatformScope(auth.codes);
}

/** The customer a query must be limited to, or null for all. */
export function customerScope(auth: AuthContext): number | null {
  return isPlatformWide(auth) ? null : auth.customerId;
}

export function canSeeCustomer(auth: AuthContext, customerId: number | null): boolean {
  return isPlatformWide(auth) || customerId === auth.customerId;
}
