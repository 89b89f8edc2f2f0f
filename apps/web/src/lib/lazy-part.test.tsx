// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyPart } from './lazy-part';

describe('lazyPart', () => {
  it('renders the loaded component with its props', async () => {
    const Part = lazyPart(() => Promise.resolve(({ label }: { label: string }) => <button type="button">{label}</button>));
    render(
      <Suspense fallback={<p>loading</p>}>
        <Part label="search" />
      </Suspense>,
    );
    expect(await screen.findByRole('button', { name: 'search' })).toBeTruthy();
  });

  it('renders its fallback, not an error, when the chunk cannot be fetched', async () => {
    const Part = lazyPart<{ label: string }>(
      () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/Part.js')),
      ({ label }) => <span>{label} unavailable</span>,
    );
    render(
      <Suspense fallback={<p>loading</p>}>
        <Part label="theme" />
      </Suspense>,
    );
    expect(await screen.findByText('theme unavailable')).toBeTruthy();
  });
});
