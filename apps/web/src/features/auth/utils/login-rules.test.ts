import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkLogin } from './login-rules';

describe('checkLogin', () => {
  it('asks for both fields when empty, and for a username made of spaces', () => {
    expect(checkLogin({ username: '', password: '' })).toEqual({
      username: 'login.usernameRequired',
      password: 'login.passwordRequired',
    });
    expect(checkLogin({ username: '  ', password: 'x' })).toEqual({ username: 'login.usernameRequired' });
  });

  it('accepts a password of spaces (it is sent as typed)', () => {
    expect(checkLogin({ username: 'admin', password: '   ' })).toEqual({});
  });

  it('passes exactly when the username has a visible character and the password is not empty', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (username, password) => {
        const issues = checkLogin({ username, password });
        expect(issues.username === undefined).toBe(username.trim() !== '');
        expect(issues.password === undefined).toBe(password !== '');
      }),
    );
  });
});
