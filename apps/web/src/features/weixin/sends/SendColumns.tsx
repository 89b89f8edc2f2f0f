import { CheckOutlined, CloseOutlined, EyeOutlined, RedoOutlined, ReloadOutlined } from '@ant-design/icons';
import type { WxSend } from '@agromet/contracts';
import type { WxSendState } from '@agromet/contracts/web';
import { Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { rowActionsColumn, type RowActionSpec } from '../../../components/admin-list/row-actions';
import { ellipsisColumn, timeColumn, type FitColumn } from '../../../components/admin-list/table-columns';
import { useFeedback } from '../../../lib/feedback';
import { useSendAction } from '../api/weixin';
import { NS } from '../i18n';
import { sendContentText, sendCountsText } from './send-rules';

const STATE_COLOURS: Record<WxSendState, string> = {
  pending: 'gold',
  sending: 'processing',
  submitted: 'blue',
  sent: 'green',
  failed: 'red',
  rejected: 'default',
};

/** Who looks at the sends: their name, and which of the two codes they hold. */
export interface SendViewer {
  me: string;
  composes: boolean;
  approves: boolean;
}

/**
 * The buttons a send's state offers: preview (the composer's code) while pending; approve and refuse (the approver's,
 * never on one's own send); retry a failed one; check WeChat's outcome of a submitted one.
 */
export function useSendActions(viewer: SendViewer, preview: (s: WxSend) => void, refuse: (s: WxSend) => void) {
  const { t } = useTranslation(NS);
  const { message, modal } = useFeedback();
  const action = useSendAction();
  return useMemo<RowActionSpec<WxSend>[]>(() => {
    const { me, composes, approves } = viewer;
    const approve = (s: WxSend) =>
      modal.confirm({
        title: t('send.approve'),
        content: t('send.approveConfirm'),
        okButtonProps: { id: 'wx-approve-confirm' },
        onOk: async () => {
          const after = await action.mutateAsync({ kind: 'approve', id: s.id });
          void message.success(t(`send.states.${after.state}`));
        },
      });
    const own = (s: WxSend) => s.createdBy === me;
    const button = (key: string, icon: RowActionSpec<WxSend>['icon'], tip: string): Omit<RowActionSpec<WxSend>, 'onClick'> => ({
      key,
      icon,
      tip,
      label: (s) => `${tip} #${s.id}`,
    });
    return [
      {
        ...button('preview', <EyeOutlined aria-hidden />, t('send.preview')),
        shown: (s) => s.state === 'pending' && composes,
        onClick: preview,
      },
      {
        ...button('approve', <CheckOutlined aria-hidden />, t('send.approve')),
        shown: (s) => s.state === 'pending' && approves,
        disabled: own,
        disabledTip: t('send.ownSend'),
        onClick: (s) => void approve(s),
      },
      {
        ...button('reject', <CloseOutlined aria-hidden />, t('send.reject')),
        danger: true,
        shown: (s) => s.state === 'pending' && approves,
        disabled: own,
        disabledTip: t('send.ownSend'),
        onClick: refuse,
      },
      {
        ...button('retry', <RedoOutlined aria-hidden />, t('send.retry')),
        shown: (s) => s.state === 'failed',
        onClick: (s) => void action.mutateAsync({ kind: 'retry', id: s.id }),
      },
      {
        ...button('refresh', <ReloadOutlined aria-hidden />, t('send.refresh')),
        shown: (s) => s.state === 'submitted',
        onClick: (s) => void action.mutateAsync({ kind: 'refresh', id: s.id }),
      },
    ];
  }, [t, viewer, preview, refuse, action, modal, message]);
}

/** The sends table's columns: time, content, recipients, state (its error or reason as a tooltip), people, counts, actions. */
export function useSendColumns(actions: readonly RowActionSpec<WxSend>[]): FitColumn<WxSend>[] {
  const { t } = useTranslation(NS);
  return useMemo<FitColumn<WxSend>[]>(() => {
    const targetText = (s: WxSend) =>
      s.target === 'openids' ? t('send.openIdCount', { count: s.openIdCount }) : t(`send.targets.${s.target}`);
    const contentText = (s: WxSend) => sendContentText(s, t('send.kinds.image'));
    return [
      timeColumn<WxSend>({
        title: t('send.fields.createdAt'),
        dataIndex: 'createdAt',
        render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
      }),
      ellipsisColumn<WxSend>(
        { title: t('send.fields.content'), dataIndex: 'content', width: 220, render: (_: string, s) => contentText(s) },
        (_, s) => contentText(s),
      ),
      {
        title: t('send.fields.target'),
        key: 'target',
        width: 110,
        render: (_, s) => targetText(s),
        fit: { kind: 'content', cell: targetText },
      },
      {
        title: t('send.fields.state'),
        dataIndex: 'state',
        width: 120,
        render: (state: WxSendState, s) => (
          <Tooltip title={s.error || s.reason || undefined}>
            <Tag color={STATE_COLOURS[state]}>{t(`send.states.${state}`)}</Tag>
          </Tooltip>
        ),
        fit: { kind: 'content', cell: (s) => ({ tags: [t(`send.states.${s.state}`)] }) },
      },
      ellipsisColumn<WxSend>({ title: t('send.fields.createdBy'), dataIndex: 'createdBy', width: 100 }),
      // "Aprobado por" whole.
      ellipsisColumn<WxSend>({ title: t('send.fields.approvedBy'), dataIndex: 'approvedBy', width: 116 }),
      {
        title: t('send.fields.counts'),
        key: 'counts',
        width: 100,
        render: (_, s) => sendCountsText(s),
        fit: { kind: 'content', cell: sendCountsText },
      },
      rowActionsColumn<WxSend>(t('common.actions'), actions, undefined, 'middle'),
    ];
  }, [t, actions]);
}
