import { ApiOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { WxAccount } from '@agromet/contracts';
import { Alert, Button, Descriptions, Space, Table, Tabs, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/admin-list/ListPage';
import { RowAction, actionColumn, ellipsisColumn, type FitColumn } from '../../../components/admin-list/table-columns';
import { useFittedTable } from '../../../components/admin-list/use-fitted-table';
import { useConfirmDelete } from '../../../components/admin-list/use-confirm-delete';
import { useHideForecast } from '../../../components/map/use-hide-forecast';
import { useAccounts, useDeleteAccount, useTestAccount } from '../api/weixin';
import { NS } from '../i18n';
import '../weixin.css';
import { AccountFormModal } from './AccountFormModal';
import { FollowerTab } from './FollowerTab';
import { useFeedback } from '../../../lib/feedback';

/**
 * /weixin-admin/weixin-account: the customer's official accounts (secrets never shown) with a connection test and the
 * callback address to copy; the followers of each, synced from WeChat.
 */
export function AccountPage() {
  const { t } = useTranslation(NS);
  const { modal } = useFeedback();
  useHideForecast(true);
  const accounts = useAccounts();
  const list = useMemo(() => accounts.data ?? [], [accounts.data]);
  const [editor, setEditor] = useState<{ account: WxAccount | null } | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const remove = useDeleteAccount();
  const test = useTestAccount();
  const confirmDelete = useConfirmDelete();

  const runTest = useCallback(
    async (a: WxAccount) => {
      const r = await test.mutateAsync(a.id);
      if (r.ok) modal.success({ title: a.name, content: t('account.testOk', { seconds: r.expiresIn }) });
      else modal.error({ title: a.name, content: t('account.testFailed', { code: r.errcode, advice: r.advice }) });
    },
    [test, modal, t],
  );

  const columns = useMemo<FitColumn<WxAccount>[]>(
    () => [
      ellipsisColumn<WxAccount>({ title: t('account.fields.name'), dataIndex: 'name', width: 140 }),
      { title: t('account.fields.wxId'), dataIndex: 'wxId', width: 140, className: 'table-cell-nowrap' },
      { title: t('account.fields.appId'), dataIndex: 'appId', width: 170, className: 'table-cell-nowrap' },
      { title: t('account.fields.followers'), dataIndex: 'followers', width: 100, align: 'right' },
      { title: t('account.fields.apiCalls'), dataIndex: 'apiCalls', width: 110, align: 'right' },
      {
        title: t('account.fields.lastTest'),
        key: 'test',
        width: 100,
        render: (_, a) =>
          a.lastTestCode === null ? (
            <Tag>{t('account.testNever')}</Tag>
          ) : a.lastTestCode === 0 ? (
            <Tag color="green">{t('account.testPassed')}</Tag>
          ) : (
            <Tag color="red">{t('account.testError', { code: a.lastTestCode })}</Tag>
          ),
      },
      actionColumn<WxAccount>(t('common.actions'), 3, (a) => (
        <Space size={0} onClick={(e) => e.stopPropagation()}>
          <RowAction
            icon={<ApiOutlined aria-hidden />}
            label={`${t('account.test')} ${a.name}`}
            tip={t('account.test')}
            onClick={() => void runTest(a)}
          />
          <RowAction
            icon={<EditOutlined aria-hidden />}
            label={`${t('common.edit')} ${a.name}`}
            tip={t('common.edit')}
            onClick={() => setEditor({ account: a })}
          />
          <RowAction
            icon={<DeleteOutlined aria-hidden />}
            danger
            label={`${t('common.delete')} ${a.name}`}
            tip={t('common.delete')}
            onClick={() => confirmDelete(a.name, () => remove.mutateAsync(a.id))}
          />
        </Space>
      )),
    ],
    [t, runTest, confirmDelete, remove],
  );
  const fitted = useFittedTable(columns, list);

  const details = (a: WxAccount) => (
    <Descriptions size="small" column={1} id={`wx-account-detail-${a.id}`}>
      <Descriptions.Item label={t('account.fields.nickname')}>{a.nickname}</Descriptions.Item>
      <Descriptions.Item label={t('account.fields.callbackUrl')}>
        <Typography.Text copyable id={`wx-callback-${a.id}`}>
          {a.callbackUrl}
        </Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t('account.fields.encryptMode')}>
        <span id={`wx-encrypt-mode-${a.id}`}>{t(`account.modes.${a.encryptMode}`)}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('account.fields.lastCallAt')}>
        {a.lastCallAt ? dayjs(a.lastCallAt).format('YYYY-MM-DD HH:mm:ss') : ''}
      </Descriptions.Item>
      <Descriptions.Item>
        <span className="wx-hint">{t('account.callbackHint')}</span>
      </Descriptions.Item>
    </Descriptions>
  );

  return (
    <ListPage id="wx-account-page" titleKey="weixinAccount" className="wx-page" data={{ 'data-accounts': list.length }}>
      <Tabs
        id="wx-account-tabs"
        items={[
          {
            key: 'accounts',
            label: t('account.tabAccounts'),
            children: (
              <>
                <Space style={{ marginBottom: 8 }}>
                  <Button
                    id="wx-account-create"
                    type="primary"
                    icon={<PlusOutlined aria-hidden />}
                    onClick={() => setEditor({ account: null })}
                  >
                    {t('common.create')}
                  </Button>
                </Space>
                {accounts.data && list.length === 0 ? <Alert type="info" showIcon message={t('account.noAccount')} /> : null}
                <Table<WxAccount>
                  id="wx-account-table"
                  size="small"
                  rowKey="id"
                  loading={accounts.isPending}
                  dataSource={list}
                  pagination={false}
                  {...fitted}
                  expandable={{
                    expandedRowRender: details,
                    expandedRowKeys: selectedId !== null ? [selectedId] : [],
                    showExpandColumn: false,
                  }}
                  onRow={(a) => ({ onClick: () => setSelectedId((id) => (id === a.id ? null : a.id)) })}
                />
              </>
            ),
          },
          {
            key: 'followers',
            label: t('account.tabFollowers'),
            children: list.length > 0 ? <FollowerTab accounts={list} /> : <Alert type="info" showIcon message={t('account.noAccount')} />,
          },
        ]}
      />
      {editor ? (
        <AccountFormModal
          account={editor.account}
          onSaved={(a) => {
            setEditor(null);
            setSelectedId(a.id);
          }}
          onClose={() => setEditor(null)}
        />
      ) : null}
    </ListPage>
  );
}
