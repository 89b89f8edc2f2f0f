import type { ChangePasswordBody } from '@agromet/contracts';
import { Alert, Form, Input, Modal, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/feedback';
import { useChangePassword } from '../api/use-change-password';
import { confirmationProblem, passwordProblem, type PasswordProblem } from '../utils/password-rules';

/** The password dialog is 400 px wide (docs/console.md#profile-dialogs). */
const DIALOG_WIDTH = 400;

/**
 * Current, new and confirmation password, validated as the user types. `forced`: the password is one an administrator
 * set, so the dialog explains why it is asked, cannot be dismissed, and offers signing out instead (`onSignOut`).
 */
export function ChangePasswordDialog({
  open,
  onClose,
  forced = false,
  onSignOut,
}: {
  open: boolean;
  onClose: () => void;
  forced?: boolean;
  onSignOut?: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ChangePasswordBody>();
  const change = useChangePassword();

  const reject = (problem: PasswordProblem | null) =>
    problem ? Promise.reject(new Error(t(`profile.password.${problem}`))) : Promise.resolve();
  const passwordRule: FormRule = { validator: (_, value: string) => reject(passwordProblem(value)) };
  const confirmationRule: FormRule = ({ getFieldValue }) => ({
    validator: (_, value: string) => reject(confirmationProblem(getFieldValue('newPassword'), value)),
  });

  const submit = async (body: ChangePasswordBody) => {
    const result = await change.mutateAsync(body);
    if (result.ok) {
      notifySuccess(t('profile.password.changed'));
      onClose();
    } else {
      notifyError(t('profile.password.failed'), result.detail || undefined);
    }
  };

  return (
    <Modal
      open={open}
      width={DIALOG_WIDTH}
      title={t(forced ? 'profile.password.forcedTitle' : 'profile.password.title')}
      okText={t('common.confirm')}
      cancelText={t(forced ? 'navbar.logout' : 'common.cancel')}
      cancelButtonProps={forced ? { id: 'password-sign-out' } : undefined}
      closable={!forced}
      maskClosable={!forced}
      keyboard={!forced}
      okButtonProps={{ id: 'password-submit', htmlType: 'submit', form: 'change-password' }}
      confirmLoading={change.isPending}
      onCancel={forced ? onSignOut : onClose}
      destroyOnHidden
      className="password-dialog"
    >
      {forced ? (
        <Alert
          type="info"
          showIcon
          className="password-forced-hint"
          title={t('profile.password.forcedHint')}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Form form={form} name="change-password" layout="vertical" onFinish={(v) => void submit(v)} requiredMark>
        <Form.Item name="password" label={t('profile.password.current')} required rules={[passwordRule]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="newPassword" label={t('profile.password.new')} required rules={[passwordRule]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('profile.password.confirm')}
          required
          dependencies={['newPassword']}
          rules={[confirmationRule]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
