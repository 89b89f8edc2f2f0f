import { WX_SEND_KINDS, WX_SEND_TARGETS, WX_TEXT_MAX, type WxSendKind, type WxSendTarget } from '@agromet/contracts/web';
import type { WxAccount } from '@agromet/contracts';
import { Alert, Form, Input, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldIssuesOf } from '../../../lib/field-issues';
import { useCreateSend, useFollowerPage, useMediaPage, useSendArticles, useTags } from '../api/weixin';
import { NS } from '../i18n';
import { useFeedback } from '../../../lib/feedback';

interface Values {
  accountId?: number;
  kind: WxSendKind;
  text: string;
  articleId?: number;
  mediaId?: number;
  target: WxSendTarget;
  tagId?: number;
  openIds: string[];
}
const FIELDS = ['accountId', 'kind', 'text', 'articleId', 'mediaId', 'target', 'tagId', 'openIds'];

/** Compose a mass send: content, recipients; it then waits for another person's approval. */
export function SendFormModal({ accounts, onClose }: { accounts: WxAccount[]; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const create = useCreateSend();
  const accountId = Form.useWatch('accountId', form);
  const kind = Form.useWatch('kind', form);
  const target = Form.useWatch('target', form);
  const [keyword, setKeyword] = useState('');
  const articles = useSendArticles();
  const tags = useTags(accountId);
  const images = useMediaPage(kind === 'image' ? accountId : undefined, 'image', { page: 1, size: 100 });
  const followers = useFollowerPage(
    target === 'openids' ? accountId : undefined,
    { keyword: keyword || undefined, subscribed: 'true' },
    { page: 1, size: 50 },
  );

  const onFinish = async (v: Values) => {
    try {
      await create.mutateAsync({
        accountId: v.accountId!,
        kind: v.kind,
        text: (v.text ?? '').trim(),
        ...(v.kind === 'article' ? { articleId: v.articleId } : {}),
        ...(v.kind === 'image' ? { mediaId: v.mediaId } : {}),
        target: v.target,
        ...(v.target === 'tag' ? { tagId: v.tagId } : {}),
        openIds: v.target === 'openids' ? v.openIds : [],
      });
      void message.success(t('send.created'));
      onClose();
    } catch (error) {
      const issues = fieldIssuesOf(error).filter((i) => FIELDS.includes(i.field.split('.')[0]!));
      if (issues.length > 0) form.setFields(issues.map((i) => ({ name: i.field.split('.')[0] as keyof Values, errors: [i.message] })));
    }
  };

  return (
    <Modal
      open
      title={t('send.createTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: 'wx-send-submit' }}
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={560}
    >
      <Alert type="info" showIcon message={t('send.approvalHint')} style={{ marginBottom: 12 }} />
      <Form<Values>
        form={form}
        layout="vertical"
        size="small"
        initialValues={{ accountId: accounts[0]?.id, kind: 'text', text: '', target: 'all', openIds: [] }}
        onFinish={(v) => void onFinish(v)}
      >
        <Form.Item name="accountId" label={t('send.account')} rules={[{ required: true }]}>
          <Select id="wx-send-account" options={accounts.map((a) => ({ value: a.id, label: a.name }))} />
        </Form.Item>
        <Form.Item name="kind" label={t('send.kind')}>
          <Radio.Group id="wx-send-kind" options={WX_SEND_KINDS.map((k) => ({ value: k, label: t(`send.kinds.${k}`) }))} />
        </Form.Item>
        {kind === 'article' ? (
          <Form.Item
            name="articleId"
            label={t('send.article')}
            rules={[{ required: true, message: t('account.required', { field: t('send.article') }) }]}
          >
            <Select
              id="wx-send-article"
              showSearch={{ optionFilterProp: 'label' }}
              options={(articles.data ?? []).map((a) => ({ value: a.id, label: a.title }))}
            />
          </Form.Item>
        ) : null}
        {kind === 'image' ? (
          <Form.Item
            name="mediaId"
            label={t('send.image')}
            rules={[{ required: true, message: t('account.required', { field: t('send.image') }) }]}
          >
            <Select id="wx-send-image" options={(images.data?.list ?? []).map((m) => ({ value: m.id, label: m.name }))} />
          </Form.Item>
        ) : (
          <Form.Item
            name="text"
            label={kind === 'article' ? t('send.remark') : t('send.text')}
            rules={
              kind === 'article' ? [] : [{ required: true, whitespace: true, message: t('account.required', { field: t('send.text') }) }]
            }
          >
            <Input.TextArea id="wx-send-text" rows={4} maxLength={WX_TEXT_MAX} showCount />
          </Form.Item>
        )}
        <Form.Item name="target" label={t('send.target')}>
          <Radio.Group id="wx-send-target" options={WX_SEND_TARGETS.map((k) => ({ value: k, label: t(`send.targets.${k}`) }))} />
        </Form.Item>
        {target === 'tag' ? (
          <Form.Item
            name="tagId"
            label={t('send.tag')}
            rules={[{ required: true, message: t('account.required', { field: t('send.tag') }) }]}
          >
            <Select id="wx-send-tag" options={(tags.data ?? []).map((g) => ({ value: g.id, label: `${g.name} (${g.count})` }))} />
          </Form.Item>
        ) : null}
        {target === 'openids' ? (
          <Form.Item name="openIds" label={t('send.followers')}>
            <Select
              id="wx-send-openids"
              mode="multiple"
              placeholder={t('send.followersPlaceholder')}
              filterOption={false}
              showSearch={{ onSearch: setKeyword }}
              options={(followers.data?.list ?? []).map((f) => ({
                value: f.openId,
                label: f.remark ? `${f.nickname}（${f.remark}）` : f.nickname || f.openId,
              }))}
            />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
