import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useNavigation, useSearchParams } from 'react-router';
import { PlainIcon } from '../../../components/PlainIcon';
import { safeRedirect } from '../../../utils/safe-redirect';
import { useLogin } from '../api/use-login';
import { checkLogin, type LoginIssues, type LoginValues } from '../utils/login-rules';
import { PasswordField } from './PasswordField';

/**
 * Username + password form; on success goes to the `redirect` query target (full path) or `/`. Plain form controls
 * styled like the console's (login.css): the login page loads no component library. Empty fields are named under
 * them once the form was sent, and again as they are typed; the server's refusal shows above the button.
 */
export function LoginForm() {
  const { t } = useTranslation();
  const [values, setValues] = useState<LoginValues>({ username: '', password: '' });
  const [issues, setIssues] = useState<LoginIssues>({});
  const [checked, setChecked] = useState(false);
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const login = useLogin();
  const [capsLock, setCapsLock] = useState(false);

  const change = (field: keyof LoginValues, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (checked) setIssues(checkLogin(next));
    login.clearError();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = checkLogin(values);
    setChecked(true);
    setIssues(found);
    if (found.username) document.getElementById('username')?.focus();
    else if (found.password) document.getElementById('password')?.focus();
    if (found.username || found.password) return;
    if (!(await login.submit({ username: values.username.trim(), password: values.password }))) return;
    await navigate(safeRedirect(searchParams.get('redirect')), { replace: true });
  };

  const busy = login.pending || navigation.state !== 'idle';

  return (
    <form className="login-form" aria-label={t('login.heading')} autoComplete="on" noValidate onSubmit={(e) => void onSubmit(e)}>
      <LoginField id="username" label={t('login.username')} issue={issues.username && t(issues.username)}>
        <span className={issues.username ? 'login-input login-input-invalid' : 'login-input'}>
          <PlainIcon icon={UserOutlined} className="login-input-prefix" />
          <input
            id="username"
            name="username"
            value={values.username}
            onChange={(e) => change('username', e.target.value)}
            placeholder={t('login.usernamePlaceholder')}
            autoComplete="username"
            autoCapitalize="off"
            spellCheck={false}
            autoFocus
            aria-invalid={issues.username ? true : undefined}
            aria-describedby={issues.username ? 'username-issue' : undefined}
          />
        </span>
      </LoginField>
      <LoginField
        id="password"
        label={t('login.password')}
        issue={issues.password && t(issues.password)}
        after={
          <div aria-live="polite" className="caps-lock-region">
            {capsLock ? (
              <span id="caps-lock-hint" className="caps-lock-hint">
                {t('login.capsLock')}
              </span>
            ) : null}
          </div>
        }
      >
        <PasswordField
          id="password"
          name="password"
          value={values.password}
          onChange={(e) => change('password', e.target.value)}
          placeholder={t('login.passwordPlaceholder')}
          autoComplete="current-password"
          invalid={Boolean(issues.password)}
          aria-describedby={
            [issues.password ? 'password-issue' : '', capsLock ? 'caps-lock-hint' : ''].filter(Boolean).join(' ') || undefined
          }
          onCapsLockChange={setCapsLock}
        />
      </LoginField>
      {login.error ? (
        <div id="login-error" className="login-error" role="alert">
          {login.error}
        </div>
      ) : null}
      <button
        id="login-submit"
        type="submit"
        className="plain-button plain-button-primary plain-button-block"
        disabled={busy}
        aria-busy={busy}
      >
        {busy ? <span className="plain-button-spinner" aria-hidden /> : null}
        {t('login.submit')}
      </button>
    </form>
  );
}

/** A field of the form: its label, the control, what is wrong with it (`${id}-issue`, for aria-describedby), then `after`. */
function LoginField({
  id,
  label,
  issue,
  after,
  children,
}: {
  id: string;
  label: string;
  issue: string | undefined;
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="login-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {issue ? (
        <div id={`${id}-issue`} className="login-field-issue" role="alert">
          {issue}
        </div>
      ) : null}
      {after}
    </div>
  );
}
