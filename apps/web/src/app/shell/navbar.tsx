import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Burger.css';
import { Badge, Burger } from '@mantine/core';
import { IconUserShield } from '@tabler/icons-react';
import { useImageSource } from '../../components/use-image-source';
import { shell } from '../../messages/de/shell';
import { InstitutionSwitcher } from './institution-switcher';
import { PortalLogo } from './logo';
import classes from './shell.module.css';
import type { ShellProps } from './types';
import { UserMenu } from './user-menu';

export const NAVBAR_HEIGHT_PX = 104;

/**
 * The trusted partner's logo and name beside the portal's logo (co-branding). A logo that does
 * not load gives way to the name: its alt text, cut off in a 40 px box, was all that showed.
 */
function CoBrand({ coBrand }: { coBrand: NonNullable<ShellProps['coBrand']> }) {
  const { src: logo, onError } = useImageSource(coBrand.logo);
  return (
    <div className={classes.coBrand} data-testid="co-brand" data-has-logo={logo ? true : undefined}>
      {logo && (
        // width and height give the box a square shape before the logo arrives (the CSS keeps
        // its own aspect ratio after): the navbar does not move when it loads.
        <img
          src={logo}
          alt={shell.coBrand.logo(coBrand.name)}
          width={40}
          height={40}
          onError={onError}
        />
      )}
      <span className={classes.coBrandName}>{coBrand.name}</span>
    </div>
  );
}

export type ShellNavbarProps = Pick<
  ShellProps,
  | 'user'
  | 'institutions'
  | 'hasInstitutionChoice'
  | 'currentInstitutionId'
  | 'onSelectInstitution'
  | 'isAdmin'
  | 'canEditTiles'
  | 'isImpersonating'
  | 'onLogout'
  | 'coBrand'
  | 'navbarActions'
> & {
  /** Whether the sidebar is open (drives the hamburger). */
  isSidebarOpen: boolean;
  onToggleSidebar(): void;
  /** Id of the sidebar element the hamburger controls. */
  sidebarId?: string;
  /** Whether there is a sidebar at all (no hamburger without one). */
  hasSidebar: boolean;
};

/** The contents of the top bar: hamburger, logo, support-mode badge, institution, user menu. */
export function ShellNavbar({
  user,
  institutions,
  hasInstitutionChoice,
  currentInstitutionId,
  onSelectInstitution,
  isAdmin,
  canEditTiles,
  isImpersonating,
  onLogout,
  coBrand,
  navbarActions,
  isSidebarOpen,
  onToggleSidebar,
  sidebarId,
  hasSidebar,
}: ShellNavbarProps) {
  const isSignedIn = user !== null;
  return (
    <>
      <div className={classes.headerStart} data-co-branded={coBrand ? true : undefined}>
        {isSignedIn && hasSidebar && (
          <Burger
            opened={isSidebarOpen}
            onClick={onToggleSidebar}
            size="sm"
            aria-label={isSidebarOpen ? shell.navbar.closeNavigation : shell.navbar.openNavigation}
            aria-expanded={isSidebarOpen}
            aria-controls={sidebarId}
          />
        )}
        <PortalLogo />
        {coBrand && <CoBrand coBrand={coBrand} />}
      </div>
      <div className={classes.headerCenter}>
        {isImpersonating && (
          <Badge
            classNames={{ root: classes.supportBadge, label: classes.supportBadgeLabel }}
            color="dark"
            variant="filled"
            size="lg"
            radius="sm"
            // Mantine's Badge is upper case by default: the spec's wording is 'Support-Modus'.
            tt="none"
            leftSection={<IconUserShield size={16} aria-hidden="true" />}
            title={
              user?.impersonation
                ? shell.navbar.supportModeActor(user.impersonation.actor, user.impersonation.asUser)
                : shell.navbar.supportModeHint
            }
            data-testid="support-mode"
          >
            {shell.navbar.supportMode}
          </Badge>
        )}
        {isSignedIn && (
          <InstitutionSwitcher
            institutions={institutions}
            hasInstitutionChoice={hasInstitutionChoice}
            currentInstitutionId={currentInstitutionId}
            onSelectInstitution={onSelectInstitution}
            disabled={isImpersonating}
          />
        )}
      </div>
      {user && (
        <div className={classes.headerEnd}>
          {navbarActions}
          <UserMenu
            user={user}
            onLogout={onLogout}
            isAdmin={isAdmin}
            canEditTiles={canEditTiles}
            isImpersonating={isImpersonating}
          />
        </div>
      )}
    </>
  );
}
