import { PlusOutlined } from '@ant-design/icons';
import { WX_SEND_APPROVE_CODE, WX_SEND_CODE, WX_SEND_STATES, holdsAnyCode } from '@agromet/contracts/web';
import type { WxSend } from '@agromet/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { ListPageView, type ToolbarAction } from '../../../components/admin-list/ListPageView';
import { useEditor, useListPage, type FilterField } from '../../../components/admin-list/use-list-page';
import { useHideForecast } from '../../../components/map/use-hide-forecast';
import { DEFAULT_PAGE_SIZE } from '../../../lib/list-query';
import { useUserStore } from '../../../stores/user';
import { useAccounts, useSendPage, type SendFilters } from '../api/weixin';
import { NS } from '../i18n';
import '../weixin.css';
import { useSendActions, useSendColumns, type SendViewer } from './SendColumns';
import { PreviewModal, RejectModal } from './SendDialogs';
import { SendFormModal } from './SendFormModal';

/**
 * /weixin-admin/weixin-send: mass sends with their state; composing one, previewing it to a follower, and approving
 * (by someone other than its author) or refusing it; retrying a failed one and checking WeChat's outcome. Composing and
 * approving are separate codes (docs/security.md#separation-of-duties): compose and preview show to the sender's
 * code, approve and refuse to the approver's.
 */
export function SendPage() {
  const { t } = useTranslation(NS);
  useHideForecast(true);
  const me = useUserStore(useShallow((s) => s.name || s.username));
  const roles = useUserStore((s) => s.roles);
  const viewer = useMemo<SendViewer>(
    () => ({ me, composes: holdsAnyCode(roles, [WX_SEND_CODE]), approves: holdsAnyCode(roles, [WX_SEND_APPROVE_CODE]) }),
    [me, roles],
  );
  const accounts = useAccounts();
  const fields = useMemo<FilterField<SendFilters>[]>(
    () => [
      {
        kind: 'select',
        key: 'state',
        id: 'wx-send-state',
        label: t('send.stateFilter'),
        width: 150,
        options: WX_SEND_STATES.map((s) => ({ value: s, label: t(`send.states.${s}`) })),
      },
    ],
    [t],
  );
  const list = useListPage<WxSend, SendFilters, ReturnType<typeof useSendPage>>({
    filters: fields,
    pageSize: DEFAULT_PAGE_SIZE,
    useRows: useSendPage,
  });
  const composer = useEditor<WxSend>();
  const previewing = useEditor<WxSend>();
  const refusing = useEditor<WxSend>();
  const columns = useSendColumns(useSendActions(viewer, previewing.open, refusing.open));
  const actions: ToolbarAction[] = viewer.composes
    ? [
        {
          id: 'wx-send-create',
          label: t('send.create'),
          icon: <PlusOutlined aria-hidden />,
          primary: true,
          disabled: (accounts.data?.length ?? 0) === 0,
          onClick: () => composer.open(null),
        },
      ]
    : [];

  return (
    <ListPageView
      id="wx-send-page"
      titleKey="weixinSend"
      className="map-panel-page wx-page"
      list={list}
      actions={actions}
      table={{ id: 'wx-send-table', fitted: true, columns }}
    >
      {composer.editing && accounts.data ? <SendFormModal accounts={accounts.data} onClose={composer.close} /> : null}
      {previewing.editing?.record ? <PreviewModal send={previewing.editing.record} onClose={previewing.close} /> : null}
      {refusing.editing?.record ? <RejectModal send={refusing.editing.record} onClose={refusing.close} /> : null}
    </ListPageView>
  );
}
