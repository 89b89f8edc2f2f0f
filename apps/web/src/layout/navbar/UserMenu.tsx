import { CaretDownOutlined } from '@ant-design/icons';
import { Avatar, Dropdown, Spin } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { reloadPage } from '../../lib/reload';
import { useUserStore } from '../../stores/user';
import { resolveAvatar } from '../../utils/branding';

// The dialogs (and the image cropper) load only when first opened.
const SettingsDialog = lazy(() => import('../../features/profile/components/SettingsDialog').then((m) => ({ default: m.SettingsDialog })));
const ChangePasswordDialog = lazy(() =>
  import('../../features/profile/components/ChangePasswordDialog').then((m) => ({ default: m.ChangePasswordDialog })),
);

type Dialog = 'settings' | 'password' | null;

/** Avatar and name; menu: dashboard, personal settings, change password, log out. */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { name, username, avatar } = useUserStore(useShallow((s) => ({ name: s.name, username: s.username, avatar: s.avatar })));
  const logout = useUserStore((s) => s.logout);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [opened, setOpened] = useState<{ settings: boolean; password: boolean }>({ settings: false, password: false });
  const [leaving, setLeaving] = useState(false);
  const displayName = name || username;

  const show = (which: Exclude<Dialog, null>) => {
    setOpened((o) => ({ ...o, [which]: true }));
    setDialog(which);
  };
  const signOut = async () => {
    setLeaving(true);
    await logout();
    // Without a token the reloaded app lands on the login page.
    reloadPage();
  };

  return (
    <>
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        menu={{
          items: [
            { key: 'dashboard', label: <span id="user-menu-dashboard">{t('route.dashboard')}</span> },
            { key: 'settings', label: <span id="user-menu-settings">{t('navbar.settings')}</span> },
            { key: 'password', label: <span id="user-menu-password">{t('navbar.changePassword')}</span> },
            { type: 'divider' },
            { key: 'logout', label: <span id="logout-button">{t('navbar.logout')}</span> },
          ],
          onClick: ({ key }) => {
            if (key === 'dashboard') void navigate('/dashboard');
            else if (key === 'settings') show('settings');
            else if (key === 'password') show('password');
            else void signOut();
          },
        }}
      >
        <button type="button" id="user-menu" className="user-menu-trigger" aria-label={t('navbar.userMenu')}>
          {leaving ? <Spin size="small" /> : null}
          <Avatar className="user-avatar" size={32} src={resolveAvatar(avatar)} alt={t('navbar.avatarAlt', { name: displayName })} />
          <span className="user-menu-name" id="user-name">
            {displayName}
          </span>
          <CaretDownOutlined aria-hidden className="user-menu-caret" />
        </button>
      </Dropdown>
      <Suspense fallback={null}>
        {opened.settings ? <SettingsDialog open={dialog === 'settings'} onClose={() => setDialog(null)} /> : null}
        {opened.password ? <ChangePasswordDialog open={dialog === 'password'} onClose={() => setDialog(null)} /> : null}
      </Suspense>
    </>
  );
}
