import type { ArticleAction, ArticleState, ArticleSummary } from '@agromet/contracts';
import { allowedArticleActions } from '@agromet/contracts/web';
import { Button, Popconfirm, Space, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FitColumn } from '../../components/admin-list/table-columns';
import { useUserStore } from '../../stores/user';
import { articleRowLinks, longerText, type ArticleRowLink } from './article-list-rules';
import { formatTime } from './ArticleView';
import { NS } from './i18n';
import { useIssueLabel } from './issue-label';

const STATE_COLOURS: Record<ArticleState, string> = { draft: 'default', submitted: 'gold', approved: 'blue', published: 'green' };

/** What a row's links do: open a dialog on the document, or take a step of the workflow. */
export interface ArticleRowHandlers {
  view: (a: ArticleSummary) => void;
  edit: (a: ArticleSummary) => void;
  sendBack: (a: ArticleSummary) => void;
  run: (action: ArticleAction, a: ArticleSummary) => Promise<void>;
  pdf: (a: ArticleSummary) => Promise<void>;
  /** Where publishing sends the document (said in its confirmation). */
  publishNote: string;
}

/** The bulletins table's columns: issue, title (with the author's returned note), state, people, time and links. */
export function useArticleColumns(handlers: ArticleRowHandlers): FitColumn<ArticleSummary>[] {
  const { t } = useTranslation(NS);
  const issueLabel = useIssueLabel();
  return useMemo<FitColumn<ArticleSummary>[]>(
    () => [
      {
        title: t('fields.issue'),
        key: 'issue',
        width: 190,
        render: (_, a) => (
          <div>
            <div>{a.kindName}</div>
            <div className="article-issue-label">
              {issueLabel(a)}
              {a.revision > 1 ? <Tag style={{ marginLeft: 4 }}>{t('list.revision', { n: a.revision - 1 })}</Tag> : null}
            </div>
          </div>
        ),
      },
      {
        title: t('fields.title'),
        key: 'title',
        width: 200,
        // Titles wrap: the column takes the room the others leave, at least a few words wide.
        fit: { kind: 'free', min: 160, cell: (a) => a.title },
        render: (_, a) => (
          <div>
            <a onClick={() => handlers.view(a)} className="article-title-link">
              {a.title}
            </a>
            {a.state === 'draft' && a.returnComment ? (
              <div className="article-returned">{t('list.returned', { comment: a.returnComment })}</div>
            ) : null}
          </div>
        ),
      },
      {
        title: t('fields.state'),
        key: 'state',
        width: 110,
        // The state's tag, and under it "superseded" when it is.
        fit: { kind: 'content', cell: (a) => ({ tags: [longerText(t(`states.${a.state}`), a.superseded ? t('list.superseded') : '')] }) },
        render: (_, a) => (
          <Space size={2} direction="vertical">
            <Tag color={STATE_COLOURS[a.state]} className="article-state" data-state={a.state}>
              {t(`states.${a.state}`)}
            </Tag>
            {a.superseded ? <Tag>{t('list.superseded')}</Tag> : null}
          </Space>
        ),
      },
      { title: t('fields.author'), dataIndex: 'authorName', width: 100 },
      { title: t('fields.reviewer'), dataIndex: 'reviewerName', width: 100 },
      {
        title: t('fields.createdAt'),
        dataIndex: 'createdAt',
        width: 140,
        render: (v: string) => formatTime(v),
        fit: { kind: 'content', cell: (a) => formatTime(a.createdAt) },
      },
      {
        title: t('fields.actions'),
        key: 'actions',
        // Kept in view while the table scrolls sideways in a narrow panel; its links wrap onto a few lines.
        fixed: 'right',
        width: 240,
        render: (_, a) => <ArticleRowLinks article={a} handlers={handlers} />,
      },
    ],
    [t, issueLabel, handlers],
  );
}

/** A row's links: what the workflow allows the user on the document now (the same rules the server applies). */
function ArticleRowLinks({ article: a, handlers }: { article: ArticleSummary; handlers: ArticleRowHandlers }) {
  const { t } = useTranslation(NS);
  const me = useUserStore((s) => s.id);
  const roles = useUserStore((s) => s.roles);
  const allowed = me === null ? [] : allowedArticleActions(a.state, { actorId: me, authorId: a.authorId }, roles);
  const link = (action: ArticleRowLink, onClick?: () => void, danger?: boolean) => (
    <Button key={action} id={`article-${action}-${a.id}`} size="small" type="link" danger={danger} onClick={onClick}>
      {t(`actions.${action}`)}
    </Button>
  );
  const shown = articleRowLinks(allowed).map((action) => {
    switch (action) {
      case 'view':
        return link(action, () => handlers.view(a));
      case 'edit':
        return link(action, () => handlers.edit(a));
      case 'return':
        return link(action, () => handlers.sendBack(a), true);
      case 'pdf':
        return link(action, () => void handlers.pdf(a));
      case 'publish':
        return (
          <Popconfirm
            key={action}
            title={t('list.confirmPublish', { title: a.title })}
            description={<span id="article-publish-platforms">{handlers.publishNote}</span>}
            okButtonProps={{ id: `article-publish-ok-${a.id}` }}
            onConfirm={() => handlers.run('publish', a)}
          >
            {link(action)}
          </Popconfirm>
        );
      case 'delete':
        return (
          <Popconfirm
            key={action}
            title={t('list.confirmDelete', { title: a.title })}
            okButtonProps={{ id: `article-delete-ok-${a.id}` }}
            onConfirm={() => handlers.run('delete', a)}
          >
            {link(action, undefined, true)}
          </Popconfirm>
        );
      default:
        return link(action, () => void handlers.run(action, a));
    }
  });
  return (
    <Space size={0} wrap>
      {shown}
    </Space>
  );
}
