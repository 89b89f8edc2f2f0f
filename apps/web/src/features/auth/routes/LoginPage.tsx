import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../../components/LanguageSwitch';
import { useAppStore } from '../../../stores/app';
import { resolveLogo, resolveSysName } from '../../../utils/branding';
import { useLoginBranding } from '../api/use-login-branding';
import { LoginForm } from '../components/LoginForm';
import './login.css';

/**
 * /login: the customer's (or default) logo and system name, the language choice and the form. It comes with the
 * entry and uses no component library, so that it shows after a small download (`npm run size`).
 */
export function LoginPage() {
  const { t } = useTranslation();
  const branding = useLoginBranding();
  const sysName = resolveSysName(branding);
  const themeColor = useAppStore((s) => s.themeColor);

  return (
    <main className="login-page" style={{ '--theme-color': themeColor } as CSSProperties}>
      <div className="login-lang">
        <LanguageSwitch />
      </div>
      <section className="login-card" aria-labelledby="login-sys-name">
        <header className="login-brand">
          <img className="login-logo" src={resolveLogo(branding)} alt="" width={56} height={56} />
          <h1 id="login-sys-name" className="login-sys-name">
            {sysName}
          </h1>
        </header>
        <h2 className="login-heading">{t('login.heading')}</h2>
        <LoginForm />
      </section>
    </main>
  );
}
