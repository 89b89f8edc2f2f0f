import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { SidebarMenu } from './SidebarMenu';

/**
 * Below 992 px the menu is a drawer over the page (docs/console.md#the-shell). Its own chunk with antd's drawer: the
 * shell loads it only on a narrow screen.
 */
export function SidebarDrawer({ open, width, onClose }: { open: boolean; width: number; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={open}
      placement="left"
      size={width}
      closable={false}
      onClose={onClose}
      rootClassName="sidebar-drawer"
      styles={{ body: { padding: 0 } }}
      title={null}
    >
      <nav id="sidebar" className="sidebar" aria-label={t('navbar.sidebar')}>
        <SidebarMenu collapsed={false} />
      </nav>
    </Drawer>
  );
}
