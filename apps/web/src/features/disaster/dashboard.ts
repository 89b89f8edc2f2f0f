import type { DashboardCardDef } from '../../lib/dashboard-cards';

/** The disaster records' card: sandstorm records of this year, or of the latest year with records, by grade. */
export const disasterCards: DashboardCardDef[] = [
  {
    id: 'sandstorm-year',
    codes: ['basedata.disastersituation.admin'],
    order: 40,
    span: 1,
    load: () => import('./dashboard/SandstormYearCard'),
  },
];
