import { PlusOutlined, SettingOutlined } from '@ant-design/icons';
import type { ArticleAction, ArticleState, ArticleSummary } from '@agromet/contracts';
import { ARTICLE_LIMITS, ARTICLE_STATES, allowedArticleActions, fillArticleTemplate, holdsArticleAction } from '@agromet/contracts/web';
import { Button, Checkbox, DatePicker, Form, Input, Modal, Popconfirm, Radio, Select, Space, Spin, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../components/admin-list/ListPage';
import { type FitColumn } from '../../components/admin-list/table-columns';
import { useFittedTable } from '../../components/admin-list/use-fitted-table';
import { FilterSelect, KeywordSearch, ToolbarSpacer } from '../../components/admin-list/ListToolbar';
import { usePagedTableProps, usePaging } from '../../components/admin-list/use-paged-table';
import { logUnlessShown } from '../../lib/shown-failure';
import { useUserStore } from '../../stores/user';
import {
  downloadPdf,
  useAddArticle,
  useArticle,
  useArticleKinds,
  useArticlePage,
  useArticlePlatforms,
  useNextIssue,
  useReturn,
  useStep,
  type ArticleFilters,
  type StepCall,
} from './api/articles';
import { ArticleSettings } from './ArticleSettings';
import { ArticleView, formatTime } from './ArticleView';
import { NS } from './i18n';
import { useIssueLabel } from './issue-label';
import './articles.css';
import { useDateInputFormats } from '../../lib/date-input';
import { useFeedback } from '../../lib/feedback';

// tiptap is fetched only when a document is opened for editing.
const ArticleEditor = lazy(() => import('./ArticleEditor'));

const STATE_COLOURS: Record<ArticleState, string> = { draft: 'default', submitted: 'gold', approved: 'blue', published: 'green' };
const STEP_CALLS: Partial<Record<ArticleAction, StepCall>> = {
  submit: 'articleSubmit',
  approve: 'articleApprove',
  publish: 'articlePublish',
  revise: 'articleRevise',
  duplicate: 'articleDuplicate',
  delete: 'articleDelete',
};

function EditorLoader({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const article = useArticle(id);
  const loading = (
    <Modal open footer={null} onCancel={onClose} title={t('editor.loading')}>
      <Spin />
    </Modal>
  );
  if (!article.data) return loading;
  return (
    <Suspense fallback={loading}>
      <ArticleEditor key={`${id}-${article.data.version}`} article={article.data} onClose={onClose} />
    </Suspense>
  );
}

/** New document: a kind (its template previewed with the number it would get), a title, template or blank. */
function CreateModal({ onCreated, onClose }: { onCreated: (id: number) => void; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const { message } = useFeedback();
  const kinds = useArticleKinds();
  const [kindId, setKindId] = useState<number | undefined>();
  const [fromTemplate, setFromTemplate] = useState(true);
  const [title, setTitle] = useState('');
  const next = useNextIssue(kindId);
  const add = useAddArticle();
  const kind = kinds.data?.find((k) => k.id === kindId);
  const preview =
    kind && next.data
      ? fillArticleTemplate(kind.template, {
          date: next.data.date,
          issueNumber: String(next.data.issueNo),
          unit: next.data.unit,
          year: String(next.data.year),
        })
      : '';
  const create = async () => {
    if (!kindId || !title.trim()) return;
    try {
      const { id } = await add.mutateAsync({ kindId, title: title.trim(), fromTemplate });
      void message.success(t('done.created'));
      onCreated(id);
    } catch (error) {
      logUnlessShown(error, 'article add');
    }
  };
  return (
    <Modal
      open
      width={760}
      title={t('create.title')}
      onCancel={onClose}
      okText={t('actions.create')}
      okButtonProps={{ id: 'article-create-ok', disabled: !kindId || !title.trim() }}
      confirmLoading={add.isPending}
      onOk={() => void create()}
    >
      <Form layout="vertical">
        <Form.Item label={t('create.template')} required>
          <Select
            id="article-create-kind"
            value={kindId}
            loading={kinds.isLoading}
            onChange={setKindId}
            options={(kinds.data ?? []).map((k) => ({ value: k.id, label: k.name }))}
          />
        </Form.Item>
        <Form.Item label={t('fields.title')} required>
          <Input id="article-create-title" maxLength={ARTICLE_LIMITS.title} value={title} onChange={(e) => setTitle(e.target.value)} />
        </Form.Item>
        <Radio.Group id="article-create-mode" value={fromTemplate} onChange={(e) => setFromTemplate(e.target.value as boolean)}>
          <Radio value>{t('create.fromTemplate')}</Radio>
          <Radio value={false}>{t('create.blank')}</Radio>
        </Radio.Group>
        {next.data ? (
          <div className="article-next">{t('create.nextIssue', { year: next.data.year, issueNo: next.data.issueNo })}</div>
        ) : null}
        {fromTemplate && preview ? (
          <div
            className="article-template-preview article-body"
            aria-label={t('create.preview')}
            dangerouslySetInnerHTML={{ __html: preview }}
          />
        ) : null}
      </Form>
    </Modal>
  );
}

/**
 * /service-products: the customer's bulletins and briefings, newest first, searched by title and text and filtered by
 * kind, state, time and author; each row offers what the workflow allows the user now (the same rules the server
 * applies), a preview with the history, and the PDF.
 */
export function ArticlePage() {
  const { t } = useTranslation(NS);
  const dateFormats = useDateInputFormats();
  const issueLabel = useIssueLabel();
  const { message } = useFeedback();
  const me = useUserStore((s) => s.id);
  // Writing and approving are separate codes (docs/security.md#separation-of-duties): each sees only its own actions.
  const roles = useUserStore((s) => s.roles);
  const writes = holdsArticleAction(roles, 'create');
  const chosen = useUserStore((s) => s.setting.articlePlatform);
  const platforms = useArticlePlatforms();
  const publishTo = (platforms.data ?? []).filter((p) => chosen.includes(String(p.id))).map((p) => p.name);
  const publishNote = publishTo.length ? t('list.publishTo', { names: publishTo.join(', ') }) : t('list.publishNowhere');
  const [filters, setFilters] = useState<ArticleFilters>({});
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const { paging, setPaging, toFirstPage } = usePaging(20);
  const page = useArticlePage(filters, paging);
  const tableProps = usePagedTableProps(page, paging, setPaging);
  const kinds = useArticleKinds();
  const step = useStep();
  const ret = useReturn();
  const [creating, setCreating] = useState(false);
  const [settings, setSettings] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const [returning, setReturning] = useState<ArticleSummary | null>(null);
  const [comment, setComment] = useState('');

  const filter = useCallback(
    (change: Partial<ArticleFilters>) => {
      setFilters((f) => ({ ...f, ...change }));
      toFirstPage();
    },
    [toFirstPage],
  );

  const run = useCallback(
    async (action: ArticleAction, a: ArticleSummary) => {
      const call = STEP_CALLS[action];
      if (!call) return;
      try {
        const res = (await step.mutateAsync({ call, id: a.id })) as { id?: number } | null;
        void message.success(t(`done.${action}` as 'done.submit'));
        // A revision or a copy opens in the editor.
        if ((action === 'revise' || action === 'duplicate') && res?.id) setEditing(res.id);
      } catch (error) {
        logUnlessShown(error, `article ${action}`);
      }
    },
    [message, step, t],
  );

  const sendBack = async () => {
    if (!returning || !comment.trim()) return;
    try {
      await ret.mutateAsync({ id: returning.id, comment: comment.trim() });
      void message.success(t('done.return'));
      setReturning(null);
      setComment('');
    } catch (error) {
      logUnlessShown(error, 'article return');
    }
  };

  const pdf = useCallback(async (a: ArticleSummary) => {
    try {
      await downloadPdf({ id: a.id, series: a.kindName, year: a.year, issueNo: a.issueNo });
    } catch (error) {
      logUnlessShown(error, 'article pdf');
    }
  }, []);

  const columns = useMemo<FitColumn<ArticleSummary>[]>(
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
            <a onClick={() => setViewing(a.id)} className="article-title-link">
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
        fit: {
          kind: 'content',
          cell: (a) => ({
            tags: [[t(`states.${a.state}`), a.superseded ? t('list.superseded') : ''].reduce((x, y) => (y.length > x.length ? y : x))],
          }),
        },
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
        render: (_, a) => {
          const allowed = me === null ? [] : allowedArticleActions(a.state, { actorId: me, authorId: a.authorId }, roles);
          const btn = (action: ArticleAction) => (
            <Button key={action} id={`article-${action}-${a.id}`} size="small" type="link" onClick={() => void run(action, a)}>
              {t(`actions.${action}`)}
            </Button>
          );
          return (
            <Space size={0} wrap>
              <Button id={`article-view-${a.id}`} size="small" type="link" onClick={() => setViewing(a.id)}>
                {t('actions.view')}
              </Button>
              {allowed.includes('edit') ? (
                <Button id={`article-edit-${a.id}`} size="small" type="link" onClick={() => setEditing(a.id)}>
                  {t('actions.edit')}
                </Button>
              ) : null}
              {allowed.includes('submit') ? btn('submit') : null}
              {allowed.includes('approve') ? btn('approve') : null}
              {allowed.includes('return') ? (
                <Button id={`article-return-${a.id}`} size="small" type="link" danger onClick={() => setReturning(a)}>
                  {t('actions.return')}
                </Button>
              ) : null}
              {allowed.includes('publish') ? (
                <Popconfirm
                  title={t('list.confirmPublish', { title: a.title })}
                  description={<span id="article-publish-platforms">{publishNote}</span>}
                  okButtonProps={{ id: `article-publish-ok-${a.id}` }}
                  onConfirm={() => run('publish', a)}
                >
                  <Button id={`article-publish-${a.id}`} size="small" type="link">
                    {t('actions.publish')}
                  </Button>
                </Popconfirm>
              ) : null}
              {allowed.includes('revise') ? btn('revise') : null}
              {allowed.includes('duplicate') ? btn('duplicate') : null}
              <Button id={`article-pdf-${a.id}`} size="small" type="link" onClick={() => void pdf(a)}>
                {t('actions.pdf')}
              </Button>
              {allowed.includes('delete') ? (
                <Popconfirm
                  title={t('list.confirmDelete', { title: a.title })}
                  okButtonProps={{ id: `article-delete-ok-${a.id}` }}
                  onConfirm={() => run('delete', a)}
                >
                  <Button id={`article-delete-${a.id}`} size="small" type="link" danger>
                    {t('actions.delete')}
                  </Button>
                </Popconfirm>
              ) : null}
            </Space>
          );
        },
      },
    ],
    [issueLabel, me, pdf, publishNote, roles, run, t],
  );
  const fitted = useFittedTable(columns, tableProps.dataSource);

  return (
    <ListPage
      id="article-page"
      titleKey="serviceProducts"
      className="article-page"
      data={{ 'data-total': page.data?.total ?? '' }}
      toolbar={
        <>
          <KeywordSearch
            id="article-search"
            placeholder={t('list.searchPlaceholder')}
            width={220}
            onSearch={(keyword) => filter({ keyword: keyword || undefined })}
          />
          <FilterSelect<number>
            id="article-filter-kind"
            label={t('list.allKinds')}
            width={160}
            value={filters.kindId}
            loading={kinds.isLoading}
            options={(kinds.data ?? []).map((k) => ({ value: k.id, label: k.name }))}
            onChange={(kindId) => filter({ kindId })}
          />
          <FilterSelect<ArticleState>
            id="article-filter-state"
            label={t('list.allStates')}
            width={120}
            value={filters.state}
            options={ARTICLE_STATES.map((s) => ({ value: s, label: t(`states.${s}`) }))}
            onChange={(state) => filter({ state })}
          />
          <DatePicker.RangePicker
            id="article-filter-time"
            format={dateFormats}
            style={{ width: 240 }}
            value={range}
            placeholder={[t('fields.time'), t('fields.time')]}
            onChange={(next) => {
              setRange(next);
              filter({
                from: next?.[0]?.startOf('day').toISOString() ?? undefined,
                to: next?.[1]?.endOf('day').toISOString() ?? undefined,
              });
            }}
          />
          <Checkbox
            id="article-filter-mine"
            checked={filters.authorId !== undefined}
            onChange={(e) => filter({ authorId: e.target.checked && me !== null ? me : undefined })}
          >
            {t('list.mine')}
          </Checkbox>
          <ToolbarSpacer />
          {writes ? (
            <>
              <Button id="article-settings" icon={<SettingOutlined aria-hidden />} onClick={() => setSettings(true)}>
                {t('settings.open')}
              </Button>
              <Button id="article-create" type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setCreating(true)}>
                {t('actions.create')}
              </Button>
            </>
          ) : null}
        </>
      }
    >
      <Table<ArticleSummary> id="article-table" size="small" {...tableProps} {...fitted} />
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
      {returning ? (
        <Modal
          open
          title={t('returnDialog.title', { title: returning.title })}
          onCancel={() => setReturning(null)}
          okText={t('actions.return')}
          okButtonProps={{ id: 'article-return-ok', danger: true, disabled: comment.trim() === '' }}
          confirmLoading={ret.isPending}
          onOk={() => void sendBack()}
        >
          <Input.TextArea
            id="article-return-comment"
            rows={3}
            maxLength={ARTICLE_LIMITS.comment}
            placeholder={t('returnDialog.placeholder')}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
          />
          {comment.trim() === '' ? <div className="article-returned">{t('returnDialog.required')}</div> : null}
        </Modal>
      ) : null}
    </ListPage>
  );
}
