import { describe, expect, it } from 'vitest';
import { antdSizeOf, deviceOf, parseSidebarStatus, parseSize, sidebarStatusCookie } from './app-prefs';

describe('app preference cookies', () => {
  it('size defaults to medium', () => {
    expect(parseSize(undefined)).toBe('medium');
    expect(parseSize('huge')).toBe('medium');
    expect(parseSize('mini')).toBe('mini');
  });
  it('sidebar is open unless the cookie says 0', () => {
    expect(parseSidebarStatus(undefined)).toBe(true);
    expect(parseSidebarStatus('1')).toBe(true);
    expect(parseSidebarStatus('0')).toBe(false);
    expect(sidebarStatusCookie(true)).toBe('1');
    expect(sidebarStatusCookie(false)).toBe('0');
  });
  it('maps sizes to antd and widths to devices', () => {
    expect(antdSizeOf('default')).toBe('large');
    expect(antdSizeOf('medium')).toBe('middle');
    expect(antdSizeOf('mini')).toBe('small');
    expect(deviceOf(991)).toBe('mobile');
    expect(deviceOf(992)).toBe('desktop');
  });
});
