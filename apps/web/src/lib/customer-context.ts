import { ACT_AS_CUSTOMER_HEADER } from '@agromet/contracts/web';

/**
 * The customer a platform administrator works for in this tab (docs/security.md#customer-context), kept in the tab's
 * session storage: a reload keeps it, another tab or a new sign-in starts in the administrator's own customer.
 */
const KEY = 'agromet-act-as-customer';

export function actingCustomerId(): number | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    const id = raw === null ? NaN : Number(raw);
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

export function setActingCustomer(id: number | null): void {
  if (id === null) sessionStorage.removeItem(KEY);
  else sessionStorage.setItem(KEY, String(id));
}

/** The header every API call carries while working for another customer. */
export function customerContextHeaders(): Record<string, string> {
  const id = actingCustomerId();
  return id === null ? {} : { [ACT_AS_CUSTOMER_HEADER]: String(id) };
}

/** The same for calls that cannot send headers (map images): a query parameter beside the token. */
export function customerContextParams(): Record<string, string> {
  const id = actingCustomerId();
  return id === null ? {} : { actAs: String(id) };
}
