import type { Institution } from '@portal/contract';
import { useMemo } from 'react';
import { useTiles } from '../features/dashboard/api/tiles';
import { useTrustedCompany } from '../features/dashboard/api/trusted-company';
import { tileGroupSections } from '../features/dashboard/model/sidebar-groups';
import { themeColours } from '../features/dashboard/model/theme-colour';
import type { ShellCoBrand, ShellSidebarSection } from './shell';

/**
 * What the current institution brings to the shell: the trusted partner (co-branding, errors
 * count as none), the tile groups as sidebar sections, and its theme colour.
 */
export function useInstitutionBranding(
  institutionId: string | null,
  pathname: string,
): { coBrand: ShellCoBrand | null; tileGroupSections: ShellSidebarSection[] } {
  const trusted = useTrustedCompany(institutionId);
  const tiles = useTiles(institutionId);
  const coBrand = trusted.data ? { name: trusted.data.displayName, logo: trusted.data.logo } : null;
  const sections = useMemo(
    () =>
      institutionId && tiles.data ? tileGroupSections(tiles.data, institutionId, pathname) : [],
    [institutionId, tiles.data, pathname],
  );
  return { coBrand, tileGroupSections: sections };
}

/** The institution's theme as the primary colour (WCAG AA kept, see themeColours). */
export function InstitutionTheme({
  institution,
}: {
  institution: Pick<Institution, 'theme'> | null;
}) {
  const colours = themeColours(institution?.theme);
  if (!colours) return null;
  const css = `:root{--mantine-primary-color-filled:${colours.filled};--mantine-primary-color-filled-hover:${colours.filledHover};--mantine-primary-color-light:${colours.light};--mantine-primary-color-light-hover:${colours.lightHover};--mantine-primary-color-light-color:${colours.filled};--mantine-color-anchor:${colours.filled};}`;
  return <style data-testid="institution-theme">{css}</style>;
}
