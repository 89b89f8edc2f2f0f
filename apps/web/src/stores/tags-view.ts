import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

/**
 * Tabs of visited views (docs/console.md#tabs). Every rule lives in these actions, which
 * change state and answer where to navigate; the tab strip and the keep-alive outlet only
 * render the state and follow the answers.
 */

export interface TagView {
  /** location.pathname: one tab per path. */
  path: string;
  /** pathname + search: where the tab leads (the same path with another query updates it). */
  fullPath: string;
  /** i18n key under `route.`, translated at render time so tabs relabel with the language. */
  title: string;
  /** Pinned: first, no close button, survives Close Others / Close All. */
  affix: boolean;
  /** Never kept alive: re-mounts on every visit. */
  noCache: boolean;
}

export interface TagsViewState {
  visited: TagView[];
  /** Paths whose views are kept alive while hidden (visited and not noCache). */
  cached: string[];
  /** Paths in visit order, most recent last (decides where closing the active tab goes). */
  recency: string[];
}

export interface TagsViewActions {
  /** Pinned tabs of the routes the user may see, kept first in the given order. */
  addAffix: (views: readonly TagView[]) => void;
  /** The user is now on this view: add or update its tab, keep it alive, mark it most recent. */
  visit: (view: TagView) => void;
  /** Closes a tab (not a pinned one); answers the fullPath to open when it was the active one. */
  close: (path: string, activePath: string) => string | null;
  /** Keeps pinned tabs and this one; answers its fullPath (it becomes active). */
  closeOthers: (path: string) => string | null;
  /** Keeps pinned tabs; answers where to go when the active tab was closed. */
  closeAll: (activePath: string) => string | null;
  /** Drops the view's kept state; answers the /redirect path that re-mounts it. */
  refresh: (path: string) => string | null;
  /** Drops every kept view (size change); tabs stay. */
  clearCache: () => void;
  reset: () => void;
}

export type TagsViewStore = TagsViewState & TagsViewActions;

/** Where the user lands when no other tab remains. */
export const HOME_VIEW_PATH = '/dashboard';
export const REDIRECT_PREFIX = '/redirect';

/** `/system-admin/sys-user?page=2` → `/redirect/system-admin/sys-user?page=2` */
export function redirectPathOf(fullPath: string): string {
  return `${REDIRECT_PREFIX}${fullPath.startsWith('/') ? fullPath : `/${fullPath}`}`;
}

export function isRedirectPath(pathname: string): boolean {
  return pathname === REDIRECT_PREFIX || pathname.startsWith(`${REDIRECT_PREFIX}/`);
}

const EMPTY: TagsViewState = { visited: [], cached: [], recency: [] };

function without<T>(list: readonly T[], drop: (item: T) => boolean): T[] {
  return list.filter((item) => !drop(item));
}

/** fullPath of the most recently visited remaining tab, else the home view. */
function mostRecent(state: TagsViewState): string {
  for (let i = state.recency.length - 1; i >= 0; i--) {
    const view = state.visited.find((v) => v.path === state.recency[i]);
    if (view) return view.fullPath;
  }
  return HOME_VIEW_PATH;
}

/** State with only the views that `keep` accepts (tabs, kept views and recency alike). */
function keepOnly(state: TagsViewState, keep: (view: TagView) => boolean): TagsViewState {
  const visited = state.visited.filter(keep);
  const paths = new Set(visited.map((v) => v.path));
  return {
    visited,
    cached: state.cached.filter((p) => paths.has(p)),
    recency: state.recency.filter((p) => paths.has(p)),
  };
}

export function createTagsViewStore(initial: Partial<TagsViewState> = {}) {
  return createStore<TagsViewStore>()((set, get) => ({
    ...EMPTY,
    ...initial,

    addAffix: (views) => {
      const { visited } = get();
      const affix = views.filter((v) => v.affix);
      const fresh = affix.filter((v) => !visited.some((t) => t.path === v.path));
      if (fresh.length === 0) return;
      const pinned = visited.filter((v) => v.affix);
      const rest = visited.filter((v) => !v.affix);
      set({ visited: [...pinned, ...fresh, ...rest] });
    },

    visit: (view) => {
      const state = get();
      const existing = state.visited.find((v) => v.path === view.path);
      let visited: TagView[];
      if (!existing) {
        // Pinned tabs stay in front of the others.
        visited = view.affix
          ? [...state.visited.filter((v) => v.affix), view, ...state.visited.filter((v) => !v.affix)]
          : [...state.visited, view];
      } else if (existing.fullPath !== view.fullPath || existing.title !== view.title) {
        visited = state.visited.map((v) => (v.path === view.path ? { ...v, fullPath: view.fullPath, title: view.title } : v));
      } else {
        visited = state.visited;
      }
      const cached = view.noCache || state.cached.includes(view.path) ? state.cached : [...state.cached, view.path];
      const recency = [...without(state.recency, (p) => p === view.path), view.path];
      set({ visited, cached, recency });
    },

    close: (path, activePath) => {
      const state = get();
      const view = state.visited.find((v) => v.path === path);
      if (!view || view.affix) return null;
      const next = keepOnly(state, (v) => v.path !== path);
      set(next);
      return path === activePath ? mostRecent(next) : null;
    },

    closeOthers: (path) => {
      const state = get();
      const view = state.visited.find((v) => v.path === path);
      if (!view) return null;
      set(keepOnly(state, (v) => v.affix || v.path === path));
      return view.fullPath;
    },

    closeAll: (activePath) => {
      const next = keepOnly(get(), (v) => v.affix);
      set(next);
      return next.visited.some((v) => v.path === activePath) ? null : mostRecent(next);
    },

    refresh: (path) => {
      const state = get();
      const view = state.visited.find((v) => v.path === path);
      if (!view) return null;
      set({ cached: without(state.cached, (p) => p === path) });
      return redirectPathOf(view.fullPath);
    },

    clearCache: () => set({ cached: [] }),

    reset: () => set({ ...EMPTY }),
  }));
}

/** The console's tab strip. */
export const tagsViewStore = createTagsViewStore();

export function useTagsView<T>(selector: (state: TagsViewStore) => T): T {
  return useStore(tagsViewStore, selector);
}
