import { APP_ROUTES, flattenRoutes } from '@agromet/contracts/web';
import { describe, expect, it } from 'vitest';
import { pageOfName, type PageTable } from './router';

const page = () => Promise.resolve({ Component: () => null });

describe('the page table', () => {
  it('is keyed by the route names: a mistyped name fails the type check (tsc -p apps/web)', () => {
    const known: PageTable = { 'make-zoning': page };
    // @ts-expect-error 'make-zonning' is not a route name of APP_ROUTES
    const mistyped: PageTable = { 'make-zonning': page };
    expect(pageOfName('make-zoning', known)).toBe(page);
    // What the type check guards against: the mistyped entry leaves the real page on the placeholder.
    expect(pageOfName('make-zoning', mistyped)).not.toBe(page);
  });

  it('gives every route name a page, the placeholder where none is built', () => {
    const placeholder = pageOfName('no-such-page');
    expect(pageOfName('dashboard', {})).toBe(placeholder);
    for (const { route } of flattenRoutes(APP_ROUTES)) expect(typeof pageOfName(route.name)).toBe('function');
    expect(pageOfName('make-zoning')).not.toBe(placeholder);
    expect(pageOfName('toString')).toBe(placeholder);
  });
});
