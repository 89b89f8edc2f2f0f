import { CloseOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import { useEffect, useRef, type KeyboardEvent, type MouseEvent, type WheelEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { tagsViewStore, useTagsView, type TagView } from '../../stores/tags-view';
import { scrollLeftToReveal } from './scroll-reveal';
import { normalizePath } from './view-of-location';

/** The strip of visited views; every rule is in the tags store, this only renders and navigates. */
export function TagsView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const activePath = normalizePath(location.pathname);
  // Actions read the address when they run, not as of the last render: the router renders a navigation in a transition,
  // so a click soon after one (closing the tab it just went to) would otherwise act on the previous view.
  const current = () => ({ path: normalizePath(window.location.pathname), full: window.location.pathname + window.location.search });
  const visited = useTagsView((s) => s.visited);
  const stripRef = useRef<HTMLDivElement>(null);

  // Bring the active tab into view (also when tabs are added or removed before it).
  useEffect(() => {
    const strip = stripRef.current;
    const item = strip?.querySelector<HTMLElement>('.tags-view-item.active');
    if (!strip || !item) return;
    const stripBox = strip.getBoundingClientRect();
    const itemBox = item.getBoundingClientRect();
    const left = itemBox.left - stripBox.left + strip.scrollLeft;
    strip.scrollLeft = scrollLeftToReveal(strip, { left, width: itemBox.width });
  }, [activePath, visited.length]);

  const go = (to: string | null, replace = false) => {
    if (to) void navigate(to, { replace });
  };
  const actions = {
    open: (view: TagView) => {
      if (view.fullPath !== current().full) go(view.fullPath);
    },
    refresh: (view: TagView) => go(tagsViewStore.getState().refresh(view.path), true),
    close: (view: TagView) => go(tagsViewStore.getState().close(view.path, current().path)),
    closeOthers: (view: TagView) => go(tagsViewStore.getState().closeOthers(view.path)),
    closeAll: () => go(tagsViewStore.getState().closeAll(current().path)),
  };

  // A vertical wheel scrolls the strip sideways.
  const onWheel = (e: WheelEvent<HTMLDivElement>) => {
    if (e.deltaY !== 0 && Math.abs(e.deltaY) > Math.abs(e.deltaX)) e.currentTarget.scrollLeft += e.deltaY;
  };

  return (
    <nav id="tags-view" className="tags-view" aria-label={t('tagsView.label')}>
      <div ref={stripRef} className="tags-view-strip" role="tablist" onWheel={onWheel}>
        {visited.map((view) => (
          <TagItem key={view.path} view={view} active={view.path === activePath} actions={actions} />
        ))}
      </div>
    </nav>
  );
}

interface TagActions {
  open: (view: TagView) => void;
  refresh: (view: TagView) => void;
  close: (view: TagView) => void;
  closeOthers: (view: TagView) => void;
  closeAll: () => void;
}

function TagItem({ view, active, actions }: { view: TagView; active: boolean; actions: TagActions }) {
  const { t } = useTranslation();
  const title = t(`route.${view.title}`);

  const menu: MenuProps = {
    items: [
      { key: 'refresh', label: t('tagsView.refresh') },
      { key: 'close', label: t('tagsView.close'), disabled: view.affix },
      { key: 'closeOthers', label: t('tagsView.closeOthers') },
      { key: 'closeAll', label: t('tagsView.closeAll') },
    ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      if (key === 'refresh') actions.refresh(view);
      else if (key === 'close') actions.close(view);
      else if (key === 'closeOthers') actions.closeOthers(view);
      else actions.closeAll();
    },
  };

  const onAuxClick = (e: MouseEvent) => {
    if (e.button === 1 && !view.affix) {
      e.preventDefault();
      actions.close(view);
    }
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      actions.open(view);
    } else if (e.key === 'Delete' && !view.affix) {
      actions.close(view);
    }
  };

  return (
    <Dropdown menu={menu} trigger={['contextMenu']} classNames={{ root: 'tags-view-menu' }}>
      <div
        role="tab"
        tabIndex={0}
        aria-selected={active}
        className={active ? 'tags-view-item active' : 'tags-view-item'}
        data-path={view.path}
        title={title}
        onClick={() => actions.open(view)}
        // Middle button: no auto-scroll cursor, then close on release.
        onMouseDown={(e) => e.button === 1 && e.preventDefault()}
        onAuxClick={onAuxClick}
        onKeyDown={onKeyDown}
      >
        <span className="tags-view-title">{title}</span>
        {view.affix ? null : (
          // Mouse affordance only: keyboard users close with Delete or the context menu.
          <span
            aria-hidden
            className="tags-view-close"
            title={t('tagsView.closeTab', { title })}
            onClick={(e) => {
              e.stopPropagation();
              actions.close(view);
            }}
          >
            <CloseOutlined />
          </span>
        )}
      </div>
    </Dropdown>
  );
}
