import { WX_SEND_APPROVE_CODE, WX_SEND_CODE } from '@agromet/contracts/web';
import type { DashboardCardDef } from '../../lib/dashboard-cards';

/** The official account's cards: followers of each account, and the mass sends waiting for approval. */
export const weixinCards: DashboardCardDef[] = [
  {
    id: 'wx-followers',
    codes: ['wx-mp-manage.account.admin', 'wx-mp-manage.wxuser.admin'],
    order: 60,
    span: 1,
    load: () => import('./dashboard/FollowersCard'),
  },
  { id: 'wx-sends', codes: [WX_SEND_CODE, WX_SEND_APPROVE_CODE], order: 61, span: 1, load: () => import('./dashboard/SendsCard') },
];
