import { PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { ARTICLE_ATTACHMENTS } from '@agromet/contracts/web';
import { Button, List, Popconfirm, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatKb, formatSize } from '../../lib/format-size';
import { logUnlessShown } from '../../lib/shown-failure';
import { downloadAttachment, useArticle, useDeleteAttachment, useUploadAttachment } from './api/articles';
import { NS } from './i18n';
import { useFeedback } from '../../lib/feedback';

const ACCEPT = '.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.png,.jpg,.jpeg,.txt,.csv,.zip';

/** The files attached to a document: downloadable; on a draft, added (checked by the server) and removed. */
export function Attachments({ articleId, editable = false }: { articleId: number; editable?: boolean }) {
  const { t } = useTranslation(NS);
  const { message } = useFeedback();
  const article = useArticle(articleId);
  const upload = useUploadAttachment();
  const remove = useDeleteAttachment();
  const input = useRef<HTMLInputElement>(null);
  const list = article.data?.attachments ?? [];
  if (!editable && list.length === 0) return null;
  const add = async (file: File) => {
    if (file.size > ARTICLE_ATTACHMENTS.maxKb * 1024) {
      void message.error(t('attachments.tooLarge', { size: formatKb(ARTICLE_ATTACHMENTS.maxKb) }));
      return;
    }
    try {
      await upload.mutateAsync({ articleId, file });
      void message.success(t('attachments.added'));
    } catch (error) {
      logUnlessShown(error, 'article attachment');
    }
    if (input.current) input.current.value = '';
  };
  return (
    <div className="article-attachments" id="article-attachments">
      <Typography.Text strong>
        <PaperClipOutlined aria-hidden /> {t('attachments.title')}
      </Typography.Text>
      {editable ? (
        <>
          <Button
            id="article-attach"
            size="small"
            style={{ marginLeft: 12 }}
            icon={<UploadOutlined aria-hidden />}
            loading={upload.isPending}
            disabled={list.length >= ARTICLE_ATTACHMENTS.maxCount}
            onClick={() => input.current?.click()}
          >
            {t('attachments.add')}
          </Button>
          <Typography.Text type="secondary" style={{ marginLeft: 8, fontSize: 12 }}>
            {t('attachments.hint', { n: ARTICLE_ATTACHMENTS.maxCount, size: formatKb(ARTICLE_ATTACHMENTS.maxKb) })}
          </Typography.Text>
          <input
            ref={input}
            id="article-attachment-file"
            type="file"
            accept={ACCEPT}
            hidden
            onChange={(e) => {
              const f = e.target.files?.[0];
              if (f) void add(f);
            }}
          />
        </>
      ) : null}
      <List
        size="small"
        dataSource={list}
        locale={{ emptyText: t('attachments.none') }}
        renderItem={(a) => (
          <List.Item
            className="article-attachment"
            actions={[
              <Button
                key="dl"
                size="small"
                type="link"
                id={`article-attachment-download-${a.id}`}
                onClick={() => void downloadAttachment(a).catch((e: unknown) => logUnlessShown(e, 'attachment download'))}
              >
                {t('attachments.download')}
              </Button>,
              ...(editable
                ? [
                    <Popconfirm
                      key="rm"
                      title={t('attachments.confirmRemove', { name: a.name })}
                      okButtonProps={{ id: `article-attachment-remove-ok-${a.id}` }}
                      onConfirm={() => remove.mutateAsync(a.id).catch((e: unknown) => logUnlessShown(e, 'attachment remove'))}
                    >
                      <Button size="small" type="link" danger id={`article-attachment-remove-${a.id}`}>
                        {t('attachments.remove')}
                      </Button>
                    </Popconfirm>,
                  ]
                : []),
            ]}
          >
            <span className="article-attachment-name">{a.name}</span>
            <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
              {formatSize(a.size)} · {a.userName}
            </Typography.Text>
          </List.Item>
        )}
      />
    </div>
  );
}
