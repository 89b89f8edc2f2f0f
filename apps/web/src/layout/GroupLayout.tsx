import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useState, type CSSProperties, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router';
import { ConsoleMap } from '../components/map/ConsoleMap';
import { MAP_NS } from '../components/map/i18n';
import { useCurrentView } from '../lib/current-view';
import { useKeptScroll } from '../lib/use-kept-scroll';
import { useAppStore } from '../stores/app';
import './group-layout.css';
import { panelClassName } from './panel-keys';
import { readPanelState, SHEET_DEFAULT_SHARE, storePanelState, type PanelState } from './panel-state';
import { usePanelDrag } from './use-panel-drag';

/**
 * Frame of a route group's pages: the full-page map, with the page floating over it as a panel, the two one
 * workspace. The map keeps its content in the part the panel leaves visible (ConsoleMap's view padding). On a wide
 * screen the panel floats on the left, is resized by dragging (or the arrow keys on) its right edge and folds away to
 * a strip (its title); on a phone or a narrow window it is a bottom sheet whose top edge is dragged, the map above it.
 * Each page remembers its panel (panel-state.ts). The panel ends above the map's bottom bar and scrolls inside.
 */
export function GroupLayout() {
  const { t } = useTranslation();
  const { t: tMap } = useTranslation(MAP_NS);
  const matches = useMatches();
  const view = useCurrentView();
  const group = matches.find((m) => m.id !== 'root' && m.id !== 'console' && m.id !== 'frame');
  const path = view?.path ?? '';
  const [state, setState] = useState<PanelState>(() => readPanelState(path));
  useEffect(() => setState(readPanelState(path)), [path]);
  const sheet = useAppStore((s) => s.device) === 'mobile';
  const [panel, setPanel] = useState<HTMLElement | null>(null);
  const { ref, onScroll } = useKeptScroll<HTMLDivElement>();
  const title = view?.title ? t(`route.${view.title}`) : '';
  const { collapsed } = state;

  const change = (patch: Partial<PanelState>) => {
    setState((old) => {
      const next = { ...old, ...patch };
      storePanelState(path, next);
      return next;
    });
  };
  const { startWidthDrag, startSheetDrag, onHandleKey } = usePanelDrag({ panel, sheet, state, change });

  const style = {
    ...(!sheet && state.width !== null && !collapsed ? { width: `${state.width}px` } : {}),
    ...(sheet ? { '--sheet-share': String(state.sheet ?? SHEET_DEFAULT_SHARE) } : {}),
  } as CSSProperties;
  const className = panelClassName(sheet, collapsed);
  const toggleLabel = collapsed ? tMap('panel.expand') : tMap('panel.collapse');

  return (
    <div className="group-layout" data-layout="map" data-group={group?.id}>
      <ConsoleMap panel={panel}>
        <section
          ref={setPanel}
          className={className}
          style={style}
          aria-label={title}
          data-testid="map-panel"
          data-mode={sheet ? 'sheet' : 'side'}
        >
          <div className="map-panel-head">
            {sheet ? (
              <PanelHandle
                name="map-panel-grip"
                orientation="horizontal"
                aria-valuenow={Math.round((state.sheet ?? SHEET_DEFAULT_SHARE) * 100)}
                aria-valuemin={20}
                aria-valuemax={85}
                onPointerDown={startSheetDrag}
                onKeyDown={onHandleKey}
              />
            ) : null}
            <Button
              className="map-panel-toggle"
              size="small"
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              aria-label={toggleLabel}
              title={toggleLabel}
              aria-expanded={!collapsed}
              onClick={() => change({ collapsed: !collapsed })}
            >
              {collapsed || sheet ? title : null}
            </Button>
          </div>
          {/* Hidden, not unmounted: the page keeps its input while folded away. */}
          <div ref={ref} className="map-panel-body" hidden={collapsed} onScroll={onScroll}>
            <Outlet />
          </div>
          {!sheet && !collapsed ? (
            <PanelHandle
              name="map-panel-resize"
              orientation="vertical"
              aria-valuenow={state.width ?? undefined}
              onPointerDown={startWidthDrag}
              onKeyDown={onHandleKey}
              onDoubleClick={() => {
                if (panel) panel.style.removeProperty('width');
                change({ width: null });
              }}
            />
          ) : null}
        </section>
      </ConsoleMap>
    </div>
  );
}

/**
 * An edge of the panel that resizes it, dragged or moved with the arrow keys (use-panel-drag.ts): a separator to
 * assistive technology, with its value. `name` is its class and test id.
 */
function PanelHandle({
  name,
  orientation,
  ...attributes
}: {
  name: string;
  orientation: 'horizontal' | 'vertical';
} & Pick<
  HTMLAttributes<HTMLDivElement>,
  'aria-valuenow' | 'aria-valuemin' | 'aria-valuemax' | 'onPointerDown' | 'onKeyDown' | 'onDoubleClick'
>) {
  const { t } = useTranslation(MAP_NS);
  return (
    <div
      className={name}
      role="separator"
      aria-orientation={orientation}
      aria-label={t('panel.resize')}
      title={t('panel.resize')}
      tabIndex={0}
      data-testid={name}
      {...attributes}
    />
  );
}
