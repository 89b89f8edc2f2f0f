import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../../components/LanguageSwitch';
import { resolveLogo, resolveSysName } from '../../../utils/branding';
import { useLoginBranding } from '../api/use-login-branding';
import { LoginForm } from '../components/LoginForm';
import './login.css';

/** /login: the customer's (or default) logo and system name, the language choice and the form. */
export function LoginPage() {
  const { t } = useTranslation();
  const branding = useLoginBranding();
  const sysName = resolveSysName(branding);

  return (
    <main className="login-page">
      <div className="login-lang">
        <LanguageSwitch />
      </div>
      <section className="login-card" aria-labelledby="login-sys-name">
        <header className="login-brand">
          <img className="login-logo" src={resolveLogo(branding)} alt="" width={56} height={56} />
          <Typography.Title level={1} id="login-sys-name" className="login-sys-name">
            {sysName}
          </Typography.Title>
        </header>
        <Typography.Title level={2} className="login-heading">
          {t('login.heading')}
        </Typography.Title>
        <LoginForm />
      </section>
    </main>
  );
}
