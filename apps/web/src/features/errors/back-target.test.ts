import { describe, expect, it } from 'vitest';
import { backTarget } from './back-target';

describe('backTarget', () => {
  it('goes to the dashboard when noGoBack is set', () => {
    expect(backTarget('?noGoBack=true')).toBe('/dashboard');
    expect(backTarget('?noGoBack=1&x=2')).toBe('/dashboard');
  });
  it('goes back in history otherwise', () => {
    expect(backTarget('')).toBe(-1);
    expect(backTarget('?noGoBack=')).toBe(-1);
    expect(backTarget('?other=1')).toBe(-1);
  });
});
