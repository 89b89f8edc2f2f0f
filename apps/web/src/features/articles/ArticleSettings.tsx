import { PlusOutlined } from '@ant-design/icons';
import type { ArticleKind, ArticlePlatform, ArticlePlatformType } from '@agromet/contracts';
import { ARTICLE_LIMITS, ARTICLE_PLATFORM_TYPES } from '@agromet/contracts/web';
import { Button, Form, Input, Modal, Popconfirm, Select, Space, Spin, Table, Tabs, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { logUnlessShown } from '../../lib/shown-failure';
import { useArticleKinds, useArticlePlatforms, useDeleteKind, useDeletePlatform, useSavePlatform } from './api/articles';
import { NS } from './i18n';
import { useFeedback } from '../../lib/feedback';
import { SaveModal } from '../../components/admin-list/SaveModal';

// The page's settings: the customer's kinds of document with their templates, and its publishing platforms.

const KindEditor = lazy(() => import('./KindEditor'));

function KindsTab() {
  const { t } = useTranslation(NS);
  const { message } = useFeedback();
  const kinds = useArticleKinds();
  const del = useDeleteKind();
  const [editing, setEditing] = useState<ArticleKind | null | undefined>(undefined);
  return (
    <>
      <Button id="article-kind-add" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing(null)} style={{ marginBottom: 8 }}>
        {t('kinds.add')}
      </Button>
      <Table<ArticleKind>
        id="article-kinds"
        size="small"
        rowKey="id"
        pagination={false}
        loading={kinds.isLoading}
        dataSource={kinds.data ?? []}
        columns={[
          { title: t('kinds.name'), dataIndex: 'name' },
          { title: t('kinds.series'), dataIndex: 'series' },
          {
            title: t('fields.actions'),
            key: 'actions',
            width: 200,
            render: (_, k) => (
              <Space size={0}>
                <Button id={`article-kind-edit-${k.id}`} size="small" type="link" onClick={() => setEditing(k)}>
                  {t('kinds.edit')}
                </Button>
                <Popconfirm
                  title={t('kinds.confirmDelete', { name: k.name })}
                  okButtonProps={{ id: `article-kind-delete-ok-${k.id}` }}
                  onConfirm={async () => {
                    try {
                      await del.mutateAsync(k.id);
                      void message.success(t('done.delete'));
                    } catch (error) {
                      logUnlessShown(error, 'article kind delete');
                    }
                  }}
                >
                  <Button id={`article-kind-delete-${k.id}`} size="small" type="link" danger>
                    {t('actions.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {editing !== undefined ? (
        <Suspense fallback={<Spin />}>
          <KindEditor kind={editing} onClose={() => setEditing(undefined)} />
        </Suspense>
      ) : null}
    </>
  );
}

function PlatformForm({ platform, onClose }: { platform: ArticlePlatform | null; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const save = useSavePlatform();
  const [form] = Form.useForm<{ name: string; type: ArticlePlatformType }>();
  const submit = async () => {
    const v = await form.validateFields();
    try {
      await save.mutateAsync({ ...(platform ? { id: platform.id, version: platform.version, sort: platform.sort } : {}), ...v });
      onClose();
    } catch (error) {
      logUnlessShown(error, 'article platform save');
    }
  };
  return (
    <SaveModal
      title={platform ? t('platforms.editTitle', { name: platform.name }) : t('platforms.add')}
      submitId="article-platform-save"
      saving={save.isPending}
      onSave={() => void submit()}
      onClose={onClose}
    >
      <Form form={form} layout="vertical" initialValues={{ name: platform?.name ?? '', type: platform?.type ?? 'website' }}>
        <Form.Item name="name" label={t('platforms.name')} rules={[{ required: true, whitespace: true }]}>
          <Input id="article-platform-name" maxLength={ARTICLE_LIMITS.platformName} />
        </Form.Item>
        <Form.Item name="type" label={t('platforms.type')} extra={t('platforms.typeHelp')}>
          <Select
            id="article-platform-type"
            options={ARTICLE_PLATFORM_TYPES.map((v) => ({ value: v, label: t(`platforms.types.${v}`) }))}
          />
        </Form.Item>
      </Form>
    </SaveModal>
  );
}

function PlatformsTab() {
  const { t } = useTranslation(NS);
  const platforms = useArticlePlatforms();
  const del = useDeletePlatform();
  const [editing, setEditing] = useState<ArticlePlatform | null | undefined>(undefined);
  return (
    <>
      <Typography.Paragraph type="secondary">{t('platforms.help')}</Typography.Paragraph>
      <Button id="article-platform-add" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing(null)} style={{ marginBottom: 8 }}>
        {t('platforms.add')}
      </Button>
      <Table<ArticlePlatform>
        id="article-platforms"
        size="small"
        rowKey="id"
        pagination={false}
        loading={platforms.isLoading}
        dataSource={platforms.data ?? []}
        columns={[
          { title: t('platforms.name'), dataIndex: 'name' },
          { title: t('platforms.type'), key: 'type', render: (_, p) => t(`platforms.types.${p.type}`) },
          {
            title: t('fields.actions'),
            key: 'actions',
            width: 200,
            render: (_, p) => (
              <Space size={0}>
                <Button id={`article-platform-edit-${p.id}`} size="small" type="link" onClick={() => setEditing(p)}>
                  {t('kinds.edit')}
                </Button>
                <Popconfirm
                  title={t('platforms.confirmDelete', { name: p.name })}
                  okButtonProps={{ id: `article-platform-delete-ok-${p.id}` }}
                  onConfirm={() => del.mutateAsync(p.id).catch((e: unknown) => logUnlessShown(e, 'article platform delete'))}
                >
                  <Button id={`article-platform-delete-${p.id}`} size="small" type="link" danger>
                    {t('actions.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {editing !== undefined ? <PlatformForm platform={editing} onClose={() => setEditing(undefined)} /> : null}
    </>
  );
}

/** The kinds and platforms dialog of the service-products page. */
export function ArticleSettings({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(NS);
  return (
    <Modal open width={820} title={t('settings.title')} onCancel={onClose} footer={null}>
      <Tabs
        id="article-settings-tabs"
        items={[
          { key: 'kinds', label: t('settings.kinds'), children: <KindsTab /> },
          { key: 'platforms', label: t('settings.platforms'), children: <PlatformsTab /> },
        ]}
      />
    </Modal>
  );
}
