import { APP_ROUTES, filterRoutes } from '@agromet/contracts/web';
import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useUserStore } from '../../stores/user';
import { menuIcon } from './menu-icons';
import { activeMenuKeys, buildMenu, type MenuEntry } from './menu-model';

type MenuItem = Required<MenuProps>['items'][number];

function toItem(entry: MenuEntry, label: (key: string) => string, withIcon: boolean): MenuItem {
  const icon = withIcon ? menuIcon(entry.icon) : undefined;
  // A label longer than the sidebar is cut with "…": the whole of it shows on hover.
  const text = label(entry.title);
  const shown = (
    <span className="sidebar-label" title={text}>
      {text}
    </span>
  );
  if (!entry.children) return { key: entry.key, icon, label: shown };
  return { key: entry.key, icon, label: shown, children: entry.children.map((c) => toItem(c, label, false)) };
}

/** The left menu of the pages the user may open; the active entry follows the route. */
export function SidebarMenu({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const roles = useUserStore((s) => s.roles);
  const menu = useMemo(() => buildMenu(filterRoutes(APP_ROUTES, roles)), [roles]);
  const items = useMemo(() => menu.map((e) => toItem(e, (key) => t(`route.${key}`), true)), [menu, t]);
  const active = useMemo(() => activeMenuKeys(menu, APP_ROUTES, pathname), [menu, pathname]);
  const [openKeys, setOpenKeys] = useState<string[]>(active.open);
  // While collapsed, groups open as hover popups; the expanded menu's open groups are kept apart.
  const [popupKeys, setPopupKeys] = useState<string[]>([]);

  // Opening a page opens its group (other groups the user opened stay open).
  const activeGroup = active.open[0];
  useEffect(() => {
    if (activeGroup) setOpenKeys((keys) => (keys.includes(activeGroup) ? keys : [...keys, activeGroup]));
  }, [activeGroup]);

  return (
    <Menu
      className="sidebar-menu"
      mode="inline"
      inlineCollapsed={collapsed}
      items={items}
      selectedKeys={active.selected}
      openKeys={collapsed ? popupKeys : openKeys}
      onOpenChange={collapsed ? setPopupKeys : setOpenKeys}
      onClick={({ key }) => {
        // The page's own entry still leads to its plain path when a query is set.
        if (key !== pathname || search) void navigate(key);
      }}
    />
  );
}
