import { EditOutlined, SyncOutlined } from '@ant-design/icons';
import type { WxAccount, WxFollower } from '@agromet/contracts';
import { Button, Input, Modal, Select, Space, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterSelect, KeywordSearch, ToolbarSpacer } from '../../../components/admin-list/ListToolbar';
import { RowAction, actionColumn, ellipsisColumn, timeColumn, type FitColumn } from '../../../components/admin-list/table-columns';
import { useFittedTable } from '../../../components/admin-list/use-fitted-table';
import { useKeyword, usePagedTableProps, usePaging } from '../../../components/admin-list/use-paged-table';
import { useFollowerPage, useSetRemark, useSyncFollowers, useTags, type FollowerFilters } from '../api/weixin';
import { NS } from '../i18n';
import { useFeedback } from '../../../lib/feedback';

/** Followers of one account: synced from WeChat on demand, searched, filtered by status, with the console's remark. */
export function FollowerTab({ accounts }: { accounts: WxAccount[] }) {
  const { t } = useTranslation(NS);
  const { message } = useFeedback();
  const [accountId, setAccountId] = useState<number | undefined>(accounts[0]?.id);
  const [filters, setFilters] = useState<FollowerFilters>({});
  const { paging, setPaging, toFirstPage } = usePaging();
  const [keyword, search] = useKeyword(toFirstPage);
  const page = useFollowerPage(accountId, { ...filters, keyword: keyword || undefined }, paging);
  const tableProps = usePagedTableProps(page, paging, setPaging);
  const sync = useSyncFollowers();
  const tags = useTags(accountId);
  const tagNames = useMemo(() => new Map((tags.data ?? []).map((g) => [g.id, g.name])), [tags.data]);
  const setRemark = useSetRemark();
  const [editing, setEditing] = useState<{ follower: WxFollower; remark: string } | null>(null);

  const columns = useMemo<FitColumn<WxFollower>[]>(
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
          onClick={() => setEditing({ follower: f, remark: f.remark })}
        />
      )),
    ],
    [t, tagNames],
  );
  const fitted = useFittedTable(columns, tableProps.dataSource);

  return (
    <div id="wx-followers">
      <Space wrap style={{ marginBottom: 8, width: '100%' }}>
        <Select
          id="wx-follower-account"
          aria-label={t('follower.account')}
          style={{ width: 180 }}
          value={accountId}
          options={accounts.map((a) => ({ value: a.id, label: a.name }))}
          onChange={(id: number) => {
            setAccountId(id);
            toFirstPage();
          }}
        />
        <KeywordSearch id="wx-follower-search" placeholder={t('follower.searchPlaceholder')} width={200} onSearch={search} />
        <FilterSelect<'true' | 'false'>
          id="wx-follower-status"
          label={t('follower.subscribedFilter')}
          width={120}
          value={filters.subscribed}
          options={[
            { value: 'true', label: t('follower.subscribed') },
            { value: 'false', label: t('follower.unsubscribed') },
          ]}
          onChange={(subscribed) => {
            setFilters({ subscribed });
            toFirstPage();
          }}
        />
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
      </Space>
      <Table<WxFollower> id="wx-follower-table" size="small" {...tableProps} {...fitted} />
      {editing ? (
        <Modal
          open
          title={t('follower.editRemark', { name: editing.follower.nickname || editing.follower.openId })}
          okText={t('common.save')}
          cancelText={t('common.cancel')}
          okButtonProps={{ id: 'wx-remark-submit' }}
          confirmLoading={setRemark.isPending}
          onCancel={() => setEditing(null)}
          onOk={() =>
            void setRemark.mutateAsync({ id: editing.follower.id, remark: editing.remark.trim() }).then(() => {
              void message.success(t('follower.remarkSaved'));
              setEditing(null);
            })
          }
        >
          <Input
            id="wx-remark"
            maxLength={30}
            value={editing.remark}
            onChange={(e) => setEditing({ ...editing, remark: e.target.value })}
          />
        </Modal>
      ) : null}
    </div>
  );
}
