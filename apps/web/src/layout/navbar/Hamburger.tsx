import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../stores/app';

/** Opens and closes the sidebar (the drawer on mobile). */
export function Hamburger() {
  const { t } = useTranslation();
  const opened = useAppStore((s) => s.sidebar.opened);
  const toggle = useAppStore((s) => s.toggleSidebar);
  return (
    <Button
      id="hamburger"
      type="text"
      className="navbar-button"
      aria-label={t('navbar.toggleSidebar')}
      aria-expanded={opened}
      aria-controls="sidebar"
      icon={opened ? <MenuFoldOutlined aria-hidden /> : <MenuUnfoldOutlined aria-hidden />}
      onClick={toggle}
    />
  );
}
