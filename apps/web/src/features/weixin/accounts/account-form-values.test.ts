import type { WxAccount } from '@agromet/contracts';
import { describe, expect, it } from 'vitest';
import { accountFormValues, accountSaveValues, needsAesKey } from './account-form-values';

describe('account form values', () => {
  it('starts empty for a new account, from the account (secrets never) for an edit', () => {
    expect(accountFormValues(null)).toEqual({
      name: '',
      nickname: '',
      wxId: '',
      appId: '',
      secret: '',
      token: '',
      aesKey: '',
      encryptMode: 'plain',
      avatar: '',
    });
    const account = {
      name: '陕西农业气象',
      nickname: '农气',
      wxId: 'gh_0123456789ab',
      appId: 'wx0123456789abcdef',
      encryptMode: 'safe',
      avatar: '/a.png',
    };
    expect(accountFormValues(account as WxAccount)).toEqual({ ...account, secret: '', token: '', aesKey: '' });
  });

  it('trims what it saves and fills what the form never set', () => {
    expect(
      accountSaveValues({
        name: ' 农气 ',
        wxId: ' gh_0123456789ab',
        appId: 'wx0123456789abcdef ',
        encryptMode: 'compatible',
        secret: ' s ',
      }),
    ).toEqual({
      name: '农气',
      nickname: '',
      wxId: 'gh_0123456789ab',
      appId: 'wx0123456789abcdef',
      secret: 's',
      token: '',
      aesKey: '',
      encryptMode: 'compatible',
      avatar: '',
    });
  });

  it('asks for an EncodingAESKey in the encrypted modes unless one is stored', () => {
    expect(needsAesKey(undefined, false)).toBe(false);
    expect(needsAesKey('plain', false)).toBe(false);
    expect(needsAesKey('compatible', false)).toBe(true);
    expect(needsAesKey('safe', false)).toBe(true);
    expect(needsAesKey('safe', true)).toBe(false);
  });
});
