import { UploadOutlined } from '@ant-design/icons';
import { holdsArticleAction } from '@agromet/contracts/web';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Button, Form, Input, Modal, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { ImageUpload } from '../../../components/image-upload/ImageUpload';
import { toastSuccess } from '../../../lib/feedback';
import { request } from '../../../lib/request';
import { logUnlessShown } from '../../../lib/shown-failure';
import { useUserStore } from '../../../stores/user';
import { DEFAULT_AVATAR_URL, resolveAvatar } from '../../../utils/branding';
import { useSaveSetting } from '../api/use-save-setting';
import { settingPayload, type SettingForm } from '../utils/setting-payload';

/** The settings dialog is 70 % wide; the avatar cropper is 300×300 (docs/console.md#profile-dialogs). */
const DIALOG_WIDTH = '70%';
const AVATAR_SIZE = 300;

/** Name, email, mobile, introduction, avatar and (for service-product reviewers) publishing platforms of the signed-in user. */
export function SettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const profile = useUserStore(
    useShallow((s) => ({ name: s.name, email: s.email, mobile: s.mobile, introduction: s.introduction, avatar: s.avatar })),
  );
  const setting = useUserStore((s) => s.setting);
  const roles = useUserStore((s) => s.roles);
  // Service-product platforms: only for those who publish, the reviewers (the list is the customer's,
  // docs/articles.md#platforms; docs/security.md#separation-of-duties).
  const publishes = holdsArticleAction(roles, 'publish');
  const platforms = useQuery({
    queryKey: ['articles', 'platforms'],
    queryFn: ({ signal }) => request('articlePlatforms', { signal }),
    enabled: open && publishes,
  });
  const [form] = Form.useForm<SettingForm>();
  const [avatar, setAvatar] = useState(resolveAvatar(profile.avatar));
  const [cropping, setCropping] = useState(false);
  const save = useSaveSetting();

  const submit = async (values: SettingForm) => {
    await save.mutateAsync(settingPayload(values, avatar, DEFAULT_AVATAR_URL));
    toastSuccess(t('profile.saved'));
    onClose();
  };

  return (
    <Modal
      open={open}
      width={DIALOG_WIDTH}
      title={t('profile.settingsTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: 'settings-submit', htmlType: 'submit', form: 'settings' }}
      confirmLoading={save.isPending}
      onCancel={onClose}
      destroyOnHidden
      className="settings-dialog"
    >
      <Form
        form={form}
        name="settings"
        layout="horizontal"
        labelCol={{ flex: '120px' }}
        initialValues={{ ...profile, ...(publishes ? { articlePlatform: setting.articlePlatform } : {}) }}
        // The request client has shown a failed call already.
        onFinish={(v) => void submit(v).catch((e: unknown) => logUnlessShown(e, 'personal settings'))}
      >
        <Form.Item label={t('profile.avatar')}>
          <Space size="large" align="center" wrap>
            <span id="settings-avatar">
              <Avatar size={100} src={avatar} alt={t('profile.avatar')} />
            </span>
            <Button id="settings-change-avatar" icon={<UploadOutlined aria-hidden />} onClick={() => setCropping(true)}>
              {t('profile.changeAvatar')}
            </Button>
          </Space>
        </Form.Item>
        <Form.Item name="name" label={t('profile.name')} rules={[{ required: true, message: t('profile.required') }]}>
          <Input autoComplete="name" maxLength={64} />
        </Form.Item>
        <Form.Item name="email" label={t('profile.email')}>
          <Input type="email" autoComplete="email" maxLength={128} />
        </Form.Item>
        <Form.Item name="mobile" label={t('profile.mobile')}>
          <Input type="tel" autoComplete="tel" maxLength={32} />
        </Form.Item>
        <Form.Item name="introduction" label={t('profile.introduction')}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
        {publishes ? (
          <Form.Item name="articlePlatform" label={t('profile.articlePlatform')} extra={t('profile.articlePlatformHint')}>
            <Select
              id="settings-article-platform"
              mode="multiple"
              allowClear
              loading={platforms.isLoading}
              options={(platforms.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
            />
          </Form.Item>
        ) : null}
      </Form>
      <ImageUpload
        open={cropping}
        title={t('profile.changeAvatar')}
        width={AVATAR_SIZE}
        height={AVATAR_SIZE}
        onClose={() => setCropping(false)}
        onSuccess={(result) => setAvatar(result.path)}
      />
    </Modal>
  );
}
