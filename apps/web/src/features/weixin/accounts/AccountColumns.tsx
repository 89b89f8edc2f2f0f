import { ApiOutlined } from '@ant-design/icons';
import type { WxAccount } from '@agromet/contracts';
import { Descriptions, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { editDeleteActions, rowActionsColumn, type RowActionSpec } from '../../../components/admin-list/row-actions';
import { ellipsisColumn, type FitColumn } from '../../../components/admin-list/table-columns';
import { useConfirmDelete } from '../../../components/admin-list/use-confirm-delete';
import { useFeedback } from '../../../lib/feedback';
import { useDeleteAccount, useTestAccount } from '../api/weixin';
import { NS } from '../i18n';

/** An account's row actions: test the connection (its outcome in a dialog), edit, delete. */
export function useAccountActions(edit: (a: WxAccount) => void): RowActionSpec<WxAccount>[] {
  const { t } = useTranslation(NS);
  const { modal } = useFeedback();
  const remove = useDeleteAccount();
  const test = useTestAccount();
  const confirmDelete = useConfirmDelete();
  return useMemo(() => {
    const runTest = async (a: WxAccount) => {
      const r = await test.mutateAsync(a.id);
      if (r.ok) modal.success({ title: a.name, content: t('account.testOk', { seconds: r.expiresIn }) });
      else modal.error({ title: a.name, content: t('account.testFailed', { code: r.errcode, advice: r.advice }) });
    };
    const testAction: RowActionSpec<WxAccount> = {
      key: 'test',
      icon: <ApiOutlined aria-hidden />,
      tip: t('account.test'),
      label: (a) => `${t('account.test')} ${a.name}`,
      onClick: (a) => void runTest(a),
    };
    return [
      testAction,
      ...editDeleteActions<WxAccount>(
        t,
        (a) => a.name,
        edit,
        (a) => confirmDelete(a.name, () => remove.mutateAsync(a.id)),
      ),
    ];
  }, [t, modal, test, edit, confirmDelete, remove]);
}

/** The accounts table's columns: name, ids, followers, API calls, the last connection test, actions. */
export function useAccountColumns(actions: readonly RowActionSpec<WxAccount>[]): FitColumn<WxAccount>[] {
  const { t } = useTranslation(NS);
  return useMemo<FitColumn<WxAccount>[]>(
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
      rowActionsColumn<WxAccount>(t('common.actions'), actions, undefined, 'middle'),
    ],
    [t, actions],
  );
}

/** An account's details under its row: nickname, the callback address to copy, encryption mode, last call. */
export function AccountDetails({ account: a }: { account: WxAccount }) {
  const { t } = useTranslation(NS);
  return (
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
        <span className="list-hint">{t('account.callbackHint')}</span>
      </Descriptions.Item>
    </Descriptions>
  );
}
