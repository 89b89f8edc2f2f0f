import { PlusOutlined, SettingOutlined } from '@ant-design/icons';
import type { ArticleSummary } from '@agromet/contracts';
import { holdsArticleAction } from '@agromet/contracts/web';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPageView, type ToolbarAction } from '../../components/admin-list/ListPageView';
import { useListPage } from '../../components/admin-list/use-list-page';
import type { Paging } from '../../lib/list-query';
import { useUserStore } from '../../stores/user';
import { useArticlePage, useArticlePlatforms } from './api/articles';
import { toArticleFilters, type ArticleListFilters } from './article-list-rules';
import { useArticleColumns } from './ArticleColumns';
import { CreateModal, EditorLoader, ReturnModal } from './ArticleDialogs';
import { useArticleFields, useOpenedRange } from './ArticleFilters';
import { ArticleSettings } from './ArticleSettings';
import { ArticleView } from './ArticleView';
import { NS } from './i18n';
import { useArticleSteps } from './use-article-steps';
import './articles.css';

/** The list query with the user's id for "mine". */
function useArticleRows(filters: ArticleListFilters, paging: Paging) {
  const me = useUserStore((s) => s.id);
  return useArticlePage(toArticleFilters(filters, me), paging);
}

/** Where publishing sends a document: the platforms the user chose in the settings. */
function usePublishNote(): string {
  const { t } = useTranslation(NS);
  const chosen = useUserStore((s) => s.setting.articlePlatform);
  const platforms = useArticlePlatforms();
  const publishTo = (platforms.data ?? []).filter((p) => chosen.includes(String(p.id))).map((p) => p.name);
  return publishTo.length ? t('list.publishTo', { names: publishTo.join(', ') }) : t('list.publishNowhere');
}

/** The toolbar's buttons: settings and a new document, for those who write (docs/security.md#separation-of-duties). */
function useArticleActions(openSettings: () => void, create: () => void): ToolbarAction[] {
  const { t } = useTranslation(NS);
  const roles = useUserStore((s) => s.roles);
  const writes = holdsArticleAction(roles, 'create');
  return useMemo(
    () =>
      writes
        ? [
            { id: 'article-settings', label: t('settings.open'), icon: <SettingOutlined aria-hidden />, onClick: openSettings },
            { id: 'article-create', label: t('actions.create'), icon: <PlusOutlined aria-hidden />, primary: true, onClick: create },
          ]
        : [],
    [t, writes, openSettings, create],
  );
}

/**
 * /service-products: the customer's bulletins and briefings, newest first, searched by title and text and filtered by
 * kind, state, time and author; each row offers what the workflow allows the user now (the same rules the server
 * applies), a preview with the history, and the PDF.
 */
export function ArticlePage() {
  const filterFields = useArticleFields();
  const list = useListPage<ArticleSummary, ArticleListFilters, ReturnType<typeof useArticlePage>>({
    filters: filterFields.fields,
    pageSize: 20,
    useRows: useArticleRows,
  });
  useOpenedRange(list.filters, filterFields);
  const [creating, setCreating] = useState(false);
  const [settings, setSettings] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const [returning, setReturning] = useState<ArticleSummary | null>(null);
  const { run, pdf } = useArticleSteps(setEditing);
  const publishNote = usePublishNote();
  const handlers = useMemo(
    () => ({
      view: (a: ArticleSummary) => setViewing(a.id),
      edit: (a: ArticleSummary) => setEditing(a.id),
      sendBack: setReturning,
      run,
      pdf,
      publishNote,
    }),
    [run, pdf, publishNote],
  );
  const columns = useArticleColumns(handlers);
  const actions = useArticleActions(
    useMemo(() => () => setSettings(true), []),
    useMemo(() => () => setCreating(true), []),
  );

  return (
    <ListPageView
      id="article-page"
      titleKey="serviceProducts"
      className="article-page"
      list={list}
      actions={actions}
      table={{ id: 'article-table', fitted: true, columns }}
    >
      {creating ? (
        <CreateModal
          onClose={() => setCreating(false)}
          onCreated={(id) => {
            setCreating(false);
            setEditing(id);
          }}
        />
      ) : null}
      {settings ? <ArticleSettings onClose={() => setSettings(false)} /> : null}
      {editing !== null ? <EditorLoader id={editing} onClose={() => setEditing(null)} /> : null}
      {viewing !== null ? <ArticleView id={viewing} onClose={() => setViewing(null)} /> : null}
      {returning ? <ReturnModal article={returning} onClose={() => setReturning(null)} /> : null}
    </ListPageView>
  );
}
