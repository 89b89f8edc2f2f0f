import { holdsPlatformScope } from '@agromet/contracts/web';
import { Suspense } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { lazyPart } from '../../lib/lazy-part';
import { useUserStore } from '../../stores/user';

// Only the platform sees these; antd's select (and its tag) load with them, not for every user.
const loadParts = () => import('./CustomerContextParts');
const ActingTag = lazyPart(() => loadParts().then((m) => m.ActingTag));
const CustomerChooser = lazyPart(() => loadParts().then((m) => m.CustomerChooser));

/** The customer the console works for, and whether that is another than the administrator's own. */
export function useCustomerContext() {
  const { roles, customerId, homeCustomerId, customer } = useUserStore(
    useShallow((s) => ({ roles: s.roles, customerId: s.customerId, homeCustomerId: s.homeCustomerId, customer: s.customer })),
  );
  const platform = holdsPlatformScope(roles);
  const acting = platform && customerId !== null && homeCustomerId !== null && customerId !== homeCustomerId;
  return { platform, acting, customerId, homeCustomerId, customer };
}

/** While the platform works for another customer, a tag saying whose (CustomerContextParts.ActingTag). */
export function CustomerContextTag() {
  const { acting } = useCustomerContext();
  if (!acting) return null;
  return (
    <Suspense fallback={null}>
      <ActingTag />
    </Suspense>
  );
}

/** For the platform: the customer whose context the console works in (CustomerContextParts.CustomerChooser). */
export function CustomerContext() {
  const { platform } = useCustomerContext();
  if (!platform) return null;
  return (
    // The chooser's place is kept while it loads, so the top bar does not shift.
    <Suspense fallback={<div className="navbar-customer-context" style={{ width: 180 }} />}>
      <CustomerChooser />
    </Suspense>
  );
}
