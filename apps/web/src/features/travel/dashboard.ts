import type { DashboardCardDef } from '../../lib/dashboard-cards';

/** Tourism's card: visitors' comments waiting for moderation, for whoever moderates them. */
export const travelCards: DashboardCardDef[] = [
  {
    id: 'travel-comments',
    codes: ['travel.scenicspot.admin'],
    order: 55,
    span: 1,
    load: () => import('./dashboard/PendingCommentsCard'),
  },
];
