import type { ArticleSummary } from '@agromet/contracts';
import { ARTICLE_LIMITS, fillArticleTemplate } from '@agromet/contracts/web';
import { Form, Input, Modal, Radio, Select, Spin } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../lib/feedback';
import { logUnlessShown } from '../../lib/shown-failure';
import { useAddArticle, useArticle, useArticleKinds, useNextIssue, useReturn } from './api/articles';
import { NS } from './i18n';

// The bulletins list's own dialogs: the editor (loaded with its document), a new document, sending one back.

// tiptap is fetched only when a document is opened for editing.
const ArticleEditor = lazy(() => import('./ArticleEditor'));

/** The editor on a document, a spinner in a dialog while the document or the editor loads. */
export function EditorLoader({ id, onClose }: { id: number; onClose: () => void }) {
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
export function CreateModal({ onCreated, onClose }: { onCreated: (id: number) => void; onClose: () => void }) {
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

/** Sends a submitted document back to its author with a comment (required). */
export function ReturnModal({ article, onClose }: { article: ArticleSummary; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const { message } = useFeedback();
  const ret = useReturn();
  const [comment, setComment] = useState('');
  const sendBack = async () => {
    if (!comment.trim()) return;
    try {
      await ret.mutateAsync({ id: article.id, comment: comment.trim() });
      void message.success(t('done.return'));
      onClose();
    } catch (error) {
      logUnlessShown(error, 'article return');
    }
  };
  return (
    <Modal
      open
      title={t('returnDialog.title', { title: article.title })}
      onCancel={onClose}
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
  );
}
