import type { DashboardCardDef } from '../../lib/dashboard-cards';

/** Service products' card: bulletins waiting for review. */
export const articleCards: DashboardCardDef[] = [
  { id: 'articles-review', codes: ['serviceproducts.all.admin'], order: 50, span: 1, load: () => import('./dashboard/AwaitingReviewCard') },
];
