import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { PageHeader } from './page-header';

describe('PageHeader', () => {
  it('shows the h1 and breadcrumbs, the last one being the current page', () => {
    renderWithProviders(
      <PageHeader
        title="Bestellstatus"
        breadcrumbs={[
          { label: 'Dashboard', url: '/dashboard' },
          { label: 'Aufträge', url: '/orders' },
          { label: 'Bestellstatus', url: '/orders/ti/status/1' },
        ]}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Bestellstatus' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Pfadnavigation' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', '/dashboard'],
      ['Aufträge', '/orders'],
    ]);
    const current = within(nav).getByText('Bestellstatus');
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(current.tagName).not.toBe('A');
  });

  it('leaves out the breadcrumb navigation without breadcrumbs and shows actions', () => {
    renderWithProviders(
      <PageHeader title="Verträge" actions={<button type="button">Neu</button>} />,
    );
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Neu' })).toBeInTheDocument();
  });
});
