import type { ArticleDetail, ArticlePublication, ArticlePublicationState } from '@agromet/contracts';
import { Empty, Modal, Spin, Table, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useArticle, useArticleHistory } from './api/articles';
import { Attachments } from './Attachments';
import { NS } from './i18n';
import { issueLabelIn } from './issue-label';
import './articles.css';

const pad = (n: number) => String(n).padStart(2, '0');
export const formatTime = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

/**
 * The document as the PDF lays it out: the red series name, the issue line with the approver, the unit and date, the
 * red rule, the title and the stored body (already sanitised by the server's allow-list).
 */
export function BulletinPreview({ a }: { a: ArticleDetail }) {
  const { t, i18n } = useTranslation(NS);
  const date = new Date(a.issuedAt ?? Date.now()).toLocaleDateString(i18n.language === 'zh' ? 'zh-CN' : i18n.language, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
  return (
    <article className="bulletin" id="article-preview">
      <div className="bulletin-series">{a.series}</div>
      <div className="bulletin-issue">
        <span>{a.state === 'published' ? '' : t(`states.${a.state}`)}</span>
        <span>
          {issueLabelIn(i18n.language, a)}
          {a.revision > 1 ? ` · ${t('list.revision', { n: a.revision - 1 })}` : ''}
        </span>
        <span>{a.reviewerName ? `${t('fields.reviewer')}：${a.reviewerName}` : ''}</span>
      </div>
      <div className="bulletin-unit">
        <span>{a.unit}</span>
        <span>{date}</span>
      </div>
      <div className="bulletin-rule" />
      <h1 className="bulletin-title">{a.title}</h1>
      {/* The body is stored only after the server's allow-list (no script, handler, style or external resource). */}
      <div className="article-body" dangerouslySetInnerHTML={{ __html: a.body }} />
      <div className="bulletin-footer">{a.unit}</div>
    </article>
  );
}

const PUBLICATION_COLOURS: Record<ArticlePublicationState, string> = { published: 'green', pending: 'gold', manual: 'default' };

/** Where a published document went: per platform its state, time, note and who published it. */
function Publications({ a }: { a: ArticleDetail }) {
  const { t } = useTranslation(NS);
  if (a.state !== 'published') return null;
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('publications.title')}
      </Typography.Title>
      {a.publications.length === 0 ? (
        <Typography.Text type="secondary" id="article-publications-none">
          {t('publications.none')}
        </Typography.Text>
      ) : (
        <Table<ArticlePublication>
          id="article-publications"
          size="small"
          pagination={false}
          rowKey="id"
          dataSource={a.publications}
          columns={[
            { title: t('publications.platform'), dataIndex: 'platformName', width: 160 },
            {
              title: t('publications.state'),
              key: 'state',
              width: 110,
              render: (_, p) => (
                <Tag color={PUBLICATION_COLOURS[p.state]} className="article-publication-state" data-state={p.state}>
                  {t(`publications.states.${p.state}`)}
                </Tag>
              ),
            },
            { title: t('publications.at'), dataIndex: 'at', width: 140, render: (v: string) => formatTime(v) },
            {
              title: t('publications.note'),
              key: 'note',
              render: (_, p) =>
                p.url ? (
                  <a href={p.url} target="_blank" rel="noopener noreferrer" className="article-publication-url">
                    {t('publications.open')}
                  </a>
                ) : p.note ? (
                  t(`publications.notes.${p.note}`)
                ) : (
                  ''
                ),
            },
            { title: t('publications.by'), dataIndex: 'userName', width: 100 },
          ]}
        />
      )}
    </>
  );
}

export function ArticleView({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const article = useArticle(id);
  const history = useArticleHistory(id);
  const stateName = (s: string) => (s ? t(`states.${s}`) : '—');
  return (
    <Modal open width={900} title={t('view.title')} onCancel={onClose} footer={null}>
      {article.data ? <BulletinPreview a={article.data} /> : <Spin />}
      <Attachments articleId={id} />
      {article.data ? <Publications a={article.data} /> : null}
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('view.history')}
      </Typography.Title>
      {history.data && history.data.length > 0 ? (
        <div id="article-history">
          <Timeline
            items={history.data.map((h) => ({
              children: (
                <div>
                  <div>
                    {formatTime(h.at)}{' '}
                    {t('view.historyLine', {
                      user: h.userName,
                      action: t(`historyActions.${h.action}`),
                      from: stateName(h.fromState),
                      to: stateName(h.toState),
                    })}
                  </div>
                  {h.comment && !h.comment.startsWith('#') ? <Typography.Text type="secondary">{h.comment}</Typography.Text> : null}
                </div>
              ),
            }))}
          />
        </div>
      ) : (
        <Empty description={t('view.noHistory')} />
      )}
    </Modal>
  );
}
