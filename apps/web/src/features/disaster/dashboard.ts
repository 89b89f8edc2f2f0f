import type { DashboardCardDef } from '../../lib/dashboard-cards';

/** The disaster records' card: this year's sandstorm records by grade. */
export const disasterCards: DashboardCardDef[] = [
  {
    id: 'sandstorm-year',
    codes: ['basedata.disastersituation.admin'],
    order: 40,
    span: 1,
    load: () => import('./dashboard/SandstormYearCard'),
  },
];
