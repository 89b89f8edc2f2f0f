import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router';
import { ConsoleMap } from '../components/map/ConsoleMap';
import { MAP_NS } from '../components/map/i18n';
import { useCurrentView } from '../lib/current-view';
import { useKeptScroll } from '../lib/use-kept-scroll';
import './group-layout.css';

/** localStorage key of the panel's folded state, kept across pages and reloads. */
export const PANEL_COLLAPSED_KEY = 'agromet.mapPanel.collapsed';

function readCollapsed(): boolean {
  try {
    return localStorage.getItem(PANEL_COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
}

function storeCollapsed(collapsed: boolean) {
  try {
    if (collapsed) localStorage.setItem(PANEL_COLLAPSED_KEY, '1');
    else localStorage.removeItem(PANEL_COLLAPSED_KEY);
  } catch {
    // Storage refused (private mode, quota): the state holds for this page only.
  }
}

/**
 * Frame of a route group's pages: the full-page map, with the page floating over it as a panel
 * that folds away to a strip (its title) so the map stays usable; the folded state is remembered. The panel ends
 * above the map's bottom bar and scrolls inside (group-layout.css).
 */
export function GroupLayout() {
  const { t } = useTranslation();
  const { t: tMap } = useTranslation(MAP_NS);
  const matches = useMatches();
  const view = useCurrentView();
  const group = matches.find((m) => m.id !== 'root' && m.id !== 'console' && m.id !== 'frame');
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const { ref, onScroll } = useKeptScroll<HTMLDivElement>();
  const title = view?.title ? t(`route.${view.title}`) : '';

  return (
    <div className="group-layout" data-layout="map" data-group={group?.id}>
      <ConsoleMap>
        <section className={`map-panel${collapsed ? ' map-panel-collapsed' : ''}`} aria-label={title} data-testid="map-panel">
          <Button
            className="map-panel-toggle"
            size="small"
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            aria-label={collapsed ? tMap('panel.expand') : tMap('panel.collapse')}
            title={collapsed ? tMap('panel.expand') : tMap('panel.collapse')}
            aria-expanded={!collapsed}
            onClick={() => {
              storeCollapsed(!collapsed);
              setCollapsed(!collapsed);
            }}
          >
            {collapsed ? title : null}
          </Button>
          {/* Hidden, not unmounted: the page keeps its input while folded away. */}
          <div ref={ref} className="map-panel-body" hidden={collapsed} onScroll={onScroll}>
            <Outlet />
          </div>
        </section>
      </ConsoleMap>
    </div>
  );
}
