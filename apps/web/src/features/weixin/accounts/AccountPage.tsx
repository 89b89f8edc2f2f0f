import { PlusOutlined } from '@ant-design/icons';
import type { WxAccount } from '@agromet/contracts';
import { Alert, Button, Space, Table, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/admin-list/ListPage';
import { useFittedTable } from '../../../components/admin-list/use-fitted-table';
import { useEditor } from '../../../components/admin-list/use-list-page';
import { useHideForecast } from '../../../components/map/use-hide-forecast';
import { useAccounts } from '../api/weixin';
import { NS } from '../i18n';
import '../weixin.css';
import { AccountFormModal } from './AccountFormModal';
import { FollowerTab } from './FollowerTab';
import { AccountDetails, useAccountActions, useAccountColumns } from './AccountColumns';

/**
 * /weixin-admin/weixin-account: the customer's official accounts (secrets never shown) with a connection test and the
 * callback address to copy; the followers of each, synced from WeChat.
 */
export function AccountPage() {
  const { t } = useTranslation(NS);
  useHideForecast(true);
  const accounts = useAccounts();
  const list = useMemo(() => accounts.data ?? [], [accounts.data]);
  const editor = useEditor<WxAccount>();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const columns = useAccountColumns(useAccountActions(editor.open));
  const fitted = useFittedTable(columns, list);

  return (
    <ListPage id="wx-account-page" titleKey="weixinAccount" className="map-panel-page wx-page" data={{ 'data-accounts': list.length }}>
      <Tabs
        id="wx-account-tabs"
        items={[
          {
            key: 'accounts',
            label: t('account.tabAccounts'),
            children: (
              <>
                <Space style={{ marginBottom: 8 }}>
                  <Button id="wx-account-create" type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => editor.open(null)}>
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
                    expandedRowRender: (a) => <AccountDetails account={a} />,
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
      {editor.editing ? (
        <AccountFormModal
          account={editor.editing.record}
          onSaved={(a) => {
            editor.close();
            setSelectedId(a.id);
          }}
          onClose={editor.close}
        />
      ) : null}
    </ListPage>
  );
}
