// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch, type FetchCall } from '../../../test/fetch-stub';

vi.mock('../../../lib/feedback', async () => (await import('../../../test/feedback-spies')).feedbackSpies());

const feedback = await import('../../../lib/feedback');
const { LoginPage } = await import('./LoginPage');
const { i18n } = await import('../../../lib/i18n');
const { useAppStore } = await import('../../../stores/app');
const { useUserStore } = await import('../../../stores/user');
const { queryClient } = await import('../../../lib/query-client');

let calls: FetchCall[] = [];

function serve(handler: (url: string, init: RequestInit) => { code: number; msg?: string; data: unknown; status?: number }) {
  calls = stubFetch((url, init) => {
    const { code, msg = '', data, status = 200 } = handler(url, init);
    return new Response(JSON.stringify({ code, msg, data }), { status });
  });
}

function renderLogin(entry = '/login') {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '*', element: <p>landed</p> },
    ],
    { initialEntries: [entry] },
  );
  // Without the console's providers: the login page needs no component library.
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(async () => {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
  localStorage.clear();
  queryClient.clear();
  useUserStore.setState({ token: '', branding: null, infoLoaded: false });
  await act(() => useAppStore.getState().setLanguage('zh'));
  vi.clearAllMocks();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('LoginPage', { timeout: 20_000 }, () => {
  it('shows the public branding and required-field messages', async () => {
    serve(() => ({ code: 0, data: { sysName: '沙漠气象台', logo: '', centerLat: 1, centerLon: 2, zoom: 5 } }));
    renderLogin();
    expect(await screen.findByRole('heading', { level: 1, name: '沙漠气象台' })).toBeInTheDocument();
    expect(calls[0]!.url).toBe('/api/login/branding');

    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('请输入用户名')).toBeInTheDocument();
    expect(await screen.findByText('请输入密码')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/login/login')).toHaveLength(0);
    expect(screen.getByLabelText('用户名')).toHaveFocus();

    // Typed, the username's message goes; the password's stays until it is typed too.
    await userEvent.type(screen.getByLabelText('用户名'), 'admin');
    await waitFor(() => expect(screen.queryByText('请输入用户名')).toBeNull());
    expect(screen.getByText('请输入密码')).toBeInTheDocument();
  });

  it('uses the remembered branding without asking the server', async () => {
    localStorage.setItem(
      'agromet-branding',
      JSON.stringify({ sysName: '记住的名称', logo: '/api/files/l.png', centerLat: 1, centerLon: 2, zoom: 5 }),
    );
    useUserStore.setState({ branding: JSON.parse(localStorage.getItem('agromet-branding')!) });
    serve(() => ({ code: 0, data: null }));
    renderLogin();
    expect(await screen.findByRole('heading', { level: 1, name: '记住的名称' })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows the Caps Lock hint and toggles password visibility', async () => {
    serve(() => ({ code: 0, data: { sysName: '', logo: '', centerLat: 1, centerLon: 2, zoom: 5 } }));
    renderLogin();
    const password = (await screen.findByLabelText('密码')) as HTMLInputElement;
    expect(password.id).toBe('password');
    expect(password.type).toBe('password');

    fireEvent.keyDown(password, { key: 'A', modifierCapsLock: true });
    expect((await screen.findByText('大写锁定已打开')).id).toBe('caps-lock-hint');
    fireEvent.keyUp(password, { key: 'a', modifierCapsLock: false });
    await waitFor(() => expect(screen.queryByText('大写锁定已打开')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: '显示密码' }));
    expect(password.type).toBe('text');
    await userEvent.click(screen.getByRole('button', { name: '隐藏密码' }));
    expect(password.type).toBe('password');
  });

  it('signs in with a trimmed username, stores the tokens and follows the redirect', async () => {
    serve((url) =>
      url === '/api/login/login'
        ? { code: 0, data: { access_token: 'acc', refresh_token: 'ref', expired: 7200 } }
        : { code: 0, data: { sysName: '', logo: '', centerLat: 1, centerLon: 2, zoom: 5 } },
    );
    const router = renderLogin(`/login?redirect=${encodeURIComponent('/system-admin/sys-log?page=2')}`);
    await userEvent.type(await screen.findByLabelText('用户名'), '  admin  ');
    await userEvent.type(screen.getByLabelText('密码'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    await screen.findByText('landed');
    const login = calls.find((c) => c.url === '/api/login/login')!;
    expect(JSON.parse(String(login.init.body))).toEqual({ username: 'admin', password: 'secret' });
    expect(router.state.location.pathname + router.state.location.search).toBe('/system-admin/sys-log?page=2');
    expect(Cookies.get('Access-Token')).toBe('acc');
    expect(Cookies.get('Refresh-Token')).toBe('ref');
    expect(Number(Cookies.get('Expired'))).toBeGreaterThan(Date.now() + 7_000_000);
  });

  it('stays on the page when the server refuses the credentials', async () => {
    serve((url) =>
      url === '/api/login/login'
        ? { code: 4101, msg: '用户名或密码错误', data: null, status: 401 }
        : { code: 0, data: { sysName: '', logo: '', centerLat: 1, centerLon: 2, zoom: 5 } },
    );
    const router = renderLogin();
    await userEvent.type(await screen.findByLabelText('用户名'), 'admin');
    await userEvent.type(screen.getByLabelText('密码'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    // Shown in the form, next to the button, rather than as a passing toast.
    expect(await screen.findByRole('alert')).toHaveTextContent('用户名或密码错误');
    expect(feedback.toastError).not.toHaveBeenCalled();
    expect(document.querySelector('.relogin-dialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
    expect(Cookies.get('Access-Token')).toBeUndefined();
  });

  it('switches the language, saves the cookie and confirms', async () => {
    serve(() => ({ code: 0, data: { sysName: '', logo: '', centerLat: 1, centerLon: 2, zoom: 5 } }));
    renderLogin();
    await userEvent.click(await screen.findByRole('button', { name: 'English' }));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
    expect(Cookies.get('language')).toBe('en');
    await waitFor(() => expect(feedback.toastSuccess).toHaveBeenCalledWith('Switch Language Success'));
    await userEvent.click(screen.getByRole('button', { name: 'Español' }));
    expect(await screen.findByRole('button', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(Cookies.get('language')).toBe('es');
    // English and Spanish are loaded when chosen: the page's words changed with them.
    expect(i18n.hasResourceBundle('es', 'translation')).toBe(true);
  });
});
