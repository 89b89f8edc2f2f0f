// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { act } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { tagsViewStore, type TagView } from '../../stores/tags-view';
import { TagsView } from './TagsView';

const view = (path: string, title: string, affix = false): TagView => ({ path, fullPath: path, title, affix, noCache: false });
const home = view('/dashboard', 'dashboard', true);
const users = view('/system-admin/sys-user', 'sysUser');
const roles = view('/system-admin/sys-role', 'sysRole');
const customers = view('/system-admin/sys-customer', 'sysCustomer');

function renderStrip() {
  window.history.replaceState(null, '', customers.path);
  const router = createBrowserRouter([{ path: '*', element: <TagsView /> }]);
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(async () => {
  await i18n.changeLanguage('zh');
  const store = tagsViewStore.getState();
  store.reset();
  store.addAffix([home]);
  for (const v of [users, roles, customers]) store.visit(v);
});

describe('TagsView', () => {
  it('a middle click right after a navigation closes the tab just opened and leaves it, although the strip has not re-rendered', async () => {
    const router = renderStrip();
    // The router renders navigations in a transition: the strip may still hold the previous address when the next
    // click lands. Without act() around it, this navigation is not rendered before the click.
    await router.navigate(roles.path);
    expect(window.location.pathname).toBe(roles.path);
    fireEvent(screen.getByTitle('角色管理'), new MouseEvent('auxclick', { bubbles: true, button: 1 }));
    await act(async () => {});
    expect(tagsViewStore.getState().visited.map((v) => v.path)).toEqual([home.path, users.path, customers.path]);
    // Closing the active tab goes to the most recently visited remaining one.
    expect(window.location.pathname).toBe(customers.path);
  });
});
