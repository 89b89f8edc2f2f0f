import { describe, expect, it } from 'vitest';
import { controlHeightOf, deviceOf, parseSidebarStatus, parseSize, parseThemeColor, sidebarStatusCookie } from './app-prefs';

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
  it('maps sizes to control heights and widths to devices', () => {
    expect(['default', 'medium', 'small', 'mini'].map((s) => controlHeightOf(parseSize(s)))).toEqual([40, 36, 32, 28]);
    expect(deviceOf(991)).toBe('mobile');
    expect(deviceOf(992)).toBe('desktop');
  });
  it('accepts only #rrggbb theme colours', () => {
    expect(parseThemeColor(null)).toBe('#409EFF');
    expect(parseThemeColor('#13c2c2')).toBe('#13C2C2');
    expect(parseThemeColor('red')).toBe('#409EFF');
    expect(parseThemeColor('#fff')).toBe('#409EFF');
  });
});
