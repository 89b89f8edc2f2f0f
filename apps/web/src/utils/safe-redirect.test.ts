import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it('keeps a same-origin path with its query and hash', () => {
    expect(safeRedirect('/system-admin/sys-user?page=2&q=a')).toBe('/system-admin/sys-user?page=2&q=a');
    expect(safeRedirect('/dashboard#top')).toBe('/dashboard#top');
  });
  it('falls back to / for empty, external, protocol-relative or login targets', () => {
    for (const bad of [
      null,
      undefined,
      '',
      'dashboard',
      'https://evil.example',
      '//evil.example/x',
      '/\\evil',
      '/login',
      '/login?redirect=/x',
      'javascript:alert(1)',
    ]) {
      expect(safeRedirect(bad)).toBe('/');
    }
  });
});
