import type { Institution } from '@portal/contract';
import { useEffect, useMemo, useState } from 'react';
import { useTiles } from '../features/dashboard/api/tiles';
import { useTrustedCompany } from '../features/dashboard/api/trusted-company';
import { hasGroupedBankTile, tileGroupSections } from '../features/dashboard/model/sidebar-groups';
import type { ThemeColours } from '../features/dashboard/model/theme-colour';
import { useOrders } from '../features/orders/api/list-orders';
import type { ShellCoBrand, ShellSidebarSection } from './shell';

/**
 * What the current institution brings to the shell: the trusted partner (co-branding, errors
 * count as none), the tile groups as sidebar sections, and its theme colour. A grouped bank tile
 * links as on the dashboard, from the latest bank order: the orders are loaded (shared with the
 * dashboard's) only when a tile group holds a bank tile, so other pages send no extra request.
 */
export function useInstitutionBranding(
  institutionId: string | null,
  pathname: string,
): { coBrand: ShellCoBrand | null; tileGroupSections: ShellSidebarSection[] } {
  const trusted = useTrustedCompany(institutionId);
  const tiles = useTiles(institutionId);
  const needsOrders =
    institutionId !== null && tiles.data !== undefined && hasGroupedBankTile(tiles.data);
  const orders = useOrders(needsOrders ? institutionId : undefined);
  const coBrand = trusted.data ? { name: trusted.data.displayName, logo: trusted.data.logo } : null;
  const sections = useMemo(
    () =>
      institutionId && tiles.data
        ? tileGroupSections(tiles.data, institutionId, pathname, orders.data)
        : [],
    [institutionId, tiles.data, pathname, orders.data],
  );
  return { coBrand, tileGroupSections: sections };
}

/**
 * The institution's theme as the primary colour (WCAG AA kept, see themeColours). The colour
 * code loads only for an institution that has a theme (keeps it off the first load otherwise).
 */
export function InstitutionTheme({
  institution,
}: {
  institution: Pick<Institution, 'theme'> | null;
}) {
  const theme = institution?.theme ?? null;
  const [colours, setColours] = useState<{ theme: string; colours: ThemeColours | null } | null>(
    null,
  );
  useEffect(() => {
    if (!theme) return;
    let isCurrent = true;
    void import('../features/dashboard/model/theme-colour').then(({ themeColours }) => {
      if (isCurrent) setColours({ theme, colours: themeColours(theme) });
    });
    return () => {
      isCurrent = false;
    };
  }, [theme]);
  const current = theme && colours?.theme === theme ? colours.colours : null;
  if (!current) return null;
  const css = `:root{--mantine-primary-color-filled:${current.filled};--mantine-primary-color-filled-hover:${current.filledHover};--mantine-primary-color-light:${current.light};--mantine-primary-color-light-hover:${current.lightHover};--mantine-primary-color-light-color:${current.filled};--mantine-color-anchor:${current.filled};}`;
  return <style data-testid="institution-theme">{css}</style>;
}
