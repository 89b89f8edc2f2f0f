import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router';
import { ConsoleMap } from '../components/map/ConsoleMap';
import { MAP_NS } from '../components/map/i18n';
import { useCurrentView } from '../lib/current-view';
import { useKeptScroll } from '../lib/use-kept-scroll';
import { useAppStore } from '../stores/app';
import './group-layout.css';
import {
  clampPanelWidth,
  clampSheetShare,
  PANEL_KEY_STEP_PX,
  readPanelState,
  SHEET_DEFAULT_SHARE,
  storePanelState,
  type PanelState,
} from './panel-state';

/** Follows a drag from a handle (pointer capture) until the pointer is released. */
function followDrag(e: PointerEvent<HTMLElement>, onMove: (x: number, y: number) => void, onEnd: () => void) {
  if (e.button !== 0) return;
  e.preventDefault();
  const handle = e.currentTarget;
  handle.setPointerCapture(e.pointerId);
  const move = (ev: globalThis.PointerEvent) => onMove(ev.clientX, ev.clientY);
  const end = () => {
    handle.removeEventListener('pointermove', move);
    handle.removeEventListener('pointerup', end);
    handle.removeEventListener('pointercancel', end);
    onEnd();
  };
  handle.addEventListener('pointermove', move);
  handle.addEventListener('pointerup', end);
  handle.addEventListener('pointercancel', end);
}

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
  const dragged = useRef<Partial<PanelState> | null>(null);
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
  const mapBox = () => panel?.parentElement?.getBoundingClientRect() ?? null;
  const widthNow = () => panel?.getBoundingClientRect().width ?? 0;

  // Dragging sets the panel's size on the element itself (no render per pointer move); the release stores it.
  const startWidthDrag = (e: PointerEvent<HTMLElement>) => {
    const map = mapBox();
    if (!panel || !map) return;
    const left = panel.getBoundingClientRect().left;
    followDrag(
      e,
      (x) => {
        const width = clampPanelWidth(x - left, map.width);
        panel.style.width = `${width}px`;
        dragged.current = { width };
      },
      () => {
        if (dragged.current) change(dragged.current);
        dragged.current = null;
      },
    );
  };
  const startSheetDrag = (e: PointerEvent<HTMLElement>) => {
    const map = mapBox();
    if (!panel || !map) return;
    const bottom = panel.getBoundingClientRect().bottom;
    followDrag(
      e,
      (_x, y) => {
        const share = clampSheetShare((bottom - y) / map.height);
        panel.style.setProperty('--sheet-share', String(share));
        dragged.current = { sheet: share, collapsed: false };
      },
      () => {
        if (dragged.current) change(dragged.current);
        dragged.current = null;
      },
    );
  };
  const onHandleKey = (e: KeyboardEvent<HTMLElement>) => {
    const map = mapBox();
    if (!map) return;
    if (sheet) {
      const share = state.sheet ?? SHEET_DEFAULT_SHARE;
      const step = PANEL_KEY_STEP_PX / map.height;
      if (e.key === 'ArrowUp') change({ sheet: clampSheetShare(share + step), collapsed: false });
      else if (e.key === 'ArrowDown') change({ sheet: clampSheetShare(share - step) });
      else return;
    } else {
      const width = state.width ?? widthNow();
      if (e.key === 'ArrowRight') change({ width: clampPanelWidth(width + PANEL_KEY_STEP_PX, map.width) });
      else if (e.key === 'ArrowLeft') change({ width: clampPanelWidth(width - PANEL_KEY_STEP_PX, map.width) });
      else if (e.key === 'Home') change({ width: null });
      else return;
    }
    e.preventDefault();
  };

  const style = {
    ...(!sheet && state.width !== null && !collapsed ? { width: `${state.width}px` } : {}),
    ...(sheet ? { '--sheet-share': String(state.sheet ?? SHEET_DEFAULT_SHARE) } : {}),
  } as CSSProperties;
  const className = ['map-panel', sheet ? 'map-panel-sheet' : 'map-panel-side', collapsed ? 'map-panel-collapsed' : '']
    .filter(Boolean)
    .join(' ');
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
              <div
                className="map-panel-grip"
                role="separator"
                aria-orientation="horizontal"
                aria-label={tMap('panel.resize')}
                title={tMap('panel.resize')}
                aria-valuenow={Math.round((state.sheet ?? SHEET_DEFAULT_SHARE) * 100)}
                aria-valuemin={20}
                aria-valuemax={85}
                tabIndex={0}
                onPointerDown={startSheetDrag}
                onKeyDown={onHandleKey}
                data-testid="map-panel-grip"
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
            <div
              className="map-panel-resize"
              role="separator"
              aria-orientation="vertical"
              aria-label={tMap('panel.resize')}
              title={tMap('panel.resize')}
              aria-valuenow={state.width ?? undefined}
              tabIndex={0}
              onPointerDown={startWidthDrag}
              onKeyDown={onHandleKey}
              onDoubleClick={() => {
                if (panel) panel.style.removeProperty('width');
                change({ width: null });
              }}
              data-testid="map-panel-resize"
            />
          ) : null}
        </section>
      </ConsoleMap>
    </div>
  );
}
