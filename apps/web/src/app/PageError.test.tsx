// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../lib/i18n';
import { errorLogStore } from '../stores/error-log';
import { PageError } from './PageError';
import { loadOrThrow } from './router';

function Console() {
  return (
    <div>
      <nav>console menu</nav>
      <Outlet />
    </div>
  );
}

function BrokenPage(): never {
  throw new TypeError('data.rows is undefined');
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <Console />,
        hydrateFallbackElement: <p>loading</p>,
        children: [
          { path: '/broken', id: 'broken', Component: BrokenPage, errorElement: <PageError /> },
          {
            path: '/unloadable',
            id: 'unloadable',
            lazy: loadOrThrow(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/Page.js'))),
            errorElement: <PageError />,
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

beforeEach(async () => {
  errorLogStore.getState().clear();
  await i18n.changeLanguage('zh');
  // React and React Router report caught errors on the console; the test reads the log instead.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('PageError', { timeout: 20_000 }, () => {
  it('shows a render error in place of the page only, and logs it', async () => {
    renderAt('/broken');
    expect(await screen.findByText('该页面出错了')).toBeInTheDocument();
    expect(screen.getByText('data.rows is undefined')).toBeInTheDocument();
    expect(screen.getByText('console menu')).toBeInTheDocument();
    expect(errorLogStore.getState().logs).toMatchObject([
      { message: 'data.rows is undefined', info: expect.stringContaining('route: broken') },
    ]);
  });

  it('shows a page whose module cannot load as an error, not as a blank console', async () => {
    renderAt('/unloadable');
    expect(await screen.findByText('该页面出错了')).toBeInTheDocument();
    expect(screen.getByText('console menu')).toBeInTheDocument();
    expect(errorLogStore.getState().logs[0]!.message).toMatch(/dynamically imported module/);
  });
});
