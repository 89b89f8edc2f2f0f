import { CheckOutlined, CloseOutlined, EyeOutlined, PlusOutlined, RedoOutlined, ReloadOutlined } from '@ant-design/icons';
import { WX_SEND_APPROVE_CODE, WX_SEND_CODE, WX_SEND_STATES, holdsAnyCode, type WxSendState } from '@agromet/contracts/web';
import type { WxSend } from '@agromet/contracts';
import { Button, Input, Modal, Select, Space, Table, Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { ListPage } from '../../../components/admin-list/ListPage';
import { FilterSelect, ToolbarSpacer } from '../../../components/admin-list/ListToolbar';
import { RowAction, actionColumn, ellipsisColumn, timeColumn, type FitColumn } from '../../../components/admin-list/table-columns';
import { useFittedTable } from '../../../components/admin-list/use-fitted-table';
import { usePagedTableProps, usePaging } from '../../../components/admin-list/use-paged-table';
import { useHideForecast } from '../../../components/map/use-hide-forecast';
import { useUserStore } from '../../../stores/user';
import { useAccounts, useFollowerPage, useSendAction, useSendPage, type SendFilters } from '../api/weixin';
import { NS } from '../i18n';
import '../weixin.css';
import { SendFormModal } from './SendFormModal';
import { useFeedback } from '../../../lib/feedback';

const STATE_COLOURS: Record<WxSendState, string> = {
  pending: 'gold',
  sending: 'processing',
  submitted: 'blue',
  sent: 'green',
  failed: 'red',
  rejected: 'default',
};

/** Choose one follower of the send's account and send it the preview. */
function PreviewModal({ send, onClose }: { send: WxSend; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const { message } = useFeedback();
  const [keyword, setKeyword] = useState('');
  const [openId, setOpenId] = useState<string | undefined>();
  const followers = useFollowerPage(send.accountId, { keyword: keyword || undefined, subscribed: 'true' }, { page: 1, size: 50 });
  const action = useSendAction();
  return (
    <Modal
      open
      title={t('send.previewTitle')}
      okText={t('send.preview')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: 'wx-preview-submit', disabled: !openId }}
      confirmLoading={action.isPending}
      onCancel={onClose}
      onOk={() =>
        void action.mutateAsync({ kind: 'preview', id: send.id, openId: openId! }).then(() => {
          void message.success(t('send.previewSent'));
          onClose();
        })
      }
    >
      <Select
        id="wx-preview-follower"
        style={{ width: '100%' }}
        placeholder={t('send.followersPlaceholder')}
        filterOption={false}
        showSearch={{ onSearch: setKeyword }}
        value={openId}
        onChange={setOpenId}
        options={(followers.data?.list ?? []).map((f) => ({ value: f.openId, label: f.nickname || f.openId }))}
      />
    </Modal>
  );
}

/**
 * /weixin-admin/weixin-send: mass sends with their state; composing one, previewing it to a follower, and approving
 * (by someone other than its author) or refusing it; retrying a failed one and checking WeChat's outcome. Composing and
 * approving are separate codes (docs/security.md#separation-of-duties): compose and preview show to the sender's
 * code, approve and refuse to the approver's.
 */
export function SendPage() {
  const { t } = useTranslation(NS);
  const { message, modal } = useFeedback();
  useHideForecast(true);
  const me = useUserStore(useShallow((s) => s.name || s.username));
  const roles = useUserStore((s) => s.roles);
  const composes = holdsAnyCode(roles, [WX_SEND_CODE]);
  const approves = holdsAnyCode(roles, [WX_SEND_APPROVE_CODE]);
  const accounts = useAccounts();
  const [filters, setFilters] = useState<SendFilters>({});
  const { paging, setPaging, toFirstPage } = usePaging();
  const page = useSendPage(filters, paging);
  const tableProps = usePagedTableProps(page, paging, setPaging);
  const action = useSendAction();
  const [composing, setComposing] = useState(false);
  const [previewing, setPreviewing] = useState<WxSend | null>(null);
  const [refusing, setRefusing] = useState<{ send: WxSend; reason: string } | null>(null);

  const columns = useMemo<FitColumn<WxSend>[]>(() => {
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
    const targetText = (s: WxSend) =>
      s.target === 'openids' ? t('send.openIdCount', { count: s.openIdCount }) : t(`send.targets.${s.target}`);
    const countsText = (s: WxSend) => (s.totalCount === null ? '' : `${s.sentCount ?? 0} / ${s.totalCount}`);
    const shownActions = (s: WxSend) =>
      (s.state === 'pending' && composes ? 1 : 0) +
      (s.state === 'pending' && approves ? 2 : 0) +
      (s.state === 'failed' || s.state === 'submitted' ? 1 : 0);
    return [
      timeColumn<WxSend>({
        title: t('send.fields.createdAt'),
        dataIndex: 'createdAt',
        render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
      }),
      ellipsisColumn<WxSend>(
        {
          title: t('send.fields.content'),
          dataIndex: 'content',
          width: 220,
          render: (c: string, s) => (s.kind === 'image' ? `[${t('send.kinds.image')}] ${c.split('\n')[1] ?? ''}` : c),
        },
        (c, s) => (s.kind === 'image' ? `[${t('send.kinds.image')}] ${String(c).split('\n')[1] ?? ''}` : String(c)),
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
        render: (_, s) => countsText(s),
        fit: { kind: 'content', cell: countsText },
      },
      // The buttons a send's state offers.
      actionColumn<WxSend>(t('common.actions'), shownActions, (s) => (
        <Space size={0}>
          {s.state === 'pending' && composes ? (
            <RowAction
              icon={<EyeOutlined aria-hidden />}
              label={`${t('send.preview')} #${s.id}`}
              tip={t('send.preview')}
              onClick={() => setPreviewing(s)}
            />
          ) : null}
          {s.state === 'pending' && approves ? (
            <>
              <RowAction
                icon={<CheckOutlined aria-hidden />}
                label={`${t('send.approve')} #${s.id}`}
                tip={s.createdBy === me ? t('send.ownSend') : t('send.approve')}
                disabled={s.createdBy === me}
                onClick={() => approve(s)}
              />
              <RowAction
                icon={<CloseOutlined aria-hidden />}
                danger
                label={`${t('send.reject')} #${s.id}`}
                tip={s.createdBy === me ? t('send.ownSend') : t('send.reject')}
                disabled={s.createdBy === me}
                onClick={() => setRefusing({ send: s, reason: '' })}
              />
            </>
          ) : null}
          {s.state === 'failed' ? (
            <RowAction
              icon={<RedoOutlined aria-hidden />}
              label={`${t('send.retry')} #${s.id}`}
              tip={t('send.retry')}
              onClick={() => void action.mutateAsync({ kind: 'retry', id: s.id })}
            />
          ) : null}
          {s.state === 'submitted' ? (
            <RowAction
              icon={<ReloadOutlined aria-hidden />}
              label={`${t('send.refresh')} #${s.id}`}
              tip={t('send.refresh')}
              onClick={() => void action.mutateAsync({ kind: 'refresh', id: s.id })}
            />
          ) : null}
        </Space>
      )),
    ];
  }, [t, me, composes, approves, action, modal, message]);
  const fitted = useFittedTable(columns, tableProps.dataSource);

  return (
    <ListPage
      id="wx-send-page"
      titleKey="weixinSend"
      className="wx-page"
      toolbar={
        <>
          <FilterSelect<WxSendState>
            id="wx-send-state"
            label={t('send.stateFilter')}
            width={150}
            value={filters.state}
            options={WX_SEND_STATES.map((s) => ({ value: s, label: t(`send.states.${s}`) }))}
            onChange={(state) => {
              setFilters({ state });
              toFirstPage();
            }}
          />
          <ToolbarSpacer />
          {composes ? (
            <Button
              id="wx-send-create"
              type="primary"
              icon={<PlusOutlined aria-hidden />}
              disabled={(accounts.data?.length ?? 0) === 0}
              onClick={() => setComposing(true)}
            >
              {t('send.create')}
            </Button>
          ) : null}
        </>
      }
    >
      <Table<WxSend> id="wx-send-table" size="small" {...tableProps} {...fitted} />
      {composing && accounts.data ? <SendFormModal accounts={accounts.data} onClose={() => setComposing(false)} /> : null}
      {previewing ? <PreviewModal send={previewing} onClose={() => setPreviewing(null)} /> : null}
      {refusing ? (
        <Modal
          open
          title={t('send.rejectTitle')}
          okText={t('send.reject')}
          cancelText={t('common.cancel')}
          okButtonProps={{ id: 'wx-reject-submit', danger: true, disabled: refusing.reason.trim() === '' }}
          onCancel={() => setRefusing(null)}
          onOk={() =>
            void action.mutateAsync({ kind: 'reject', id: refusing.send.id, reason: refusing.reason.trim() }).then(() => {
              void message.success(t('send.rejected'));
              setRefusing(null);
            })
          }
        >
          <Input.TextArea
            id="wx-reject-reason"
            rows={3}
            maxLength={200}
            placeholder={t('send.reason')}
            value={refusing.reason}
            onChange={(e) => setRefusing({ ...refusing, reason: e.target.value })}
          />
        </Modal>
      ) : null}
    </ListPage>
  );
}
