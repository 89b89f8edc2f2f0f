// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import '../../lib/i18n';
import { describe, expect, it } from 'vitest';
import { TabbedPage } from './TabbedPage';

describe('TabbedPage', () => {
  it('opens the first tab and names the open one in the page’s data-tab beside its own data', () => {
    render(
      <TabbedPage
        id="page"
        titleKey="makeRisk"
        className="page"
        data={{ 'data-product': 7 }}
        tabs={[
          { key: 'make', label: 'Make', children: <p>form</p> },
          { key: 'list', label: 'List', children: <p>products</p> },
        ]}
      />,
    );
    const page = screen.getByRole('region');
    expect(page).toHaveAttribute('data-tab', 'make');
    expect(page).toHaveAttribute('data-product', '7');
    expect(screen.getByText('form')).toBeVisible();
    fireEvent.click(screen.getByRole('tab', { name: 'List' }));
    expect(page).toHaveAttribute('data-tab', 'list');
    expect(screen.getByText('products')).toBeVisible();
  });
});
