import { menuIssues, type Menu } from '@agromet/contracts/web';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../lib/feedback';
import { fetchCurrentMenu, useAccounts, useMenu, usePublishMenu, useSaveMenu } from '../api/weixin';
import { NS } from '../i18n';
import { menuDiff, type MenuChange, type MenuPlace } from './menu-editor';

/**
 * The menu editor's state: the account (the first until another is chosen), its saved menu and the draft edited from
 * it, the selected button, WeChat's current menu once fetched and the draft's differences from it; save, publish.
 */
export function useMenuDraft() {
  const { t } = useTranslation(NS);
  const { message, modal } = useFeedback();
  const accounts = useAccounts();
  const [accountId, setAccountId] = useState<number | undefined>();
  useEffect(() => {
    if (accountId === undefined && accounts.data?.[0]) setAccountId(accounts.data[0].id);
  }, [accounts.data, accountId]);
  const saved = useMenu(accountId);
  const [draft, setDraft] = useState<Menu | null>(null);
  const [selected, setSelected] = useState<MenuPlace | null>(null);
  const [current, setCurrent] = useState<{ menu: Menu | null } | null>(null);
  const save = useSaveMenu();
  const publish = usePublishMenu();
  useEffect(() => {
    setDraft(saved.data ? saved.data.draft : null);
    setSelected(null);
    setCurrent(null);
  }, [saved.data]);

  const menu = useMemo<Menu>(() => draft ?? { button: [] }, [draft]);
  const issues = useMemo(() => menuIssues(menu), [menu]);
  const dirty = saved.data !== undefined && JSON.stringify(saved.data.draft) !== JSON.stringify(menu);
  const diff: MenuChange[] | null = current ? menuDiff(menu, current.menu) : null;

  const edit = (next: Menu, select?: MenuPlace | null) => {
    setDraft(next);
    if (select !== undefined) setSelected(select);
  };
  const onSave = async () => {
    if (!accountId || !saved.data) return;
    await save.mutateAsync({ accountId, version: saved.data.version, menu });
    void message.success(t('menu.saved'));
  };
  const onPublish = () => {
    if (!accountId || !saved.data) return;
    const version = saved.data.version;
    modal.confirm({
      title: t('menu.publish'),
      content: t('menu.confirmPublish'),
      okButtonProps: { id: 'wx-menu-publish-confirm' },
      onOk: async () => {
        await publish.mutateAsync({ accountId, version });
        void message.success(t('menu.published'));
      },
    });
  };
  const onFetch = () => {
    if (accountId) void fetchCurrentMenu(accountId).then(setCurrent);
  };

  return {
    accounts: accounts.data,
    account: accounts.data?.find((a) => a.id === accountId),
    accountId,
    setAccountId,
    saved: saved.data,
    menu,
    issues,
    dirty,
    selected,
    setSelected,
    edit,
    current,
    diff,
    save: { run: onSave, pending: save.isPending },
    publish: { run: onPublish, pending: publish.isPending },
    fetch: onFetch,
  };
}
