// @vitest-environment jsdom
import type { WxAccount } from '@agromet/contracts';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const { AppProviders } = await import('../../../app/providers');
const { AccountFormModal } = await import('./AccountFormModal');
const { useAppStore } = await import('../../../stores/app');
const { queryClient } = await import('../../../lib/query-client');

const ACCOUNT: WxAccount = {
  id: 7,
  name: 'Shaanxi agromet',
  nickname: '',
  wxId: 'gh_0123456789ab',
  appId: 'wx0123456789abcdef',
  avatar: '',
  secret: '••••••••',
  token: '••••••••',
  aesKey: '',
  hasAesKey: false,
  encryptMode: 'plain',
  callbackUrl: 'http://localhost/api/wx/callback/7',
  apiCalls: 0,
  lastCallAt: null,
  lastTestAt: null,
  lastTestCode: null,
  followers: 0,
  version: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

let sent: Array<{ url: string; body: Record<string, unknown> }> = [];

beforeEach(async () => {
  Cookies.set('Access-Token', 'a1');
  Cookies.set('Expired', String(Date.now() + 3_600_000));
  queryClient.clear();
  sent = [];
  await act(() => useAppStore.getState().setLanguage('en'));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
      sent.push({ url: String(url), body });
      return new Response(JSON.stringify({ code: 0, msg: 'success', data: { ...ACCOUNT, ...body } }));
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
});

const open = (account: WxAccount) =>
  render(
    <AppProviders>
      <AccountFormModal account={account} onSaved={() => undefined} onClose={() => undefined} />
    </AppProviders>,
  );

/** The radio of a mode (by value: role queries are slow on antd's modal in jsdom). */
const mode = (value: string) => document.querySelector<HTMLInputElement>(`#wx-encrypt-mode input[value="${value}"]`)!;
const save = () => fireEvent.click(document.getElementById('wx-account-submit')!);
const updates = () => sent.filter((s) => s.url.includes('/api/wx/account/update'));

describe('the account form’s message encryption', { timeout: 60_000 }, () => {
  it('offers the three modes and asks for the EncodingAESKey when safe mode has none stored', async () => {
    open(ACCOUNT);
    expect(await screen.findByText('Safe (recommended)', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByText('Plaintext')).toBeInTheDocument();
    expect(screen.getByText('Compatible')).toBeInTheDocument();
    expect(mode('plain').checked).toBe(true);
    fireEvent.click(mode('safe'));
    save();
    expect(
      await screen.findByText('Compatible and safe modes need the 43-character EncodingAESKey', {}, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(updates()).toEqual([]);

    fireEvent.change(document.getElementById('wx-aeskey')!, { target: { value: 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG' } });
    save();
    await waitFor(() => expect(updates()).toHaveLength(1), { timeout: 20_000 });
    expect(updates()[0]!.body).toMatchObject({
      id: 7,
      version: 3,
      encryptMode: 'safe',
      aesKey: 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
    });
  });

  it('keeps a stored EncodingAESKey: switching to compatible needs no key typed', async () => {
    open({ ...ACCOUNT, encryptMode: 'safe', hasAesKey: true, aesKey: '••••••••' });
    await screen.findByText('Safe (recommended)', {}, { timeout: 20_000 });
    expect(mode('safe').checked).toBe(true);
    fireEvent.click(mode('compatible'));
    save();
    await waitFor(() => expect(updates()).toHaveLength(1), { timeout: 20_000 });
    expect(updates()[0]!.body).toMatchObject({ encryptMode: 'compatible', aesKey: '' });
  });
});
