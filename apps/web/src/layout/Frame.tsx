import { LogoutOutlined } from '@ant-design/icons';
import { Avatar, Button } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { PageSpinner } from '../components/PageSpinner';
import { reloadPage } from '../lib/reload';
import { useUserStore } from '../stores/user';
import { resolveAvatar, resolveLogo, resolveSysName } from '../utils/branding';
import { useSessionWatch } from './use-session-watch';
import './frame.css';

/**
 * Minimal frame of the signed-in pages: top bar (logo, system name, dashboard link, user, log out)
 * and the content area. The full shell (menu, tabs, toolbar) replaces it later.
 */
export function Frame() {
  const { t } = useTranslation();
  useSessionWatch();
  const { name, username, avatar, branding } = useUserStore(
    useShallow((s) => ({ name: s.name, username: s.username, avatar: s.avatar, branding: s.branding })),
  );
  const logout = useUserStore((s) => s.logout);
  const [leaving, setLeaving] = useState(false);
  const displayName = name || username;

  const onLogout = async () => {
    setLeaving(true);
    await logout();
    // Without a token the reloaded app lands on the login page.
    reloadPage();
  };

  return (
    <div className="frame">
      <header className="frame-header">
        <div className="frame-brand">
          <img className="frame-logo" src={resolveLogo(branding)} alt="" width={32} height={32} />
          <span className="frame-sys-name" id="sys-name">
            {resolveSysName(branding)}
          </span>
        </div>
        <nav className="frame-nav" aria-label={t('navbar.mainNav')}>
          <NavLink to="/dashboard" className="frame-nav-link">
            {t('route.dashboard')}
          </NavLink>
        </nav>
        <div className="frame-user">
          <Avatar size={32} src={resolveAvatar(avatar)} alt={t('navbar.avatarAlt', { name: displayName })} />
          <span className="frame-user-name" id="user-name">
            {displayName}
          </span>
          <Button id="logout-button" icon={<LogoutOutlined aria-hidden />} loading={leaving} onClick={() => void onLogout()}>
            {t('navbar.logout')}
          </Button>
        </div>
      </header>
      <main className="frame-content">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
