import type { DashboardCardDef } from '../../lib/dashboard-cards';

/** The dashboard's own cards: the user's jobs, for everyone. */
export const dashboardCards: DashboardCardDef[] = [{ id: 'jobs', codes: [], order: 90, span: 1, load: () => import('./cards/JobsCard') }];
