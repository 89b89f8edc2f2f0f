import { QUHUA_MAKE, QUHUA_RESULT } from '@agromet/contracts';
import type { DashboardCardDef } from '../../lib/dashboard-cards';

/** Zoning's card: the latest zoning products and their state. */
export const zoningCards: DashboardCardDef[] = [
  { id: 'zoning-products', codes: [QUHUA_MAKE, QUHUA_RESULT], order: 30, span: 1, load: () => import('./dashboard/ZoningProductsCard') },
];
