// @vitest-environment jsdom
import { act, render, screen, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const { AppProviders } = await import('../../../app/providers');
const { PermissionPage } = await import('./PermissionPage');
const { useAppStore } = await import('../../../stores/app');
const { useUserStore } = await import('../../../stores/user');
const { queryClient } = await import('../../../lib/query-client');

const ROW = {
  id: 30,
  code: 'report.export',
  name: '报表导出',
  description: '',
  builtin: false,
  roleCount: 1,
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function serve() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ code: 0, msg: 'success', data: { list: [ROW], total: 1, page: 1, size: 20 } }))),
  );
}

async function renderAs(roles: string[]) {
  useUserStore.setState({ roles, infoLoaded: true });
  render(
    // The page keeps its search and paging in the address.
    <MemoryRouter initialEntries={['/system-admin/sys-permission']}>
      <AppProviders>
        <PermissionPage />
      </AppProviders>
    </MemoryRouter>,
  );
  // A loaded machine renders slowly: wait for the row longer than the default second. Found by its text: a role
  // query with its visibility check walks the styles of the whole antd page (seconds in jsdom on a busy machine).
  return screen.findByText('report.export', undefined, { timeout: 10_000 });
}

beforeEach(async () => {
  Cookies.set('Access-Token', 'a1');
  Cookies.set('Expired', String(Date.now() + 3_600_000));
  queryClient.clear();
  await act(() => useAppStore.getState().setLanguage('en'));
  serve();
});

afterEach(() => {
  vi.unstubAllGlobals();
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
});

describe('PermissionPage', { timeout: 20_000 }, () => {
  it('shows a customer administrator the catalogue read-only, with the reason', async () => {
    await renderAs(['sys.permission.admin', 'sys.role.admin']);
    expect(screen.getByText(/The permission catalogue belongs to the platform/)).toBeVisible();
    expect(screen.queryByRole('button', { name: /New/, hidden: true })).toBeNull();
    const table = screen.getByRole('table', { hidden: true });
    expect(within(table).queryByRole('button', { name: /Edit/, hidden: true })).toBeNull();
    expect(within(table).queryByRole('button', { name: /Delete/, hidden: true })).toBeNull();
  });

  it('gives the platform administrator create, edit and delete', async () => {
    await renderAs(['admin']);
    expect(screen.queryByText(/The permission catalogue belongs to the platform/)).toBeNull();
    expect(screen.getByRole('button', { name: /New/, hidden: true })).toBeEnabled();
    const table = screen.getByRole('table', { hidden: true });
    expect(within(table).getByRole('button', { name: /Edit/, hidden: true })).toBeEnabled();
    expect(within(table).getByRole('button', { name: /Delete/, hidden: true })).toBeEnabled();
  });

  it('counts the platform-scope code as the platform too', async () => {
    await renderAs(['osm.customer.admin', 'sys.permission.admin']);
    expect(screen.getByRole('button', { name: /New/, hidden: true })).toBeEnabled();
  });
});
