import { shell } from '../../messages/de/shell';

export type UserMenuEntry =
  | { kind: 'link'; key: 'account' | 'institution' | 'tileEditor'; label: string; to: string }
  | { kind: 'logout'; key: 'logout'; label: string };

export interface UserMenuRights {
  isAdmin: boolean;
  canEditTiles: boolean;
  isImpersonating: boolean;
}

/**
 * The user menu: Mein Konto always, Unternehmen for admins, Kacheldefinitionen editieren for
 * admins of a trusted institution, and Abmelden, which reads 'Eigener User' while impersonating.
 */
export function buildUserMenuEntries({
  isAdmin,
  canEditTiles,
  isImpersonating,
}: UserMenuRights): UserMenuEntry[] {
  const t = shell.userMenu;
  const entries: UserMenuEntry[] = [
    { kind: 'link', key: 'account', label: t.account, to: '/account' },
  ];
  if (isAdmin)
    entries.push({ kind: 'link', key: 'institution', label: t.institution, to: '/institution' });
  if (canEditTiles) {
    entries.push({
      kind: 'link',
      key: 'tileEditor',
      label: t.tileEditor,
      to: '/dashboard-tile-editor',
    });
  }
  entries.push({ kind: 'logout', key: 'logout', label: isImpersonating ? t.ownUser : t.logout });
  return entries;
}
