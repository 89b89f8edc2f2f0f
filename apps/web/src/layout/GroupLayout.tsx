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

/**
 * Frame of a route group's pages: the full-page map, with the page floating over it as a panel
 * that folds away so the map stays usable.
 */
export function GroupLayout() {
  const { t } = useTranslation();
  const { t: tMap } = useTranslation(MAP_NS);
  const matches = useMatches();
  const view = useCurrentView();
  const group = matches.find((m) => m.id !== 'root' && m.id !== 'frame');
  const [collapsed, setCollapsed] = useState(false);
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
            onClick={() => setCollapsed((c) => !c)}
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
