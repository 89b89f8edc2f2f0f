// @vitest-environment jsdom
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../lib/reload', () => ({ reloadPage: vi.fn() }));

const { reloadPage } = await import('../lib/reload');
const relogin = await import('../lib/relogin');
const { AppProviders } = await import('./providers');
const { i18n } = await import('../lib/i18n');

function renderApp() {
  render(
    <AppProviders>
      <p>page</p>
    </AppProviders>,
  );
}

beforeEach(async () => {
  relogin.resetReloginForTests();
  vi.clearAllMocks();
  await i18n.changeLanguage('zh');
});

describe('ReloginDialog', { timeout: 20_000 }, () => {
  it('is closed until asked for', () => {
    renderApp();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the dialog texts once, and cancel keeps the user on the page', async () => {
    renderApp();
    act(() => {
      relogin.requestRelogin();
      relogin.requestRelogin();
    });
    // The first opening may wait for the dialog's chunk (slow on a busy machine); later ones find it loaded.
    const dialog = await screen.findByRole('dialog', { name: '确定登出' }, { timeout: 15_000 });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(dialog).toHaveTextContent('你已被登出，可以取消继续留在该页面，或者重新登录');
    // The title appears once in the dialog (no hidden duplicate).
    expect(dialog.textContent?.split('确定登出').length).toBe(2);
    await userEvent.click(screen.getByRole('button', { name: '取消' }));
    await waitFor(() => expect(relogin.isReloginOpen()).toBe(false));
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('re-login clears the session and reloads', async () => {
    Cookies.set('Access-Token', 'tok');
    Cookies.set('Refresh-Token', 'ref');
    renderApp();
    act(() => relogin.requestRelogin());
    await userEvent.click(await screen.findByRole('button', { name: '重新登录' }));
    expect(Cookies.get('Access-Token')).toBeUndefined();
    expect(Cookies.get('Refresh-Token')).toBeUndefined();
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('speaks the current language', async () => {
    await i18n.changeLanguage('en');
    renderApp();
    act(() => relogin.requestRelogin());
    expect(await screen.findByRole('dialog', { name: 'Confirm logout' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in again' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });
});
