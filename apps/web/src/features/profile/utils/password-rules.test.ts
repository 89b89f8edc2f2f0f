import { describe, expect, it } from 'vitest';
import zh from '../../../lib/i18n/locales/zh';
import { confirmationProblem, isPasswordChanged, passwordProblem } from './password-rules';

describe('password rules', () => {
  it('requires a value of at least 5 characters', () => {
    expect(passwordProblem('')).toBe('empty');
    expect(passwordProblem(undefined)).toBe('empty');
    expect(passwordProblem('abcd')).toBe('tooShort');
    expect(passwordProblem('abcde')).toBeNull();
  });

  it('requires the confirmation to equal the new password', () => {
    expect(confirmationProblem('abcdef', '')).toBe('empty');
    expect(confirmationProblem('abcdef', 'abc')).toBe('tooShort');
    expect(confirmationProblem('abcdef', 'abcdeg')).toBe('mismatch');
    expect(confirmationProblem('abcdef', 'abcdef')).toBeNull();
  });

  it('reads success from the msg only', () => {
    expect(isPasswordChanged({ msg: 'success' })).toBe(true);
    expect(isPasswordChanged({ msg: '成功' })).toBe(false);
    expect(isPasswordChanged(null)).toBe(false);
  });

  it('keeps the required wording in Chinese', () => {
    expect(zh.profile.password).toMatchObject({
      empty: '不能为空',
      tooShort: '密码不能少于5位字符',
      mismatch: '俩次输入的新密码不一致',
      changed: '密码修改成功',
      failed: '密码修改错误',
    });
    expect(zh.profile.saved).toBe('个人信息设置成功');
  });
});
