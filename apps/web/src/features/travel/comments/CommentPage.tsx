import { CheckOutlined, CloseOutlined, TagsOutlined } from '@ant-design/icons';
import { COMMENT_STATUSES, MODERATION_REASON_MAX, SENSITIVE_WORDS_MAX, type CommentStatus } from '@agromet/contracts/web';
import type { Comment } from '@agromet/contracts';
import { Button, Input, Modal, Rate, Space, Tag, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPageView } from '../../../components/admin-list/ListPageView';
import { type FitColumn } from '../../../components/admin-list/table-columns';
import { useListPage, type FilterField } from '../../../components/admin-list/use-list-page';
import { logUnlessShown } from '../../../lib/shown-failure';
import { useCommentPage, useModerate, useSaveSensitiveWords, useSensitiveWords, type CommentFilters } from '../api/comments';
import { NS } from '../i18n';
import '../travel.css';
import { useFeedback } from '../../../lib/feedback';
import { SaveModal } from '../../../components/admin-list/SaveModal';

/** The comments shown first: those waiting for a decision. */
const PENDING: CommentFilters = { status: 'pending' };
const STATUS_COLOURS: Record<CommentStatus, string> = { pending: 'gold', passed: 'green', rejected: 'red' };
const pad = (n: number) => String(n).padStart(2, '0');
const formatTime = (iso: string) => {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

/** The customer's sensitive words, one per line. */
function WordsModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(NS);
  const { message } = useFeedback();
  const words = useSensitiveWords(true);
  const save = useSaveSensitiveWords();
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    if (words.data && text === null) setText(words.data.words.join('\n'));
  }, [words.data, text]);
  const submit = async () => {
    const list = (text ?? '')
      .split('\n')
      .map((w) => w.trim())
      .filter((w) => w !== '')
      .slice(0, SENSITIVE_WORDS_MAX);
    try {
      const saved = await save.mutateAsync(list);
      void message.success(t('comment.wordsSaved', { count: saved.words.length }));
      onClose();
    } catch (error) {
      logUnlessShown(error, 'sensitive words');
    }
  };
  return (
    <SaveModal title={t('comment.wordsTitle')} submitId="words-save" saving={save.isPending} onSave={() => void submit()} onClose={onClose}>
      <Typography.Paragraph type="secondary">{t('comment.wordsHint')}</Typography.Paragraph>
      <Input.TextArea id="words-text" rows={8} value={text ?? ''} onChange={(e) => setText(e.target.value)} />
    </SaveModal>
  );
}

/** The comments table's columns: time, what it is on, rating, text (wrapping, with the flagged words), status. */
function useCommentColumns(): FitColumn<Comment>[] {
  const { t } = useTranslation(NS);
  return useMemo<FitColumn<Comment>[]>(
    () => [
      {
        title: t('comment.fields.createdAt'),
        dataIndex: 'createdAt',
        width: 128,
        render: (v: string) => formatTime(v),
        fit: { kind: 'content', cell: (c) => formatTime(c.createdAt) },
      },
      {
        title: t('comment.fields.target'),
        key: 'target',
        width: 120,
        ellipsis: true,
        render: (_, c) => `${t(`comment.targets.${c.targetType}`)} · ${c.targetName}`,
        fit: { kind: 'free', cell: (c) => `${t(`comment.targets.${c.targetType}`)} · ${c.targetName}` },
      },
      {
        title: t('comment.fields.rating'),
        dataIndex: 'rating',
        width: 110,
        render: (v: number) => <Rate disabled value={v} style={{ fontSize: 12 }} />,
      },
      {
        title: t('comment.fields.text'),
        key: 'text',
        width: 200,
        // Long comments wrap: the column takes the room left, at least a few words wide.
        fit: { kind: 'free', min: 160, cell: (c) => c.text },
        render: (_, c) => (
          <div>
            <p className="tr-text">{c.text}</p>
            <Typography.Text type="secondary">— {c.nickname}</Typography.Text>
            {c.flagged.length > 0 ? (
              <div>
                <Tag color="volcano">{t('comment.flagged', { words: c.flagged.join('、') })}</Tag>
              </div>
            ) : null}
            {c.status === 'rejected' && c.reason ? <div className="list-hint">{`${t('comment.fields.reason')}：${c.reason}`}</div> : null}
          </div>
        ),
      },
      {
        title: t('comment.fields.status'),
        dataIndex: 'status',
        // "Pendiente" and "Not passed" whole.
        width: 100,
        render: (s: CommentStatus) => <Tag color={STATUS_COLOURS[s]}>{t(`comment.status.${s}`)}</Tag>,
        fit: { kind: 'content', cell: (c) => ({ tags: [t(`comment.status.${c.status}`)] }) },
      },
    ],
    [t],
  );
}

/** Refusing the selected comments, with the reason (required) kept on each. */
function RejectModal({
  count,
  reason,
  onReasonChange,
  saving,
  onReject,
  onClose,
}: {
  count: number;
  reason: string;
  onReasonChange: (reason: string) => void;
  saving: boolean;
  onReject: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  return (
    <Modal
      open
      title={t('comment.rejectTitle', { count })}
      onCancel={onClose}
      okText={t('comment.reject')}
      okButtonProps={{ id: 'comment-reject-confirm', danger: true, disabled: reason.trim() === '' }}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={onReject}
    >
      <Input.TextArea
        id="comment-reason"
        rows={3}
        maxLength={MODERATION_REASON_MAX}
        placeholder={t('comment.reasonPlaceholder')}
        value={reason}
        onChange={(e) => onReasonChange(e.target.value)}
      />
      {reason.trim() === '' ? <div className="list-hint">{t('comment.reasonRequired')}</div> : null}
    </Modal>
  );
}

/**
 * /travel-manage/travel-comment: visitors' comments (from the public calls), newest first, filtered by status,
 * flagged words and text; selected comments are passed or refused with a reason in one go; the sensitive-word list.
 * Comment text and nicknames are shown as text.
 */
export function CommentPage() {
  const { t } = useTranslation(NS);
  const { message } = useFeedback();
  const [selected, setSelected] = useState<number[]>([]);
  const fields = useMemo<FilterField<CommentFilters>[]>(
    () => [
      {
        kind: 'select',
        key: 'status',
        id: 'comment-filter-status',
        label: t('comment.statusFilter'),
        width: 120,
        options: COMMENT_STATUSES.map((s) => ({ value: s, label: t(`comment.status.${s}`) })),
      },
      { kind: 'check', key: 'flagged', id: 'comment-filter-flagged', label: t('comment.flaggedOnly') },
      { kind: 'keyword', key: 'keyword', id: 'comment-search', placeholder: t('comment.searchPlaceholder'), width: 200 },
    ],
    [t],
  );
  const clearSelection = useCallback(() => setSelected([]), []);
  const list = useListPage<Comment, CommentFilters, ReturnType<typeof useCommentPage>>({
    filters: fields,
    initialFilters: PENDING,
    pageSize: 10,
    useRows: useCommentPage,
    onFilter: clearSelection,
  });
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [editingWords, setEditingWords] = useState(false);
  const moderate = useModerate();

  const run = async (status: 'passed' | 'rejected', why = '') => {
    try {
      const done = await moderate.mutateAsync({ ids: selected, status, reason: why });
      void message.success(t('comment.moderated', { count: done.updated }));
      setSelected([]);
      setRejecting(false);
      setReason('');
    } catch (error) {
      logUnlessShown(error, 'moderate');
    }
  };

  const columns = useCommentColumns();

  return (
    <ListPageView
      id="comment-page"
      titleKey="travelComment"
      className="map-panel-page tr-page"
      data={{ 'data-selected': selected.length }}
      list={list}
      actions={[
        { id: 'comment-words', label: t('comment.words'), icon: <TagsOutlined aria-hidden />, onClick: () => setEditingWords(true) },
      ]}
      above={
        <Space style={{ marginBottom: 8 }}>
          <Typography.Text type="secondary">{t('comment.selected', { count: selected.length })}</Typography.Text>
          <Button
            id="comment-pass"
            size="small"
            type="primary"
            icon={<CheckOutlined aria-hidden />}
            disabled={selected.length === 0}
            loading={moderate.isPending}
            onClick={() => void run('passed')}
          >
            {t('comment.pass')}
          </Button>
          <Button
            id="comment-reject"
            size="small"
            danger
            icon={<CloseOutlined aria-hidden />}
            disabled={selected.length === 0}
            onClick={() => setRejecting(true)}
          >
            {t('comment.reject')}
          </Button>
        </Space>
      }
      // Sized to fit the panel at 1280 px with its status in view; long comments wrap in their column.
      table={{
        id: 'comment-table',
        columns,
        fitted: true,
        rowSelection: { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) },
      }}
    >
      {rejecting ? (
        <RejectModal
          count={selected.length}
          reason={reason}
          onReasonChange={setReason}
          saving={moderate.isPending}
          onReject={() => void run('rejected', reason.trim())}
          onClose={() => setRejecting(false)}
        />
      ) : null}
      {editingWords ? <WordsModal onClose={() => setEditingWords(false)} /> : null}
    </ListPageView>
  );
}
