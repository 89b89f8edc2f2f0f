import { UserOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useNavigation, useSearchParams } from 'react-router';
import { logUnlessShown } from '../../../lib/shown-failure';
import { safeRedirect } from '../../../utils/safe-redirect';
import { useLogin } from '../api/use-login';
import { PasswordField } from './PasswordField';

interface LoginValues {
  username: string;
  password: string;
}

/** Username + password form; on success goes to the `redirect` query target (full path) or `/`. */
export function LoginForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<LoginValues>();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const login = useLogin();
  const [capsLock, setCapsLock] = useState(false);

  const onFinish = async (values: LoginValues) => {
    try {
      await login.mutateAsync({ username: values.username.trim(), password: values.password });
    } catch (error) {
      // 4101 / 4290 / transport errors were shown by the request client.
      logUnlessShown(error, 'sign-in');
      return;
    }
    await navigate(safeRedirect(searchParams.get('redirect')), { replace: true });
  };

  const busy = login.isPending || navigation.state !== 'idle';

  return (
    <Form<LoginValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      autoComplete="on"
      onFinish={onFinish}
      className="login-form"
      aria-label={t('login.heading')}
    >
      <Form.Item
        name="username"
        label={t('login.username')}
        rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}
      >
        <Input
          prefix={<UserOutlined aria-hidden />}
          placeholder={t('login.usernamePlaceholder')}
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          autoFocus
        />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('login.password')}
        rules={[{ required: true, message: t('login.passwordRequired') }]}
        extra={
          <div aria-live="polite" className="caps-lock-region">
            {capsLock ? (
              <span id="caps-lock-hint" className="caps-lock-hint">
                {t('login.capsLock')}
              </span>
            ) : null}
          </div>
        }
      >
        <PasswordField placeholder={t('login.passwordPlaceholder')} autoComplete="current-password" onCapsLockChange={setCapsLock} />
      </Form.Item>
      <Form.Item className="login-submit">
        <Button id="login-submit" type="primary" htmlType="submit" block loading={busy}>
          {t('login.submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}
