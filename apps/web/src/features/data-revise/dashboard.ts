import { GRID_READER_CODES } from '@agromet/contracts';
import type { DashboardCardDef } from '../../lib/dashboard-cards';

/** Data revision's card: today's runs per forecast type, for whoever reads the grids. */
export const dataReviseCards: DashboardCardDef[] = [
  { id: 'forecast-runs', codes: GRID_READER_CODES, order: 10, span: 2, load: () => import('./dashboard/ForecastRunsCard') },
];
