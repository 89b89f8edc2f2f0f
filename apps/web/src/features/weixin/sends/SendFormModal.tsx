import { WX_SEND_KINDS, WX_SEND_TARGETS, WX_TEXT_MAX, type WxSendKind, type WxSendTarget } from '@agromet/contracts/web';
import type { WxAccount } from '@agromet/contracts';
import { Alert, Form, Input, Radio, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SaveModal } from '../../../components/admin-list/SaveModal';
import { fieldIssuesOf } from '../../../lib/field-issues';
import { useCreateSend, useFollowerPage, useMediaPage, useSendArticles, useTags } from '../api/weixin';
import { NS } from '../i18n';
import { useFeedback } from '../../../lib/feedback';
import { SEND_FIELDS, sendRequest, type SendValues } from './send-rules';

/** The content of the send by its kind: an article (and a remark), a picture of the account's, or a text. */
function ContentFields({ accountId, kind }: { accountId: number | undefined; kind: WxSendKind | undefined }) {
  const { t } = useTranslation(NS);
  const articles = useSendArticles();
  const images = useMediaPage(kind === 'image' ? accountId : undefined, 'image', { page: 1, size: 100 });
  const required = (field: string) => [{ required: true, message: t('account.required', { field }) }];
  return (
    <>
      {kind === 'article' ? (
        <Form.Item name="articleId" label={t('send.article')} rules={required(t('send.article'))}>
          <Select
            id="wx-send-article"
            showSearch={{ optionFilterProp: 'label' }}
            options={(articles.data ?? []).map((a) => ({ value: a.id, label: a.title }))}
          />
        </Form.Item>
      ) : null}
      {kind === 'image' ? (
        <Form.Item name="mediaId" label={t('send.image')} rules={required(t('send.image'))}>
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
    </>
  );
}

/** The recipients beyond "all": a tag of the account's, or followers chosen by name. */
function TargetFields({ accountId, target }: { accountId: number | undefined; target: WxSendTarget | undefined }) {
  const { t } = useTranslation(NS);
  const [keyword, setKeyword] = useState('');
  const tags = useTags(accountId);
  const followers = useFollowerPage(
    target === 'openids' ? accountId : undefined,
    { keyword: keyword || undefined, subscribed: 'true' },
    { page: 1, size: 50 },
  );
  return (
    <>
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
    </>
  );
}

/** Compose a mass send: content, recipients; it then waits for another person's approval. */
export function SendFormModal({ accounts, onClose }: { accounts: WxAccount[]; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const { message } = useFeedback();
  const [form] = Form.useForm<SendValues>();
  const create = useCreateSend();
  const accountId = Form.useWatch('accountId', form);
  const kind = Form.useWatch('kind', form);
  const target = Form.useWatch('target', form);

  const onFinish = async (v: SendValues) => {
    try {
      await create.mutateAsync(sendRequest(v));
      void message.success(t('send.created'));
      onClose();
    } catch (error) {
      const issues = fieldIssuesOf(error).filter((i) => SEND_FIELDS.includes(i.field.split('.')[0]!));
      if (issues.length > 0) form.setFields(issues.map((i) => ({ name: i.field.split('.')[0] as keyof SendValues, errors: [i.message] })));
    }
  };

  return (
    <SaveModal
      title={t('send.createTitle')}
      submitId="wx-send-submit"
      saving={create.isPending}
      onSave={() => form.submit()}
      onClose={onClose}
      width={560}
    >
      <Alert type="info" showIcon message={t('send.approvalHint')} style={{ marginBottom: 12 }} />
      <Form<SendValues>
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
        <ContentFields accountId={accountId} kind={kind} />
        <Form.Item name="target" label={t('send.target')}>
          <Radio.Group id="wx-send-target" options={WX_SEND_TARGETS.map((k) => ({ value: k, label: t(`send.targets.${k}`) }))} />
        </Form.Item>
        <TargetFields accountId={accountId} target={target} />
      </Form>
    </SaveModal>
  );
}
