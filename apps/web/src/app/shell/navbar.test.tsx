import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { ShellNavbar, type ShellNavbarProps } from './navbar';

const props = (coBrand: ShellNavbarProps['coBrand']): ShellNavbarProps => ({
  user: { firstName: 'Anna', initials: 'AS' },
  institutions: [{ id: 'i-1', name: 'Praxis Sonnenschein', trusted: false }],
  hasInstitutionChoice: false,
  currentInstitutionId: 'i-1',
  onSelectInstitution: vi.fn(),
  isAdmin: false,
  canEditTiles: false,
  isImpersonating: false,
  onLogout: vi.fn(),
  coBrand,
  isSidebarOpen: false,
  onToggleSidebar: vi.fn(),
  hasSidebar: true,
});

/** The trusted partner beside the portal's logo. */
describe('co-branding in the top bar', () => {
  it('shows the logo, named by its alt text', () => {
    renderWithProviders(
      <ShellNavbar
        {...props({ name: 'Abrechnungszentrum Nord GmbH', logo: '/api/tile-icon/abc' })}
      />,
    );
    expect(
      screen.getByRole('img', { name: 'Logo von Abrechnungszentrum Nord GmbH' }),
    ).toHaveAttribute('src', '/api/tile-icon/abc');
    expect(screen.getByTestId('co-brand')).toHaveAttribute('data-has-logo', 'true');
  });

  it('a logo that does not load gives way to the partner’s name (not a cut-off alt text)', () => {
    renderWithProviders(
      <ShellNavbar
        {...props({ name: 'Abrechnungszentrum Nord GmbH', logo: '/api/tile-icon/fehlt' })}
      />,
    );
    fireEvent.error(screen.getByRole('img', { name: 'Logo von Abrechnungszentrum Nord GmbH' }));
    expect(screen.queryByRole('img', { name: /Logo von/ })).not.toBeInTheDocument();
    const coBrand = screen.getByTestId('co-brand');
    // Without data-has-logo the name is not hidden beside a logo on narrow screens.
    expect(coBrand).not.toHaveAttribute('data-has-logo');
    expect(coBrand).toHaveTextContent('Abrechnungszentrum Nord GmbH');
  });
});
