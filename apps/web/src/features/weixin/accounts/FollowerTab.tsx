import { EditOutlined, SyncOutlined } from '@ant-design/icons';
import type { WxAccount, WxFollower } from '@agromet/contracts';
import { Button, Input, Select, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ToolbarSpacer } from '../../../components/admin-list/ListToolbar';
import { ListFilterControls } from '../../../components/admin-list/ListPageView';
import { RowAction, actionColumn, ellipsisColumn, timeColumn, type FitColumn } from '../../../components/admin-list/table-columns';
import { useFittedTable } from '../../../components/admin-list/use-fitted-table';
import { useEditor, useListPage, yesNoOptions, type FilterField } from '../../../components/admin-list/use-list-page';
import { useFeedback } from '../../../lib/feedback';
import { DEFAULT_PAGE_SIZE, type Paging } from '../../../lib/list-query';
import { useAccounts, useFollowerPage, useSetRemark, useSyncFollowers, useTags } from '../api/weixin';
import { NS } from '../i18n';
import { chosenAccount } from './account-choice';
import { SaveModal } from '../../../components/admin-list/SaveModal';

type FollowerListFilters = { account?: string; keyword?: string; subscribed?: string };

/** The followers of one page, of the account the filters name (or the first). */
function useFollowerRows(filters: FollowerListFilters, paging: Paging) {
  const accounts = useAccounts();
  const subscribed = filters.subscribed as 'true' | 'false' | undefined;
  return useFollowerPage(chosenAccount(filters.account, accounts.data), { keyword: filters.keyword, subscribed }, paging);
}

/** The tab's filters, in toolbar order, kept in the address: the account, a keyword, subscribed or not. */
function useFollowerFields(accounts: WxAccount[]): FilterField<FollowerListFilters>[] {
  const { t } = useTranslation(NS);
  return useMemo<FilterField<FollowerListFilters>[]>(
    () => [
      {
        kind: 'custom',
        key: 'account',
        render: (account, onChange) => (
          <Select
            id="wx-follower-account"
            aria-label={t('follower.account')}
            style={{ width: 180 }}
            value={chosenAccount(account, accounts)}
            options={accounts.map((a) => ({ value: a.id, label: a.name }))}
            onChange={(id: number) => onChange(String(id))}
          />
        ),
      },
      { kind: 'keyword', key: 'keyword', id: 'wx-follower-search', placeholder: t('follower.searchPlaceholder'), width: 200 },
      {
        kind: 'select',
        key: 'subscribed',
        id: 'wx-follower-status',
        label: t('follower.subscribedFilter'),
        width: 120,
        options: yesNoOptions(t('follower.subscribed'), t('follower.unsubscribed')),
      },
    ],
    [t, accounts],
  );
}

/** The followers table's columns: who, subscribed or not, tags, since when, the console's remark and its edit. */
function useFollowerColumns(accountId: number | undefined, editRemark: (f: WxFollower) => void): FitColumn<WxFollower>[] {
  const { t } = useTranslation(NS);
  const tags = useTags(accountId);
  const tagNames = useMemo(() => new Map((tags.data ?? []).map((g) => [g.id, g.name])), [tags.data]);
  return useMemo<FitColumn<WxFollower>[]>(
    () => [
      ellipsisColumn<WxFollower>({ title: t('follower.fields.nickname'), dataIndex: 'nickname', width: 120 }),
      ellipsisColumn<WxFollower>({ title: t('follower.fields.openId'), dataIndex: 'openId', width: 170 }),
      {
        title: t('follower.fields.subscribed'),
        dataIndex: 'subscribed',
        width: 100,
        render: (s: boolean) => <Tag color={s ? 'green' : 'default'}>{s ? t('follower.subscribed') : t('follower.unsubscribed')}</Tag>,
      },
      {
        title: t('follower.fields.tags'),
        dataIndex: 'tagIds',
        width: 140,
        render: (ids: number[]) => ids.map((id) => <Tag key={id}>{tagNames.get(id) ?? id}</Tag>),
      },
      timeColumn<WxFollower>({
        title: t('follower.fields.subscribeTime'),
        dataIndex: 'subscribeTime',
        render: (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : ''),
      }),
      ellipsisColumn<WxFollower>({ title: t('follower.fields.remark'), dataIndex: 'remark', width: 120 }),
      actionColumn<WxFollower>(t('common.actions'), 1, (f) => (
        <RowAction
          icon={<EditOutlined aria-hidden />}
          label={t('follower.editRemark', { name: f.nickname || f.openId })}
          onClick={() => editRemark(f)}
        />
      )),
    ],
    [t, tagNames, editRemark],
  );
}

/** The console's remark on a follower (WeChat's own is not touched). */
function RemarkModal({ follower, onClose }: { follower: WxFollower; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const { message } = useFeedback();
  const setRemark = useSetRemark();
  const [remark, setText] = useState(follower.remark);
  return (
    <SaveModal
      title={t('follower.editRemark', { name: follower.nickname || follower.openId })}
      submitId="wx-remark-submit"
      saving={setRemark.isPending}
      onClose={onClose}
      onSave={() =>
        void setRemark.mutateAsync({ id: follower.id, remark: remark.trim() }).then(() => {
          void message.success(t('follower.remarkSaved'));
          onClose();
        })
      }
    >
      <Input id="wx-remark" maxLength={30} value={remark} onChange={(e) => setText(e.target.value)} />
    </SaveModal>
  );
}

/**
 * Followers of one account: synced from WeChat on demand, searched, filtered by status (account, keyword and status
 * kept in the address with the paging), with the console's remark.
 */
export function FollowerTab({ accounts }: { accounts: WxAccount[] }) {
  const { t } = useTranslation(NS);
  const { message } = useFeedback();
  const list = useListPage<WxFollower, FollowerListFilters, ReturnType<typeof useFollowerPage>>({
    filters: useFollowerFields(accounts),
    pageSize: DEFAULT_PAGE_SIZE,
    useRows: useFollowerRows,
  });
  const accountId = chosenAccount(list.filters.account, accounts);
  const sync = useSyncFollowers();
  const remark = useEditor<WxFollower>();
  const columns = useFollowerColumns(accountId, remark.open);
  const fitted = useFittedTable(columns, list.table.dataSource);

  return (
    <div id="wx-followers">
      <div className="list-toolbar">
        <ListFilterControls list={list} />
        <ToolbarSpacer />
        <Button
          id="wx-follower-sync"
          icon={<SyncOutlined aria-hidden />}
          loading={sync.isPending}
          disabled={accountId === undefined}
          onClick={() => void sync.mutateAsync(accountId!).then((r) => message.success(t('follower.synced', { ...r })))}
        >
          {t('follower.sync')}
        </Button>
      </div>
      <Table<WxFollower> id="wx-follower-table" size="small" {...list.table} {...fitted} />
      {remark.editing?.record ? <RemarkModal follower={remark.editing.record} onClose={remark.close} /> : null}
    </div>
  );
}
