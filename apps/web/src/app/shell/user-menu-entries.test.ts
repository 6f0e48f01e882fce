import { describe, expect, it } from 'vitest';
import { buildUserMenuEntries } from './user-menu-entries';

describe('buildUserMenuEntries', () => {
  it.each([
    {
      rights: { isAdmin: false, canEditTiles: false, isImpersonating: false },
      labels: ['Mein Konto', 'Abmelden'],
    },
    {
      rights: { isAdmin: true, canEditTiles: false, isImpersonating: false },
      labels: ['Mein Konto', 'Unternehmen', 'Abmelden'],
    },
    {
      rights: { isAdmin: true, canEditTiles: true, isImpersonating: false },
      labels: ['Mein Konto', 'Unternehmen', 'Kacheldefinitionen editieren', 'Abmelden'],
    },
    {
      rights: { isAdmin: false, canEditTiles: false, isImpersonating: true },
      labels: ['Mein Konto', 'Eigener User'],
    },
  ])('$rights -> $labels', ({ rights, labels }) => {
    expect(buildUserMenuEntries(rights).map((entry) => entry.label)).toEqual(labels);
  });

  it('links to /account, /institution and /dashboard-tile-editor', () => {
    const entries = buildUserMenuEntries({
      isAdmin: true,
      canEditTiles: true,
      isImpersonating: false,
    });
    expect(entries.flatMap((entry) => (entry.kind === 'link' ? [entry.to] : []))).toEqual([
      '/account',
      '/institution',
      '/dashboard-tile-editor',
    ]);
  });
});
