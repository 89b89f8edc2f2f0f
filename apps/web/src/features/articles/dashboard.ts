import { ARTICLE_APPROVE_CODE, ARTICLE_WRITE_CODE } from '@agromet/contracts/web';
import type { DashboardCardDef } from '../../lib/dashboard-cards';

/** Service products' card: bulletins waiting for review, for their writers and reviewers. */
export const articleCards: DashboardCardDef[] = [
  {
    id: 'articles-review',
    codes: [ARTICLE_WRITE_CODE, ARTICLE_APPROVE_CODE],
    order: 50,
    span: 1,
    load: () => import('./dashboard/AwaitingReviewCard'),
  },
];
