import type { DashboardCardDef } from '../../lib/dashboard-cards';

/** System administration's card: sign-ins and operations, for whoever reads the operation log. */
export const systemAdminCards: DashboardCardDef[] = [
  { id: 'sign-ins', codes: ['sys.log.view'], order: 80, span: 1, load: () => import('./dashboard/SignInsCard') },
];
