import { DEFAULT_SYS_NAME } from '@agromet/contracts';
import { describe, expect, it } from 'vitest';
import { DEFAULT_AVATAR_URL, DEFAULT_LOGO_URL, formatDocumentTitle, resolveAvatar, resolveLogo, resolveSysName } from './branding';

describe('branding helpers', () => {
  it('uses the customer system name, else the default', () => {
    expect(resolveSysName({ sysName: '沙漠气象台' })).toBe('沙漠气象台');
    expect(resolveSysName({ sysName: '  ' })).toBe(DEFAULT_SYS_NAME);
    expect(resolveSysName(null)).toBe('天策云管理控制台');
  });
  it('uses the default logo and avatar when empty', () => {
    expect(resolveLogo({ logo: '' })).toBe(DEFAULT_LOGO_URL);
    expect(resolveLogo({ logo: '/api/files/l.png' })).toBe('/api/files/l.png');
    expect(resolveAvatar('')).toBe(DEFAULT_AVATAR_URL);
    expect(resolveAvatar('/api/files/a.png')).toBe('/api/files/a.png');
    expect(DEFAULT_AVATAR_URL.endsWith('default-avatar.svg')).toBe(true);
  });
  it('formats the document title', () => {
    expect(formatDocumentTitle('首页', '天策云管理控制台')).toBe('首页 - 天策云管理控制台');
    expect(formatDocumentTitle(undefined, 'X')).toBe('X');
  });
});
