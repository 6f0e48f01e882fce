import type { ReactNode } from 'react';

/**
 * What the shell shows. The shell's components are presentational: `app/root-layout.tsx`
 * gathers this from the features (session, user, institutions) and passes it down.
 */
export interface ShellInstitution {
  id: string;
  name: string;
  trusted: boolean;
}

export interface ShellSupportContact {
  description: string;
  phone: string | null;
  email: string | null;
}

export interface ShellCoBrand {
  name: string;
  /** URL of the partner's logo, null without one. */
  logo: string | null;
}

export interface ShellUser {
  firstName: string;
  /** Upper-case first letters of first and last name, e.g. "AS". */
  initials: string;
  /**
   * While impersonating: who actually acts (the support user) and as whom (the customer's user,
   * full name), said beside 'Support-Modus' and in the user menu.
   */
  impersonation?: { actor: string; asUser: string } | null;
}

/** One accordion section of the sidebar with its links. */
export interface ShellSidebarSection {
  /** e.g. "Institutionen", "Einstellungen", or a tile group's name. */
  label: string;
  links: {
    label: string;
    to: string;
    isActive?: boolean;
    onClick?: () => void;
    /**
     * Shown but not interactive (no link), e.g. the institutions while impersonating; `hint`
     * says why.
     */
    isDisabled?: boolean;
    /** Shown as the entry's tooltip (and accessible description). */
    hint?: string;
    /** Opens in a new tab (rel="noopener noreferrer"), e.g. an external tile. */
    isExternal?: boolean;
  }[];
}

export interface ShellProps {
  /** Null on the public static pages (navbar without user menu, no institution dropdown). */
  user: ShellUser | null;
  /** The user's institutions that have loaded (the dropdown's entries). */
  institutions: ShellInstitution[];
  /**
   * The user has more than one institution role (distinct institutions, loaded or not): the
   * institution shows as a dropdown, otherwise just as its name.
   */
  hasInstitutionChoice: boolean;
  currentInstitutionId: string | null;
  onSelectInstitution(institutionId: string): void;
  /** Admin of the current institution: menu entry Unternehmen. */
  isAdmin: boolean;
  /** Admin of a trusted current institution: menu entry Kacheldefinitionen editieren. */
  canEditTiles: boolean;
  /** While true the navbar is warning-coloured, shows 'Support-Modus', the switcher is disabled
   * and Abmelden reads 'Eigener User'. */
  isImpersonating: boolean;
  onLogout(): void;
  /** Extra controls in the navbar before the user menu (e.g. 'Als User eines Kunden anmelden'). */
  navbarActions?: ReactNode;
  supportContacts: ShellSupportContact[];
  serverStatusUrl: string | null;
  sidebarSections: ShellSidebarSection[];
  /** Co-branding: the trusted partner serving the institution, beside the portal's logo. */
  coBrand?: ShellCoBrand | null;
  /** Banners and error bars shown above the page content. */
  banners?: ReactNode;
  children: ReactNode;
}
