import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { AppShellLayout } from './app-shell-layout';
import { TYPE_AHEAD_RESET_MS } from './menu-keys';
import type { ShellProps } from './types';

const institutions = [
  { id: 'i-1', name: 'Praxis Dr. Sommer', trusted: false },
  { id: 'i-2', name: 'Sanitätshaus Nord GmbH', trusted: true },
];

function shellProps(overrides: Partial<ShellProps> = {}): ShellProps {
  return {
    user: { firstName: 'Anna', initials: 'AS' },
    institutions,
    hasInstitutionChoice: true,
    currentInstitutionId: 'i-1',
    onSelectInstitution: vi.fn(),
    isAdmin: false,
    canEditTiles: false,
    isImpersonating: false,
    onLogout: vi.fn(),
    supportContacts: [],
    serverStatusUrl: 'https://status.example.org',
    sidebarSections: [
      {
        label: 'Institutionen',
        links: [
          { label: 'Praxis Dr. Sommer', to: '/dashboard?institutionId=i-1', isActive: true },
          { label: 'Sanitätshaus Nord GmbH', to: '/dashboard?institutionId=i-2' },
        ],
      },
      { label: 'Einstellungen', links: [{ label: 'Mein Konto', to: '/account' }] },
    ],
    children: <p>Seiteninhalt</p>,
    ...overrides,
  };
}

function renderShell(overrides: Partial<ShellProps> = {}) {
  const props = shellProps(overrides);
  const user = userEvent.setup();
  renderWithProviders(<AppShellLayout {...props} />);
  return { props, user };
}

async function openUserMenu(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: /Benutzermenü/ }));
  return screen.findByRole('menu');
}

describe('AppShellLayout', () => {
  it('shows the content, a 104 px header and a logo linking to the dashboard', () => {
    renderShell();
    expect(screen.getByText('Seiteninhalt')).toBeInTheDocument();
    const css = [...document.querySelectorAll('style')].map((style) => style.textContent).join('');
    expect(css).toMatch(/--app-shell-header-height:\s*calc\(6\.5rem/);
    const logo = screen.getByRole('link', { name: /Institutionsportal/ });
    expect(logo).toHaveAttribute('href', '/dashboard');
  });

  it('renders banners above the page content', () => {
    renderShell({ banners: <div role="alert">Achtung</div> });
    const banner = screen.getByRole('alert');
    const content = screen.getByText('Seiteninhalt');
    expect(banner.compareDocumentPosition(content) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  describe('institution', () => {
    it('offers a dropdown with every institution when there are several, the current one checked', async () => {
      const { user, props } = renderShell();
      const trigger = screen.getByRole('button', { name: /Institution auswählen/ });
      expect(trigger).toHaveTextContent('Praxis Dr. Sommer');
      // The accessible name starts with the visible text (WCAG 2.5.3, axe label-content-name-mismatch).
      expect(trigger).toHaveAccessibleName('Institution Praxis Dr. Sommer – Institution auswählen');
      await user.click(trigger);
      // The menu's module loads with the first opening (deferred-popup.tsx).
      const items = await screen.findAllByRole('menuitemradio');
      expect(items.map((item) => item.textContent)).toEqual([
        'Praxis Dr. Sommer',
        'Sanitätshaus Nord GmbH',
      ]);
      expect(items[0]).toHaveAttribute('aria-checked', 'true');
      expect(items[1]).toHaveAttribute('aria-checked', 'false');
      expect(
        within(items[1]!).getByRole('img', { name: 'Vertrauenswürdige Institution' }),
      ).toBeInTheDocument();
      expect(within(items[0]!).queryByRole('img')).not.toBeInTheDocument();

      await user.click(items[1]!);
      expect(props.onSelectInstitution).toHaveBeenCalledWith('i-2');
    });

    it('a long list scrolls within the window and finds an institution by its first letters', async () => {
      const many = [
        ...Array.from({ length: 300 }, (_, index) => ({
          id: `p-${index}`,
          name: `Praxis ${String(index).padStart(3, '0')}`,
          trusted: false,
        })),
        { id: 'a-1', name: 'Ärztehaus am Markt', trusted: false },
        { id: 'z-1', name: 'Zahnarztpraxis Dr. Müller', trusted: false },
        { id: 'z-2', name: 'Zentrum für Diagnostik', trusted: false },
      ];
      const { user } = renderShell({ institutions: many, currentInstitutionId: 'p-0' });
      await user.click(screen.getByRole('button', { name: /Institution auswählen/ }));
      const menu = await screen.findByRole('menu');
      expect(menu.style.maxHeight).toMatch(/^min\(32rem, (calc\()?100dvh - 6rem\)?\)$/);
      expect(menu.style.overflowY).toBe('auto');

      // Letters typed in a row add up.
      await user.keyboard('ze');
      expect(document.activeElement).toHaveTextContent('Zentrum für Diagnostik');
      // Later, a new search starts after the focused item (and wraps around).
      const pause = () => new Promise((resolve) => setTimeout(resolve, TYPE_AHEAD_RESET_MS + 50));
      await pause();
      await user.keyboard('z');
      expect(document.activeElement).toHaveTextContent('Zahnarztpraxis Dr. Müller');
      // Accents are ignored: 'a' finds 'Ärztehaus'.
      await pause();
      await user.keyboard('a');
      expect(document.activeElement).toHaveTextContent('Ärztehaus am Markt');
      // The arrow keys carry on from there.
      await user.keyboard('{ArrowDown}');
      expect(document.activeElement).toHaveTextContent('Zahnarztpraxis Dr. Müller');
    });

    it('shows just the name (and the trusted icon) with a single institution', () => {
      renderShell({
        institutions: [institutions[1]!],
        hasInstitutionChoice: false,
        currentInstitutionId: 'i-2',
      });
      const header = screen.getByRole('banner');
      expect(
        screen.queryByRole('button', { name: /Institution auswählen/ }),
      ).not.toBeInTheDocument();
      expect(within(header).getByText('Sanitätshaus Nord GmbH')).toBeInTheDocument();
      expect(
        within(header).getByRole('img', { name: 'Vertrauenswürdige Institution' }),
      ).toBeInTheDocument();
    });

    it('shows no trusted icon for a single untrusted institution', () => {
      renderShell({ institutions: [institutions[0]!], hasInstitutionChoice: false });
      const header = screen.getByRole('banner');
      expect(within(header).getByText('Praxis Dr. Sommer')).toBeInTheDocument();
      expect(
        within(header).queryByRole('img', { name: 'Vertrauenswürdige Institution' }),
      ).not.toBeInTheDocument();
    });

    it('offers the dropdown by the institution roles, even when only one institution has loaded', () => {
      renderShell({ institutions: [institutions[0]!], hasInstitutionChoice: true });
      expect(screen.getByRole('button', { name: /Institution auswählen/ })).toHaveTextContent(
        'Praxis Dr. Sommer',
      );
    });

    it("never shows another institution's name while the current one has not loaded", async () => {
      // Two roles; the current i-1 failed, only i-2 loaded.
      const { user } = renderShell({
        institutions: [institutions[1]!],
        currentInstitutionId: 'i-1',
      });
      const header = screen.getByRole('banner');
      const trigger = within(header).getByRole('button', { name: /Institution auswählen/ });
      expect(trigger).toHaveTextContent('Institution auswählen');
      expect(within(header).queryByText('Sanitätshaus Nord GmbH')).not.toBeInTheDocument();
      // The loaded one can still be chosen.
      await user.click(trigger);
      expect(screen.getByRole('menuitemradio', { name: /Sanitätshaus Nord GmbH/ })).toHaveAttribute(
        'aria-checked',
        'false',
      );
    });

    it('shows no name for a single institution role whose institution has not loaded', () => {
      renderShell({ institutions: [], hasInstitutionChoice: false, currentInstitutionId: 'i-1' });
      const header = screen.getByRole('banner');
      expect(within(header).queryByText('Institution')).not.toBeInTheDocument();
      expect(
        within(header).queryByRole('button', { name: /Institution auswählen/ }),
      ).not.toBeInTheDocument();
    });
  });

  describe('user menu', () => {
    it('shows initials and first name on its trigger', () => {
      renderShell();
      const trigger = screen.getByRole('button', { name: /Benutzermenü/ });
      expect(trigger).toHaveTextContent('AS');
      expect(trigger).toHaveTextContent('Anna');
      expect(trigger).toHaveAccessibleName('AS Anna – Benutzermenü');
    });

    it('opens with the arrow keys like with Enter, the focus going into the list', async () => {
      const { user } = renderShell();
      const trigger = screen.getByRole('button', { name: /Benutzermenü/ });
      trigger.focus();
      await user.keyboard('{ArrowDown}');
      const menu = await screen.findByRole('menu');
      await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
      // The focus is back on the trigger (rendered anew inside the loaded menu).
      await waitFor(() =>
        expect(screen.getByRole('button', { name: /Benutzermenü/ })).toHaveFocus(),
      );
    });

    it('has Mein Konto and Abmelden for a plain user', async () => {
      const { user, props } = renderShell();
      const menu = await openUserMenu(user);
      const items = within(menu).getAllByRole('menuitem');
      expect(items.map((item) => item.textContent)).toEqual(['Mein Konto', 'Abmelden']);
      expect(items[0]).toHaveAttribute('href', '/account');
      await user.click(items[1]!);
      expect(props.onLogout).toHaveBeenCalledTimes(1);
    });

    it('adds Unternehmen for admins and Kacheldefinitionen editieren when tiles may be edited', async () => {
      const { user } = renderShell({ isAdmin: true, canEditTiles: true });
      const menu = await openUserMenu(user);
      expect(within(menu).getByRole('menuitem', { name: 'Unternehmen' })).toHaveAttribute(
        'href',
        '/institution',
      );
      expect(
        within(menu).getByRole('menuitem', { name: 'Kacheldefinitionen editieren' }),
      ).toHaveAttribute('href', '/dashboard-tile-editor');
    });

    it('leaves out Kacheldefinitionen editieren for an admin who may not edit tiles', async () => {
      const { user } = renderShell({ isAdmin: true, canEditTiles: false });
      const menu = await openUserMenu(user);
      expect(within(menu).getByRole('menuitem', { name: 'Unternehmen' })).toBeInTheDocument();
      expect(
        within(menu).queryByRole('menuitem', { name: 'Kacheldefinitionen editieren' }),
      ).not.toBeInTheDocument();
    });
  });

  describe('support mode', () => {
    it('shows Support-Modus, colours the navbar, disables the switcher and reads Eigener User', async () => {
      const { user, props } = renderShell({ isImpersonating: true });
      expect(screen.getByText('Support-Modus')).toBeVisible();
      // Written as the spec has it, not in Mantine's upper-case badge style.
      // (jsdom loads no Mantine CSS: the badge itself must override the upper case.)
      expect(screen.getByTestId('support-mode').style.textTransform).toBe('none');
      expect(screen.getByRole('banner')).toHaveAttribute('data-impersonating');
      expect(screen.getByRole('button', { name: /Institution auswählen/ })).toBeDisabled();
      // The reason, where a screen reader reads (a disabled button's title is out of reach).
      expect(
        within(screen.getByRole('banner')).getByText(
          'Im Support-Modus kann die Institution nicht gewechselt werden.',
        ),
      ).toBeInTheDocument();

      const menu = await openUserMenu(user);
      expect(within(menu).queryByRole('menuitem', { name: 'Abmelden' })).not.toBeInTheDocument();
      await user.click(within(menu).getByRole('menuitem', { name: 'Eigener User' }));
      expect(props.onLogout).toHaveBeenCalledTimes(1);
    });

    it('is absent otherwise', () => {
      renderShell();
      expect(screen.queryByText('Support-Modus')).not.toBeInTheDocument();
      expect(screen.getByRole('banner')).not.toHaveAttribute('data-impersonating');
    });
  });

  describe('public pages (no user)', () => {
    it('has no user menu, no institution dropdown and no hamburger, but the logo and footer', () => {
      renderShell({ user: null });
      expect(screen.queryByRole('button', { name: /Benutzermenü/ })).not.toBeInTheDocument();
      expect(
        screen.queryByRole('button', { name: /Institution auswählen/ }),
      ).not.toBeInTheDocument();
      expect(screen.queryByText('Praxis Dr. Sommer')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Navigation öffnen' })).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: /Institutionsportal/ })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Impressum' })).toBeInTheDocument();
    });
  });

  describe('sidebar', () => {
    it('opens and closes with the hamburger; sections with links, the active one marked', async () => {
      const { user } = renderShell();
      const burger = screen.getByRole('button', { name: 'Navigation öffnen' });
      expect(burger).toHaveAttribute('aria-expanded', 'false');
      const sidebar = screen.getByRole('navigation', { name: 'Hauptnavigation' });
      expect(sidebar).toHaveAttribute('inert');

      await user.click(burger);
      expect(burger).toHaveAccessibleName('Navigation schließen');
      expect(burger).toHaveAttribute('aria-expanded', 'true');
      expect(burger).toHaveAttribute('aria-controls', sidebar.id);
      expect(sidebar).not.toHaveAttribute('inert');

      // The accordion loads with the first opening (lazy chunk).
      expect(
        await within(sidebar).findByRole('button', { name: 'Institutionen' }),
      ).toBeInTheDocument();
      expect(within(sidebar).getByRole('button', { name: 'Einstellungen' })).toBeInTheDocument();
      const active = within(sidebar).getByRole('link', { name: 'Praxis Dr. Sommer' });
      expect(active).toHaveAttribute('aria-current', 'page');
      expect(active).toHaveAttribute('href', '/dashboard?institutionId=i-1');
      expect(
        within(sidebar).getByRole('link', { name: 'Sanitätshaus Nord GmbH' }),
      ).not.toHaveAttribute('aria-current');

      await user.click(burger);
      expect(burger).toHaveAccessibleName('Navigation öffnen');
      expect(sidebar).toHaveAttribute('inert');
    });

    it('marks an external link as opening a new window, as the footer does', async () => {
      const { user } = renderShell({
        sidebarSections: [
          {
            label: 'Angebote',
            links: [{ label: 'Factoring', to: 'https://factoring.example.org', isExternal: true }],
          },
        ],
      });
      await user.click(screen.getByRole('button', { name: 'Navigation öffnen' }));
      // (hidden: the accordion's panel may still be opening in this test environment)
      const link = await screen.findByRole('link', {
        name: 'Factoring (öffnet in neuem Fenster)',
        hidden: true,
      });
      expect(link).toHaveAttribute('target', '_blank');
    });

    it('closes after following a link and calls its onClick', async () => {
      const onClick = vi.fn();
      const { user } = renderShell({
        sidebarSections: [
          { label: 'Meine Partner', links: [{ label: 'Partner A', to: '/a', onClick }] },
        ],
      });
      await user.click(screen.getByRole('button', { name: 'Navigation öffnen' }));
      await user.click(await screen.findByRole('link', { name: 'Partner A' }));
      expect(onClick).toHaveBeenCalledTimes(1);
      expect(screen.getByRole('button', { name: 'Navigation öffnen' })).toHaveAttribute(
        'aria-expanded',
        'false',
      );
    });

    it('closes with Escape and returns focus to the hamburger', async () => {
      const { user } = renderShell();
      await user.click(screen.getByRole('button', { name: 'Navigation öffnen' }));
      await user.click(await screen.findByRole('button', { name: 'Einstellungen' }));
      await user.keyboard('{Escape}');
      const burger = screen.getByRole('button', { name: 'Navigation öffnen' });
      expect(burger).toHaveFocus();
    });

    it('stays open when Escape closes a menu of the top bar', async () => {
      const { user } = renderShell();
      await user.click(screen.getByRole('button', { name: 'Navigation öffnen' }));
      const trigger = screen.getByRole('button', { name: /Benutzermenü/ });
      await user.click(trigger);
      const menu = await screen.findByRole('menu');
      await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
      expect(screen.getByRole('button', { name: 'Navigation schließen' })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
      expect(screen.getByRole('button', { name: /Benutzermenü/ })).toHaveFocus();
    });

    it('closes with Escape from the top bar too (focus on the hamburger)', async () => {
      const { user } = renderShell();
      const burger = screen.getByRole('button', { name: 'Navigation öffnen' });
      await user.click(burger);
      expect(screen.getByRole('button', { name: 'Navigation schließen' })).toHaveFocus();
      await user.keyboard('{Escape}');
      expect(screen.getByRole('button', { name: 'Navigation öffnen' })).toHaveAttribute(
        'aria-expanded',
        'false',
      );
    });
  });

  describe('footer', () => {
    it('links to Datenschutz, Impressum, Nutzungsbedingungen, FAQ and the external Serverstatus', () => {
      renderShell();
      const footer = screen.getByRole('contentinfo');
      const expected = [
        ['Datenschutz', '/datenschutz'],
        ['Impressum', '/impressum'],
        ['Nutzungsbedingungen', '/nutzungsbedingungen'],
        ['FAQ', '/faq'],
      ];
      for (const [name, href] of expected) {
        expect(within(footer).getByRole('link', { name })).toHaveAttribute('href', href);
      }
      const status = within(footer).getByRole('link', { name: /Serverstatus/ });
      expect(status).toHaveAttribute('href', 'https://status.example.org');
      expect(status).toHaveAttribute('target', '_blank');
      expect(status).toHaveAttribute('rel', 'noopener noreferrer');
    });

    it('leaves out Serverstatus without a URL', () => {
      renderShell({ serverStatusUrl: null });
      expect(screen.queryByRole('link', { name: /Serverstatus/ })).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'FAQ' })).toBeInTheDocument();
    });
  });

  describe('help button', () => {
    it('is hidden without support contacts', () => {
      renderShell({ supportContacts: [] });
      expect(screen.queryByRole('button', { name: 'Fragen?' })).not.toBeInTheDocument();
    });

    it('lists the contacts with description, phone and e-mail links', async () => {
      const { user } = renderShell({
        supportContacts: [
          {
            description: 'Technischer Support',
            phone: '+49 (0)30 1234-56',
            email: 'support@example.org',
          },
          { description: 'Vertrieb', phone: null, email: 'vertrieb@example.org' },
          { description: 'Hotline', phone: '0800 123 456', email: null },
        ],
      });
      await user.click(screen.getByRole('button', { name: 'Fragen?' }));
      const dialog = await screen.findByRole('dialog', { name: 'Ihre Ansprechpartner' });
      const items = within(dialog).getAllByRole('listitem');
      expect(items).toHaveLength(3);

      expect(items[0]).toHaveTextContent('Technischer Support');
      expect(within(items[0]!).getByRole('link', { name: /1234-56/ })).toHaveAttribute(
        'href',
        'tel:+4930123456',
      );
      expect(within(items[0]!).getByRole('link', { name: /support@example.org/ })).toHaveAttribute(
        'href',
        'mailto:support@example.org',
      );

      expect(within(items[1]!).getAllByRole('link')).toHaveLength(1);
      expect(within(items[1]!).getByRole('link')).toHaveAttribute(
        'href',
        'mailto:vertrieb@example.org',
      );
      expect(within(items[2]!).getAllByRole('link')).toHaveLength(1);
      expect(within(items[2]!).getByRole('link')).toHaveAttribute('href', 'tel:0800123456');
    });
  });
});
