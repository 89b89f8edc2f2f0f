import { describe, expect, it } from 'vitest';
import { chosenAccount } from './account-choice';

describe('the account a list shows', () => {
  const accounts = [{ id: 3 }, { id: 7 }];

  it('is the one the address names, when it is one of them', () => {
    expect(chosenAccount('7', accounts)).toBe(7);
  });

  it('is the first otherwise', () => {
    expect(chosenAccount(undefined, accounts)).toBe(3);
    expect(chosenAccount('9', accounts)).toBe(3);
    expect(chosenAccount('seven', accounts)).toBe(3);
  });

  it('is none before the accounts have come, or without any', () => {
    expect(chosenAccount('7', undefined)).toBeUndefined();
    expect(chosenAccount(undefined, [])).toBeUndefined();
  });
});
