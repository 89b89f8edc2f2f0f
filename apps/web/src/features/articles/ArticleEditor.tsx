import type { ArticleDetail } from '@agromet/contracts';
import { ARTICLE_LIMITS } from '@agromet/contracts/web';
import Image from '@tiptap/extension-image';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Divider, Empty, Form, Input, InputNumber, List, Modal, Space, Tooltip } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/request';
import { logUnlessShown } from '../../lib/shown-failure';
import { copyLibraryImage, useLibraryPictures, useUpdateArticle } from './api/articles';
import { Attachments } from './Attachments';
import { NS } from './i18n';
import './articles.css';
import { useFeedback } from '../../lib/feedback';

// The editor of a draft (loaded on demand: tiptap is only fetched when a document is opened for editing). Headings,
// emphasis, lists, tables and images; images come from the upload or are copied from the downloads library, so every
// one is a stored file of the customer, which is all the server's allow-list keeps.

/** Inserts a picture and puts the cursor in a paragraph below it, so typing or a table goes after it, not over it. */
function insertImage(editor: Editor, src: string, alt: string) {
  editor.chain().focus().setImage({ src, alt }).run();
  editor.commands.createParagraphNear();
}

export function Toolbar({ editor, onLibrary }: { editor: Editor; onLibrary: () => void }) {
  const { t } = useTranslation(NS);
  const file = useRef<HTMLInputElement>(null);
  const b = (id: string, label: string, run: () => void, active = false) => (
    <Tooltip title={label} key={id}>
      <Button
        id={`article-tool-${id}`}
        size="small"
        type={active ? 'primary' : 'default'}
        onMouseDown={(e) => e.preventDefault()}
        onClick={run}
      >
        {label}
      </Button>
    </Tooltip>
  );
  const c = () => editor.chain().focus();
  const inTable = editor.isActive('table');
  const upload = async (f: File) => {
    try {
      const res = await api.upload(f, f.name);
      insertImage(editor, res.path, f.name.replace(/\.[^.]+$/, ''));
    } catch (error) {
      logUnlessShown(error, 'article image upload');
    }
    if (file.current) file.current.value = '';
  };
  return (
    <div className="article-toolbar" role="toolbar">
      <Space wrap size={4}>
        {b('p', t('editor.paragraph'), () => c().setParagraph().run(), editor.isActive('paragraph'))}
        {b('h2', t('editor.heading2'), () => c().toggleHeading({ level: 2 }).run(), editor.isActive('heading', { level: 2 }))}
        {b('h3', t('editor.heading3'), () => c().toggleHeading({ level: 3 }).run(), editor.isActive('heading', { level: 3 }))}
        {b('bold', t('editor.bold'), () => c().toggleBold().run(), editor.isActive('bold'))}
        {b('italic', t('editor.italic'), () => c().toggleItalic().run(), editor.isActive('italic'))}
        {b('underline', t('editor.underline'), () => c().toggleUnderline().run(), editor.isActive('underline'))}
        {b('ul', t('editor.bulletList'), () => c().toggleBulletList().run(), editor.isActive('bulletList'))}
        {b('ol', t('editor.orderedList'), () => c().toggleOrderedList().run(), editor.isActive('orderedList'))}
        {b('table', t('editor.table'), () => c().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run())}
        {inTable ? b('row', t('editor.addRow'), () => c().addRowAfter().run()) : null}
        {inTable ? b('col', t('editor.addColumn'), () => c().addColumnAfter().run()) : null}
        {inTable ? b('delrow', t('editor.deleteRow'), () => c().deleteRow().run()) : null}
        {inTable ? b('delcol', t('editor.deleteColumn'), () => c().deleteColumn().run()) : null}
        {inTable ? b('deltable', t('editor.deleteTable'), () => c().deleteTable().run()) : null}
        {b('upload', t('editor.upload'), () => file.current?.click())}
        {b('library', t('editor.library'), onLibrary)}
      </Space>
      <input
        ref={file}
        id="article-image-file"
        type="file"
        accept="image/png,image/jpeg"
        hidden
        onChange={(e) => {
          const f = e.target.files?.[0];
          if (f) void upload(f);
        }}
      />
    </div>
  );
}

export function LibraryPicker({ onPick, onClose }: { onPick: (path: string, alt: string) => void; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const pictures = useLibraryPictures(true);
  const [busy, setBusy] = useState<string | null>(null);
  const pick = async (id: string, name: string) => {
    setBusy(id);
    try {
      const img = await copyLibraryImage(id);
      onPick(img.path, name.replace(/\.[^.]+$/, ''));
      onClose();
    } catch (error) {
      logUnlessShown(error, 'article library image');
    } finally {
      setBusy(null);
    }
  };
  return (
    <Modal open title={t('editor.libraryTitle')} onCancel={onClose} footer={null} width={560}>
      <List
        id="article-library-list"
        loading={pictures.isLoading}
        dataSource={pictures.data ?? []}
        locale={{ emptyText: <Empty description={t('editor.libraryEmpty')} /> }}
        renderItem={(p) => (
          <List.Item
            actions={[
              <Button key="pick" size="small" type="primary" loading={busy === p.id} onClick={() => void pick(p.id, p.name)}>
                {t('editor.library')}
              </Button>,
            ]}
          >
            <List.Item.Meta title={p.name} description={`${p.author} · ${p.createdAt.slice(0, 16).replace('T', ' ')}`} />
          </List.Item>
        )}
      />
    </Modal>
  );
}

/** What the editor offers: the tags the server's allow-list keeps. */
export const editorExtensions = () => [
  StarterKit.configure({ heading: { levels: [1, 2, 3, 4] }, link: { openOnClick: false, protocols: ['http', 'https'] } }),
  Table.configure({ resizable: false }),
  TableRow,
  TableHeader,
  TableCell,
  Image.configure({ inline: false }),
];

export default function ArticleEditor({ article, onClose }: { article: ArticleDetail; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const { message } = useFeedback();
  const update = useUpdateArticle();
  const [form] = Form.useForm<{ title: string; summary: string; issueNo: number }>();
  const [picking, setPicking] = useState(false);
  const editor = useEditor({
    extensions: editorExtensions(),
    content: article.body,
    immediatelyRender: true,
  });
  const save = async () => {
    const v = await form.validateFields();
    try {
      await update.mutateAsync({
        id: article.id,
        version: article.version,
        title: v.title,
        summary: v.summary ?? '',
        body: editor?.getHTML() ?? article.body,
        issueNo: v.issueNo,
      });
      void message.success(t('done.saved'));
      onClose();
    } catch (error) {
      logUnlessShown(error, 'article save');
    }
  };
  return (
    <Modal
      open
      width={980}
      title={t('editor.title', { title: article.title })}
      onCancel={onClose}
      maskClosable={false}
      footer={[
        <Button key="cancel" id="article-editor-cancel" onClick={onClose}>
          {t('editor.cancel')}
        </Button>,
        <Button key="save" id="article-editor-save" type="primary" loading={update.isPending} onClick={() => void save()}>
          {t('editor.save')}
        </Button>,
      ]}
    >
      <Form form={form} layout="inline" initialValues={{ title: article.title, summary: article.summary, issueNo: article.issueNo }}>
        <Form.Item name="title" label={t('fields.title')} rules={[{ required: true, whitespace: true }]} style={{ width: 460 }}>
          <Input id="article-title" maxLength={ARTICLE_LIMITS.title} />
        </Form.Item>
        <Form.Item name="issueNo" label={t('fields.issueNo')} tooltip={t('editor.issueHint')} rules={[{ required: true }]}>
          <InputNumber id="article-issue" min={1} max={ARTICLE_LIMITS.issueNo} precision={0} />
        </Form.Item>
        <Form.Item name="summary" label={t('fields.summary')} style={{ width: '100%', marginTop: 8 }}>
          <Input.TextArea id="article-summary" rows={2} maxLength={ARTICLE_LIMITS.summary} />
        </Form.Item>
      </Form>
      <Divider style={{ margin: '12px 0' }} />
      {editor ? <Toolbar editor={editor} onLibrary={() => setPicking(true)} /> : null}
      <div className="article-editor article-body" id="article-editor">
        <EditorContent editor={editor} />
      </div>
      <Attachments articleId={article.id} editable />
      {picking && editor ? <LibraryPicker onClose={() => setPicking(false)} onPick={(src, alt) => insertImage(editor, src, alt)} /> : null}
    </Modal>
  );
}
