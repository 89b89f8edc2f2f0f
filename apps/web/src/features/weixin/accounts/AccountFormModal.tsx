import {
  WX_ACCOUNT_MAX,
  WX_AES_KEY_PATTERN,
  WX_APPID_PATTERN,
  WX_ENCRYPT_MODES,
  WX_ID_PATTERN,
  WX_TOKEN_PATTERN,
} from '@agromet/contracts/web';
import type { WxEncryptMode } from '@agromet/contracts/web';
import type { WxAccount } from '@agromet/contracts';
import { Avatar, Button, Col, Form, Input, Radio, Row, Space, type FormInstance } from 'antd';
import { useState } from 'react';
import { ImageUpload } from '../../../components/image-upload/ImageUpload';
import { useTranslation } from 'react-i18next';
import { SaveModal } from '../../../components/admin-list/SaveModal';
import { useRecordSave } from '../../../components/admin-list/use-record-save';
import { request } from '../../../lib/request';
import { useSaveAccount } from '../api/weixin';
import { NS } from '../i18n';
import { ACCOUNT_FIELDS, accountFormValues, accountSaveValues, needsAesKey, type AccountValues } from './account-form-values';

type Values = AccountValues;

/** The rules and labels of the account's fields. */
function useFieldRules() {
  const { t } = useTranslation(NS);
  const label = (f: string) => t(`account.fields.${f}`);
  const required = (f: string) => ({ required: true, whitespace: true, message: t('account.required', { field: label(f) }) });
  return { t, label, required };
}

/** Name, nickname, WeChat id and AppID; the AppSecret and the Token (kept unless typed again when editing). */
function IdentityFields({ editing }: { editing: boolean }) {
  const { t, label, required } = useFieldRules();
  const secretRules = (f: 'secret' | 'token') => (editing ? [] : [required(f)]);
  return (
    <>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="name" label={label('name')} rules={[required('name')]}>
            <Input id="wx-name" maxLength={WX_ACCOUNT_MAX.name} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="nickname" label={label('nickname')}>
            <Input id="wx-nickname" maxLength={WX_ACCOUNT_MAX.nickname} autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="wxId" label={label('wxId')} rules={[required('wxId'), { pattern: WX_ID_PATTERN, message: 'gh_xxxxxxxxxxxx' }]}>
            <Input id="wx-wxid" placeholder="gh_0123456789ab" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="appId" label={label('appId')} rules={[required('appId'), { pattern: WX_APPID_PATTERN, message: 'wx + 16' }]}>
            <Input id="wx-appid" placeholder="wx0123456789abcdef" autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
      <div className="list-hint">{t('account.secretHint')}</div>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="secret" label={label('secret')} rules={[...secretRules('secret'), { min: 16, max: WX_ACCOUNT_MAX.secret }]}>
            <Input.Password id="wx-secret" autoComplete="new-password" placeholder={editing ? t('account.keepSecret') : ''} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="token"
            label={label('token')}
            rules={[...secretRules('token'), { pattern: WX_TOKEN_PATTERN, message: t('account.fields.token') }]}
          >
            <Input.Password id="wx-token" autoComplete="new-password" placeholder={editing ? t('account.keepSecret') : ''} />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}

/** The account's avatar, uploaded as a 200 px square. */
function AvatarField({ form, name }: { form: FormInstance<Values>; name: string }) {
  const { t } = useTranslation(NS);
  const [uploading, setUploading] = useState(false);
  const avatar = Form.useWatch('avatar', form);
  return (
    <>
      <Form.Item name="avatar" label={t('account.fields.avatar')}>
        <Space>
          <Avatar data-testid="wx-avatar" size={48} src={typeof avatar === 'string' && avatar !== '' ? avatar : undefined}>
            {name.slice(0, 1)}
          </Avatar>
          <Button id="wx-avatar-upload" size="small" onClick={() => setUploading(true)}>
            {t('account.uploadAvatar')}
          </Button>
        </Space>
      </Form.Item>
      <ImageUpload
        open={uploading}
        title={t('account.uploadAvatar')}
        width={200}
        height={200}
        imageFormat="png"
        onClose={() => setUploading(false)}
        onSuccess={(result) => {
          form.setFieldValue('avatar', result.path);
          setUploading(false);
        }}
      />
    </>
  );
}

/** WeChat's encryption mode; compatible and safe need an EncodingAESKey, typed or stored. */
function EncryptionFields({ form, account }: { form: FormInstance<Values>; account: WxAccount | null }) {
  const { t, label } = useFieldRules();
  const stored = account?.hasAesKey ?? false;
  const encryptMode = Form.useWatch('encryptMode', form) ?? account?.encryptMode ?? 'plain';
  return (
    <>
      <Form.Item name="encryptMode" label={label('encryptMode')} extra={<span className="list-hint">{t('account.modeHint')}</span>}>
        <Radio.Group
          id="wx-encrypt-mode"
          optionType="button"
          options={WX_ENCRYPT_MODES.map((m) => ({ value: m, label: t(`account.modes.${m}`) }))}
        />
      </Form.Item>
      <Form.Item
        name="aesKey"
        label={label('aesKey')}
        required={needsAesKey(encryptMode, stored)}
        dependencies={['encryptMode']}
        rules={[
          ({ getFieldValue }) => ({
            // Read at validation time: a mode chosen just before saving counts.
            validator: async (_rule, value: string | undefined) => {
              if (needsAesKey(getFieldValue('encryptMode') as WxEncryptMode, stored) && !(value ?? '').trim())
                throw new Error(t('account.aesKeyRequired'));
            },
          }),
          { pattern: WX_AES_KEY_PATTERN, message: t('account.aesKeyRequired') },
        ]}
      >
        <Input.Password id="wx-aeskey" autoComplete="new-password" placeholder={stored ? t('account.keepSecret') : ''} />
      </Form.Item>
    </>
  );
}

/**
 * Create or edit an official account; a stored secret is never shown, and stays unless typed again. The encryption
 * mode is WeChat's (plaintext, compatible, safe); the last two need an EncodingAESKey, typed or stored.
 */
export function AccountFormModal({
  account,
  onSaved,
  onClose,
}: {
  account: WxAccount | null;
  onSaved: (a: WxAccount) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<Values>();
  const save = useSaveAccount();
  const editing = account !== null;

  const onFinish = useRecordSave({
    record: account,
    form,
    save: (input) => save.mutateAsync(input),
    body: accountSaveValues,
    fields: ACCOUNT_FIELDS,
    current: async (a) => (await request('wxAccountList', { silent: true })).find((x) => x.id === a.id) ?? null,
    reload: (fresh) => form.setFieldsValue({ name: fresh.name, nickname: fresh.nickname, wxId: fresh.wxId, appId: fresh.appId }),
    onSaved,
    onClose,
  });

  return (
    <SaveModal
      title={editing ? t('account.editTitle') : t('account.createTitle')}
      submitId="wx-account-submit"
      saving={save.isPending}
      onSave={() => form.submit()}
      onClose={onClose}
      width={560}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        size="small"
        initialValues={accountFormValues(account)}
        onFinish={(v) => void onFinish(v)}
      >
        <IdentityFields editing={editing} />
        <AvatarField form={form} name={account?.name ?? ''} />
        <EncryptionFields form={form} account={account} />
      </Form>
    </SaveModal>
  );
}
