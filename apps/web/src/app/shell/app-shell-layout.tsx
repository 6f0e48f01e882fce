import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/Stack.css';
import { AppShell, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type KeyboardEvent, lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { keepFocusOnBusyButtons } from '../../components/focus-fallback';
import { shell } from '../../messages/de/shell';
import { ShellFooter } from './footer';
import { HelpButton } from './help-button';
import { NAVBAR_HEIGHT_PX, ShellNavbar } from './navbar';
import classes from './shell.module.css';
import type { ShellProps } from './types';
import { useFocusOnNavigation } from './use-focus-on-navigation';

export const SIDEBAR_WIDTH_PX = 300;

// The sidebar starts closed: its accordion loads with the first opening (first-load budget).
const Sidebar = lazy(() => import('./sidebar').then((module) => ({ default: module.Sidebar })));

/**
 * The page frame: a 104 px top bar, a sidebar opened by the hamburger, banners above the page
 * content, the footer and the floating help button.
 */
export function AppShellLayout(props: ShellProps) {
  const { user, sidebarSections, isImpersonating, supportContacts, serverStatusUrl, banners } =
    props;
  const [isSidebarOpen, sidebar] = useDisclosure(false);
  const sidebarId = useId();
  const headerRef = useRef<HTMLElement>(null);
  const mainRef = useRef<HTMLElement>(null);
  useFocusOnNavigation(mainRef);
  // A pressed button that turns busy (loading) keeps the focus, also in dialogs.
  useEffect(() => keepFocusOnBusyButtons(), []);
  const hasSidebar = user !== null && sidebarSections.length > 0;
  const isSidebarShown = hasSidebar && isSidebarOpen;
  const [hasSidebarOpened, setHasSidebarOpened] = useState(false);
  useEffect(() => {
    if (isSidebarShown) setHasSidebarOpened(true);
  }, [isSidebarShown]);

  function closeSidebarOnEscape(event: KeyboardEvent) {
    if (event.key !== 'Escape' || !isSidebarShown) return;
    // Only keys pressed in the bar or the sidebar themselves: React also passes up keys from
    // what they render in portals (the user menu, the institution list, the impersonation
    // dialog), and an Escape there closes only that.
    const target = event.target;
    if (!(target instanceof Element) || !event.currentTarget.contains(target)) return;
    // Mantine marks the menus, lists and dialogs that handle their own Escape.
    if (target.closest('[data-mantine-stop-propagation]')) return;
    sidebar.close();
    headerRef.current?.querySelector<HTMLElement>('[aria-controls]')?.focus();
  }

  return (
    <AppShell
      header={{ height: NAVBAR_HEIGHT_PX }}
      navbar={{
        width: SIDEBAR_WIDTH_PX,
        breakpoint: 'sm',
        collapsed: { mobile: !isSidebarShown, desktop: !isSidebarShown },
      }}
      padding={0}
    >
      {/* The first Tab stop: past the top bar (and the open sidebar) to the page itself. */}
      {/* biome-ignore lint/a11y/useValidAnchor: a skip link is a link to a place in the page; the click handler only keeps #main-content out of the address. */}
      <a
        href="#main-content"
        className={classes.skipLink}
        onClick={(event) => {
          event.preventDefault();
          mainRef.current?.focus();
        }}
      >
        {shell.skipToContent}
      </a>
      <AppShell.Header
        ref={headerRef}
        className={classes.header}
        // Escape closes the sidebar from the top bar too (its button, the menus' triggers).
        onKeyDown={closeSidebarOnEscape}
        data-impersonating={isImpersonating || undefined}
      >
        <ShellNavbar
          {...props}
          isSidebarOpen={isSidebarShown}
          onToggleSidebar={sidebar.toggle}
          sidebarId={sidebarId}
          hasSidebar={hasSidebar}
        />
      </AppShell.Header>

      {hasSidebar && (
        <AppShell.Navbar
          id={sidebarId}
          aria-label={shell.navbar.sidebarLabel}
          className={classes.sidebar}
          // Off-screen while closed: keep its links out of the tab order and the a11y tree.
          inert={!isSidebarShown}
          onKeyDown={closeSidebarOnEscape}
        >
          {(hasSidebarOpened || isSidebarShown) && (
            <Suspense fallback={null}>
              <Sidebar sections={sidebarSections} onNavigate={sidebar.close} />
            </Suspense>
          )}
        </AppShell.Navbar>
      )}

      <AppShell.Main ref={mainRef} id="main-content" tabIndex={-1} className={classes.main}>
        <div className={classes.content}>
          {banners && (
            <Stack gap="sm" className={classes.banners} data-testid="shell-banners">
              {banners}
            </Stack>
          )}
          {props.children}
        </div>
        <ShellFooter serverStatusUrl={serverStatusUrl} />
      </AppShell.Main>

      <HelpButton contacts={supportContacts} />
    </AppShell>
  );
}
