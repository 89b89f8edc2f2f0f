import type { ArticleKind } from '@agromet/contracts';
import { ARTICLE_LIMITS, ARTICLE_PLACEHOLDERS } from '@agromet/contracts/web';
import { EditorContent, useEditor } from '@tiptap/react';
import { Button, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { logUnlessShown } from '../../lib/shown-failure';
import { useSaveKind } from './api/articles';
import { editorExtensions, LibraryPicker, Toolbar } from './ArticleEditor';
import { NS } from './i18n';
import './articles.css';
import { useFeedback } from '../../lib/feedback';
import { SaveModal } from '../../components/admin-list/SaveModal';

// A kind of document (loaded on demand with the editor): its name, the series on the masthead and its template,
// written in the document editor, with buttons that insert the placeholders a new document gets filled.

export default function KindEditor({ kind, onClose }: { kind: ArticleKind | null; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const { message } = useFeedback();
  const save = useSaveKind();
  const [form] = Form.useForm<{ name: string; series: string }>();
  const [picking, setPicking] = useState(false);
  const editor = useEditor({ extensions: editorExtensions(), content: kind?.template ?? '', immediatelyRender: true });
  const submit = async () => {
    const v = await form.validateFields();
    try {
      await save.mutateAsync({
        ...(kind ? { id: kind.id, version: kind.version, sort: kind.sort } : {}),
        name: v.name.trim(),
        series: v.series.trim(),
        template: editor?.getHTML() ?? '',
      });
      void message.success(t('done.saved'));
      onClose();
    } catch (error) {
      logUnlessShown(error, 'article kind save');
    }
  };
  return (
    <SaveModal
      title={kind ? t('kinds.editTitle', { name: kind.name }) : t('kinds.addTitle')}
      submitId="article-kind-save"
      saving={save.isPending}
      onSave={() => void submit()}
      onClose={onClose}
      width={960}
    >
      <Form form={form} layout="inline" initialValues={{ name: kind?.name ?? '', series: kind?.series ?? '' }}>
        <Form.Item name="name" label={t('kinds.name')} rules={[{ required: true, whitespace: true }]}>
          <Input id="article-kind-name" maxLength={ARTICLE_LIMITS.kindName} style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="series" label={t('kinds.series')} tooltip={t('kinds.seriesHint')} rules={[{ required: true, whitespace: true }]}>
          <Input id="article-kind-series" maxLength={ARTICLE_LIMITS.series} style={{ width: 260 }} />
        </Form.Item>
      </Form>
      <div className="article-placeholders" id="article-placeholders">
        <Typography.Text type="secondary">{t('kinds.placeholdersHelp')}</Typography.Text>
        <Space wrap size={4} style={{ marginLeft: 8 }}>
          {ARTICLE_PLACEHOLDERS.map((p) => (
            <Button
              key={p}
              size="small"
              id={`article-placeholder-${p}`}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => editor?.chain().focus().insertContent(`{${p}}`).run()}
            >
              {`{${p}}`} {t(`kinds.placeholders.${p}`)}
            </Button>
          ))}
        </Space>
      </div>
      {editor ? <Toolbar editor={editor} onLibrary={() => setPicking(true)} /> : null}
      <div className="article-editor article-body" id="article-kind-template">
        <EditorContent editor={editor} />
      </div>
      {picking && editor ? (
        <LibraryPicker onClose={() => setPicking(false)} onPick={(src, alt) => editor.chain().focus().setImage({ src, alt }).run()} />
      ) : null}
    </SaveModal>
  );
}
