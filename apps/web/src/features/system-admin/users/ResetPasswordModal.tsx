import { PASSWORD_MAX_LENGTH } from '@agromet/contracts/web';
import type { UserRow } from '@agromet/contracts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { logUnlessShown } from '../../../lib/shown-failure';
import { useResetPassword } from '../api/users';
import { useRules } from '../components/use-rules';
import { NS } from '../i18n';
import { SaveModal } from '../../../components/admin-list/SaveModal';
import { PasswordField } from './UserFormFields';
import { useFeedback } from '../../../lib/feedback';

/** Sets a new password for a user (the server ends the user's sessions). */
export function ResetPasswordModal({ record, onClose }: { record: UserRow; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const { message } = useFeedback();
  const rules = useRules();
  const [form] = Form.useForm<{ password: string; confirm: string }>();
  const reset = useResetPassword();

  const onFinish = async ({ password }: { password: string }) => {
    try {
      await reset.mutateAsync({ id: record.id, password });
      void message.success(t('user.resetPasswordDone'));
      onClose();
    } catch (error) {
      // A failed call is shown by the request client.
      logUnlessShown(error, 'password reset');
    }
  };

  return (
    <SaveModal
      title={t('user.resetPasswordTitle', { name: record.name || record.username })}
      submitId="reset-password-submit"
      saving={reset.isPending}
      onSave={() => form.submit()}
      onClose={onClose}
    >
      <Form form={form} name="reset-password-form" layout="vertical" onFinish={(v) => void onFinish(v)}>
        <PasswordField label={t('user.newPassword')} />
        <Form.Item
          name="confirm"
          label={t('user.confirmPassword')}
          dependencies={['password']}
          rules={[
            rules.required(t('user.confirmPassword')),
            ({ getFieldValue }) => ({
              validator: (_, value: string) =>
                !value || value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('validation.passwordMismatch'))),
            }),
          ]}
        >
          <Input.Password maxLength={PASSWORD_MAX_LENGTH} autoComplete="new-password" />
        </Form.Item>
      </Form>
    </SaveModal>
  );
}
