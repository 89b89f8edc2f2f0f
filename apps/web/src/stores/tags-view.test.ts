import { beforeEach, describe, expect, it } from 'vitest';
import { createTagsViewStore, isRedirectPath, redirectPathOf, type TagView } from './tags-view';

const dashboard: TagView = { path: '/dashboard', fullPath: '/dashboard', title: 'dashboard', affix: true, noCache: true };
const view = (path: string, extra: Partial<TagView> = {}): TagView => ({
  path,
  fullPath: path,
  title: path.split('/').pop()!,
  affix: false,
  noCache: false,
  ...extra,
});
const users = view('/system-admin/sys-user');
const roles = view('/system-admin/sys-role');
const logs = view('/system-admin/sys-log');
const scenic = view('/travel-manage/travel-scenic');

let store: ReturnType<typeof createTagsViewStore>;
const paths = () => store.getState().visited.map((v) => v.path);
const state = () => store.getState();

beforeEach(() => {
  store = createTagsViewStore();
  state().addAffix([dashboard]);
});

describe('tags view: opening', () => {
  it('pins the dashboard first, without keeping it alive', () => {
    state().visit(users);
    state().visit(dashboard);
    expect(paths()).toEqual(['/dashboard', '/system-admin/sys-user']);
    expect(state().cached).toEqual(['/system-admin/sys-user']);
  });

  it('adds pinned tabs once and in front of the others', () => {
    store = createTagsViewStore();
    state().visit(users);
    state().addAffix([dashboard, users]);
    state().addAffix([dashboard]);
    expect(paths()).toEqual(['/dashboard', '/system-admin/sys-user']);
  });

  it('adds one tab per path, in visit order, and keeps the views alive', () => {
    state().visit(users);
    state().visit(roles);
    state().visit(users);
    expect(paths()).toEqual(['/dashboard', '/system-admin/sys-user', '/system-admin/sys-role']);
    expect(state().cached).toEqual(['/system-admin/sys-user', '/system-admin/sys-role']);
    expect(state().recency).toEqual(['/system-admin/sys-role', '/system-admin/sys-user']);
  });

  it('updates the tab when the same path comes with another query', () => {
    state().visit(users);
    state().visit({ ...users, fullPath: '/system-admin/sys-user?page=3' });
    expect(state().visited).toHaveLength(2);
    expect(state().visited[1]!.fullPath).toBe('/system-admin/sys-user?page=3');
    expect(state().cached).toEqual(['/system-admin/sys-user']);
  });

  it('does not keep noCache views alive', () => {
    state().visit(view('/x/report', { noCache: true }));
    expect(paths()).toContain('/x/report');
    expect(state().cached).toEqual([]);
  });

  it('does not change state when nothing changed', () => {
    state().visit(users);
    const before = state().visited;
    state().visit(users);
    expect(state().visited).toBe(before);
  });
});

describe('tags view: closing', () => {
  beforeEach(() => {
    state().visit(dashboard);
    state().visit(users);
    state().visit(roles);
    state().visit(logs);
  });

  it('never closes a pinned tab', () => {
    expect(state().close('/dashboard', '/dashboard')).toBeNull();
    expect(paths()).toContain('/dashboard');
  });

  it('closing an inactive tab stays put and discards its kept state', () => {
    expect(state().close('/system-admin/sys-user', '/system-admin/sys-log')).toBeNull();
    expect(paths()).toEqual(['/dashboard', '/system-admin/sys-role', '/system-admin/sys-log']);
    expect(state().cached).toEqual(['/system-admin/sys-role', '/system-admin/sys-log']);
  });

  it('closing the active tab goes to the most recently visited remaining tab', () => {
    // Recency order now: dashboard, roles, users (with a query), logs.
    state().visit({ ...users, fullPath: '/system-admin/sys-user?page=2' });
    state().visit(logs);
    expect(state().close('/system-admin/sys-log', '/system-admin/sys-log')).toBe('/system-admin/sys-user?page=2');
    expect(state().close('/system-admin/sys-user', '/system-admin/sys-user')).toBe('/system-admin/sys-role');
    expect(state().close('/system-admin/sys-role', '/system-admin/sys-role')).toBe('/dashboard');
  });

  it('falls back to the dashboard when no tab was visited', () => {
    store = createTagsViewStore();
    state().visit(users);
    expect(state().close('/system-admin/sys-user', '/system-admin/sys-user')).toBe('/dashboard');
  });

  it('close others keeps pinned tabs and the chosen one, and makes it active', () => {
    expect(state().closeOthers('/system-admin/sys-role')).toBe('/system-admin/sys-role');
    expect(paths()).toEqual(['/dashboard', '/system-admin/sys-role']);
    expect(state().cached).toEqual(['/system-admin/sys-role']);
    expect(state().recency).toEqual(['/dashboard', '/system-admin/sys-role']);
  });

  it('close all keeps pinned tabs and goes to the most recent of them', () => {
    expect(state().closeAll('/system-admin/sys-log')).toBe('/dashboard');
    expect(paths()).toEqual(['/dashboard']);
    expect(state().cached).toEqual([]);
  });

  it('close all on a pinned tab stays there', () => {
    state().visit(dashboard);
    expect(state().closeAll('/dashboard')).toBeNull();
  });

  it('reopening a closed tab starts it afresh in the keep-alive list', () => {
    state().close('/system-admin/sys-user', '/system-admin/sys-log');
    state().visit(users);
    expect(state().cached.at(-1)).toBe('/system-admin/sys-user');
    expect(paths().at(-1)).toBe('/system-admin/sys-user');
  });
});

describe('tags view: refresh and cache', () => {
  it('refresh drops the kept view and answers its /redirect path with the query', () => {
    state().visit({ ...scenic, fullPath: '/travel-manage/travel-scenic?q=a%20b' });
    expect(state().refresh('/travel-manage/travel-scenic')).toBe('/redirect/travel-manage/travel-scenic?q=a%20b');
    expect(state().cached).toEqual([]);
    expect(paths()).toContain('/travel-manage/travel-scenic');
    expect(state().refresh('/nowhere')).toBeNull();
  });

  it('clearing the cache keeps the tabs', () => {
    state().visit(users);
    state().visit(roles);
    state().clearCache();
    expect(state().cached).toEqual([]);
    expect(paths()).toHaveLength(3);
  });

  it('reset empties everything', () => {
    state().visit(users);
    state().reset();
    expect(state().visited).toEqual([]);
  });
});

describe('redirect paths', () => {
  it('round-trips through /redirect', () => {
    expect(redirectPathOf('/dashboard')).toBe('/redirect/dashboard');
    expect(redirectPathOf('dashboard?a=1')).toBe('/redirect/dashboard?a=1');
    expect(isRedirectPath('/redirect/dashboard')).toBe(true);
    expect(isRedirectPath('/redirection')).toBe(false);
  });
});
