import { articleCards } from '../features/articles/dashboard';
import { dataReviseCards } from '../features/data-revise/dashboard';
import { dashboardCards } from '../features/dashboard/dashboard';
import { disasterCards } from '../features/disaster/dashboard';
import { systemAdminCards } from '../features/system-admin/dashboard';
import { travelCards } from '../features/travel/dashboard';
import { weixinCards } from '../features/weixin/dashboard';
import { zoningCards } from '../features/zoning/dashboard';
import type { DashboardCardDef } from '../lib/dashboard-cards';

/**
 * Every feature's dashboard cards (docs/console.md#dashboard-cards). Each feature names its cards in its own
 * `dashboard.ts`; a new card is one entry there and, for a new feature, one spread here.
 */
export const DASHBOARD_CARDS: readonly DashboardCardDef[] = [
  ...dataReviseCards,
  ...zoningCards,
  ...disasterCards,
  ...articleCards,
  ...travelCards,
  ...weixinCards,
  ...systemAdminCards,
  ...dashboardCards,
];
