import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/VisuallyHidden.css';
import { Alert, Button, VisuallyHidden } from '@mantine/core';
import type { Institution, User } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import {
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import {
  Outlet,
  useLoaderData,
  useLocation,
  useMatches,
  useNavigate,
  useSearchParams,
} from 'react-router';
import { ModalNoticeContext } from '../components/modal-notice';
import { LazyAnalyticsIdentitySync } from '../features/analytics/lazy-analytics';
import { ImpersonationControl } from '../features/impersonation/impersonation-control';
import { useInstitutionSelection } from '../features/institutions/use-institution-selection';
import { currentUserQueryOptions } from '../features/user/api/current-user';
import { initials } from '../features/user/model/user';
import { impersonatorName } from '../lib/impersonation-tokens';
import { userStorageKey } from '../lib/oidc';
import { app, shell } from '../messages/de';
import { AppContext, type AppContextValue } from './app-context';
import { type GuardResult, RouteGuard } from './guards';
import { InstitutionTheme, useInstitutionBranding } from './institution-branding';
import { permissions } from './model/permissions';
import { opensWithoutInstitution } from './model/route-handle';
import { PageLoader } from './page-loader';
import { useServices } from './services';
import {
  AccessChangedBanner,
  AppShellLayout,
  BackendDownBanner,
  ImpersonationRanOutBanner,
  InstitutionLoadErrorBar,
  RestrictedUserBanner,
  type ShellProps,
  type ShellSidebarSection,
  SignedOutBanner,
  StaleSessionBanner,
} from './shell';
import { accessChangeText, useAccessChanges } from './use-access-changes';
import { HealthCheck, useIsBackendDown } from './use-backend-status';

const UnsavedChangesDialog = lazy(() => import('../components/unsaved-changes-dialog'));

type FrameProps = Pick<ShellProps, 'banners' | 'children'>;

/** The shell for pages without a signed-in user: navbar without user menu, no sidebar. */
function AnonymousFrame({ banners, children }: FrameProps) {
  const { config, session } = useServices();
  const isBackendDown = useIsBackendDown();
  return (
    <>
      <HealthCheck />
      <AppShellLayout
        user={null}
        institutions={[]}
        hasInstitutionChoice={false}
        currentInstitutionId={null}
        onSelectInstitution={() => {}}
        isAdmin={false}
        canEditTiles={false}
        isImpersonating={false}
        onLogout={() => void session.logout()}
        supportContacts={[]}
        serverStatusUrl={config.serverStatusUrl}
        sidebarSections={[]}
        banners={
          isBackendDown || banners ? (
            <>
              {isBackendDown && <BackendDownBanner />}
              {banners}
            </>
          ) : undefined
        }
      >
        {children}
      </AppShellLayout>
    </>
  );
}

/** Static pages (Impressum, Datenschutz, …): reachable without sign-in. */
export function PublicLayout() {
  return (
    <AnonymousFrame>
      <Outlet />
    </AnonymousFrame>
  );
}

/**
 * Sidebar sections: Institutionen (one link each, switching; shown but not interactive while
 * switching is locked, i.e. impersonating) and Einstellungen. Einstellungen also leads to the
 * pages of the route table that no menu, tile or button opens: Identifikation, and with an
 * institution Verträge and Kundencenter (without them, those pages could only be typed in).
 */
export function buildSidebarSections(
  institutions: readonly Pick<Institution, 'id' | 'name'>[],
  currentInstitutionId: string | null,
  isInstitutionAdmin: boolean,
  onSelectInstitution: (institutionId: string) => void,
  pathname: string,
  isSwitchLocked = false,
): ShellSidebarSection[] {
  const sections: ShellSidebarSection[] = [];
  if (institutions.length > 0) {
    sections.push({
      label: app.sidebar.institutions,
      links: institutions.map((institution) => ({
        label: institution.name,
        to: `/dashboard?institutionId=${encodeURIComponent(institution.id)}`,
        isActive: institution.id === currentInstitutionId,
        ...(isSwitchLocked
          ? { isDisabled: true, hint: shell.institution.switchDisabledWhileImpersonating }
          : { onClick: () => onSelectInstitution(institution.id) }),
      })),
    });
  }
  const settings: { label: string; to: string }[] = [
    { label: app.sidebar.myAccount, to: '/account' },
    { label: app.routes.identification, to: '/identification' },
  ];
  if (isInstitutionAdmin) settings.push({ label: app.sidebar.company, to: '/institution' });
  if (currentInstitutionId) {
    settings.push(
      { label: app.routes.contracts, to: '/contracts' },
      { label: app.routes.customerOverview, to: '/customer-overview' },
    );
  }
  sections.push({
    label: app.sidebar.settings,
    links: settings.map((link) => ({ ...link, isActive: pathname === link.to })),
  });
  return sections;
}

function SignedInLayout({ user }: { user: User }) {
  const { config, session } = useServices();
  const [searchParams, setSearchParams] = useSearchParams();
  const { pathname } = useLocation();
  const matches = useMatches();
  const isBackendDown = useIsBackendDown();
  const onLoadError = useCallback(() => {
    // Lazy like the notifications container (keeps @mantine/notifications off the first load).
    void import('../components/notifications').then(({ notifyError }) =>
      notifyError(app.institution.loadFailedNotification),
    );
  }, []);
  const isImpersonating = useMemo(() => session.isImpersonating(), [session]);
  // Who acts while the top bar shows the customer's user (spec: the user's first name).
  const actor = useMemo(
    () => (isImpersonating ? impersonatorName(localStorage, userStorageKey(config)) : null),
    [isImpersonating, config],
  );
  const isStale = useSyncExternalStore(session.subscribeStale, session.isStale);
  const isWaitingForSignIn = useSyncExternalStore(
    session.subscribeStale,
    session.isWaitingForSignIn,
  );
  const isImpersonationResumable = useSyncExternalStore(
    session.subscribeStale,
    session.isImpersonationResumable,
  );
  const [isResuming, setIsResuming] = useState(false);
  const resumeImpersonation = useCallback(() => {
    setIsResuming(true);
    session
      .resumeImpersonation()
      .catch(async (error: unknown) => {
        // Loaded when needed, as the modal's texts are (spec section 8's words).
        const [{ notifyError }, { impersonation }] = await Promise.all([
          import('../components/notifications'),
          import('../messages/de/impersonation'),
        ]);
        notifyError(
          error instanceof Error && error.name === 'ImpersonationRefusedError'
            ? impersonation.refused
            : impersonation.failure,
        );
      })
      .finally(() => setIsResuming(false));
  }, [session]);
  const [isSigningIn, setIsSigningIn] = useState(false);
  const signInAgain = useCallback(() => {
    setIsSigningIn(true);
    session
      .signInAgain()
      .catch(() =>
        import('../components/notifications').then(({ notifyError }) =>
          notifyError(app.signInFailed),
        ),
      )
      .finally(() => setIsSigningIn(false));
  }, [session]);
  // While impersonating the institution stays as it is (spec section 4): no switcher, no sidebar
  // entry and no institutionId parameter changes it.
  const selection = useInstitutionSelection({
    roles: user.institutionUserRoles,
    queryInstitutionId: searchParams.get('institutionId'),
    onLoadError,
    isLocked: isImpersonating,
  });
  const { institutions, currentInstitutionId, currentInstitution, select } = selection;
  const hasQueryInstitution = searchParams.has('institutionId');
  // A choice (dropdown, or a page through the context) replaces the URL's institutionId: left
  // in place, the stale parameter would win over this choice on the next reload.
  const switchInstitution = useCallback(
    (institutionId: string) => {
      select(institutionId);
      if (!hasQueryInstitution) return;
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params);
          next.delete('institutionId');
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [select, hasQueryInstitution, setSearchParams],
  );
  // A page with unsaved input (the tile editor, Unternehmen) reports it; such a page is drawn
  // anew for another institution, so a switch would throw the input away: while there are any, a switch asks first (spec: "leaving is blocked
  // while there are unsaved changes").
  const [hasUnsavedChanges, reportUnsavedChanges] = useState(false);
  const [pendingInstitutionId, setPendingInstitutionId] = useState<string | null>(null);
  // Mounted from the first question on, so that it closes (and returns focus) like any dialog.
  const [hasAskedToLeave, setHasAskedToLeave] = useState(false);
  const selectInstitution = useCallback(
    (institutionId: string) => {
      if (isImpersonating) return;
      if (hasUnsavedChanges && institutionId !== currentInstitutionId) {
        setPendingInstitutionId(institutionId);
        setHasAskedToLeave(true);
        return;
      }
      switchInstitution(institutionId);
    },
    [isImpersonating, hasUnsavedChanges, currentInstitutionId, switchInstitution],
  );
  const stayWithUnsavedChanges = useCallback(() => setPendingInstitutionId(null), []);
  const leaveUnsavedChanges = useCallback(() => {
    if (pendingInstitutionId === null) return;
    setPendingInstitutionId(null);
    reportUnsavedChanges(false);
    switchInstitution(pendingInstitutionId);
  }, [pendingInstitutionId, switchInstitution]);
  // A sidebar entry is a link to /dashboard?institutionId=…: with unsaved changes it only
  // navigates, the editor's own leave guard asks, and the parameter switches once it may.
  const selectFromSidebar = useCallback(
    (institutionId: string) => {
      if (!hasUnsavedChanges) select(institutionId);
    },
    [hasUnsavedChanges, select],
  );
  const currentRole =
    user.institutionUserRoles.find((entry) => entry.institutionId === currentInstitutionId)?.role ??
    null;
  // Eigener User (the menu's Abmelden while impersonating): back to the own user, no sign-in.
  const onLogout = useCallback(() => {
    if (!session.isImpersonating()) {
      void session.logout();
      return;
    }
    void session.endImpersonation().then(() => window.location.assign('/dashboard'));
  }, [session]);
  // The rules live in permissions(); computed once here for guard, user menu and sidebar.
  const rights = useMemo(
    () =>
      permissions(
        user,
        currentInstitution ??
          (currentInstitutionId === null ? null : { id: currentInstitutionId, trusted: false }),
        { isImpersonating },
      ),
    [user, currentInstitution, currentInstitutionId, isImpersonating],
  );
  const hasLoadError =
    currentInstitutionId !== null && selection.failedInstitutionIds.includes(currentInstitutionId);
  const navigate = useNavigate();
  const isInstitutionPage = !opensWithoutInstitution(matches);
  const institutionNames = useMemo(
    () => new Map(institutions.map(({ id, name }) => [id, name])),
    [institutions],
  );
  // Removed from the institution the page showed: its page (an order, a document list) is not
  // drawn for the next institution, the dashboard is.
  const access = useAccessChanges({
    user,
    currentInstitutionId,
    institutionNames,
    isEnabled: !isImpersonating,
    onRemoved: () => {
      if (isInstitutionPage) navigate('/dashboard', { replace: true });
    },
  });
  const branding = useInstitutionBranding(currentInstitutionId, pathname);

  const context = useMemo<AppContextValue>(
    () => ({
      user,
      institutions,
      currentInstitutionId,
      currentInstitution,
      isLoadingCurrentInstitution: selection.isLoadingCurrent,
      hasCurrentInstitutionLoadError: hasLoadError,
      reloadCurrentInstitution: selection.reloadCurrent,
      isReloadingCurrentInstitution: selection.isReloadingCurrent,
      permissions: rights,
      selectInstitution,
      reportUnsavedChanges,
    }),
    [
      user,
      institutions,
      currentInstitutionId,
      currentInstitution,
      selection.isLoadingCurrent,
      hasLoadError,
      selection.reloadCurrent,
      selection.isReloadingCurrent,
      rights,
      selectInstitution,
    ],
  );

  // The page's input waits for a new sign-in, or for the impersonation that ran out to go on:
  // shown above the page and in an open dialog (which may hold that input).
  const signedOutBanner = isWaitingForSignIn ? (
    <SignedOutBanner onSignIn={signInAgain} isSigningIn={isSigningIn} />
  ) : isImpersonationResumable ? (
    <ImpersonationRanOutBanner
      name={`${user.firstName} ${user.lastName}`.trim()}
      onResume={resumeImpersonation}
      isResuming={isResuming}
      endedEarly={session.lastImpersonationEnd() === 'ended-early'}
    />
  ) : null;

  let banners: ReactNode;
  if (isWaitingForSignIn || isStale || isBackendDown || hasLoadError || access.change) {
    banners = (
      <>
        {access.change && (
          <AccessChangedBanner text={accessChangeText(access.change)} onClose={access.dismiss} />
        )}
        {signedOutBanner ?? (isStale && <StaleSessionBanner />)}
        {isBackendDown && <BackendDownBanner />}
        {hasLoadError && (
          <InstitutionLoadErrorBar
            onRetry={selection.reloadCurrent}
            isRetrying={selection.isReloadingCurrent}
          />
        )}
      </>
    );
  }

  return (
    <AppContext.Provider value={context}>
      <ModalNoticeContext.Provider value={signedOutBanner}>
        <HealthCheck />
        <InstitutionTheme institution={currentInstitution} />
        <LazyAnalyticsIdentitySync config={config} institutionId={currentInstitutionId} />
        <AppShellLayout
          coBrand={branding.coBrand}
          user={{
            firstName: user.firstName,
            initials: initials(user),
            impersonation: actor
              ? { actor, asUser: `${user.firstName} ${user.lastName}`.trim() }
              : null,
          }}
          institutions={institutions.map(({ id, name, trusted }) => ({ id, name, trusted }))}
          // Decided by the roles, not by what has loaded (spec section 2).
          hasInstitutionChoice={selection.institutionIds.length > 1}
          currentInstitutionId={currentInstitutionId}
          onSelectInstitution={selectInstitution}
          isAdmin={rights.canAdminInstitution}
          canEditTiles={rights.canEditTiles}
          isImpersonating={isImpersonating}
          onLogout={onLogout}
          navbarActions={
            <ImpersonationControl
              institutionId={currentInstitutionId}
              role={currentRole}
              isLoadingInstitution={selection.isLoadingCurrent}
              isImpersonating={isImpersonating}
              impersonate={(userId, claims) => session.impersonate(userId, claims)}
              endImpersonation={() => session.endImpersonation()}
              reload={(institutionId) =>
                window.location.assign(
                  institutionId
                    ? `/dashboard?institutionId=${encodeURIComponent(institutionId)}`
                    : '/dashboard',
                )
              }
            />
          }
          supportContacts={currentInstitution?.supportContacts ?? []}
          serverStatusUrl={config.serverStatusUrl}
          sidebarSections={
            // Once the institutions have settled: the sidebar opens its sections from the first list.
            selection.isSettled
              ? buildSidebarSections(
                  institutions,
                  currentInstitutionId,
                  rights.canAdminInstitution,
                  // Not selectInstitution: the entry's link sets the parameter to this choice.
                  selectFromSidebar,
                  pathname,
                  isImpersonating,
                ).concat(branding.tileGroupSections)
              : []
          }
          banners={banners}
        >
          {/* Without an institution only Mein Konto and Identifikation open. */}
          {user.institutionUserRoles.length === 0 && !opensWithoutInstitution(matches) ? (
            <Alert color="yellow" role="status">
              {app.institution.none}
            </Alert>
          ) : (
            <RouteGuard>
              <Outlet />
            </RouteGuard>
          )}
          {hasAskedToLeave && (
            <Suspense fallback={null}>
              <UnsavedChangesDialog
                opened={pendingInstitutionId !== null}
                body={app.unsavedChanges.switchBody}
                onStay={stayWithUnsavedChanges}
                onLeave={leaveUnsavedChanges}
              />
            </Suspense>
          )}
        </AppShellLayout>
      </ModalNoticeContext.Provider>
    </AppContext.Provider>
  );
}

/** A technical user: the banner counts down from 5, then the user is signed out. */
/**
 * The heading and window title of a frame that shows no page (only a banner), so a screen
 * reader's heading list and the tab name what happened, not the page that did not open. The
 * route's window title is set first (`DocumentTitle` sits before the pages), this one after.
 */
function FrameHeading({ title }: { title: string }) {
  useEffect(() => {
    document.title = `${title} – ${app.title}`;
  }, [title]);
  return <VisuallyHidden component="h1">{title}</VisuallyHidden>;
}

function RestrictedLayout() {
  const { session } = useServices();
  const logout = useCallback(() => void session.logout(), [session]);
  return (
    <AnonymousFrame banners={<RestrictedUserBanner onElapsed={logout} />}>
      <FrameHeading title={app.restrictedPageTitle} />
    </AnonymousFrame>
  );
}

function UserLoadErrorLayout() {
  return (
    <AnonymousFrame
      banners={
        <Alert color="red" role="alert" title={app.userLoadFailed}>
          <Button mt="sm" variant="light" onClick={() => window.location.reload()}>
            {app.reload}
          </Button>
        </Alert>
      }
    >
      <FrameHeading title={app.userLoadFailedPageTitle} />
    </AnonymousFrame>
  );
}

/**
 * The signed-in frame. The guard's loader has loaded the current user (or found it restricted
 * or failing); this composes the shell from user, institutions and configuration.
 */
export function RootLayout() {
  const result = useLoaderData() as GuardResult;
  const currentUser = useQuery({
    ...currentUserQueryOptions(),
    enabled: result.status === 'ready',
  });
  if (result.status === 'restricted') return <RestrictedLayout />;
  if (result.status === 'error' || currentUser.isError) return <UserLoadErrorLayout />;
  if (!currentUser.data) return <PageLoader />;
  return <SignedInLayout user={currentUser.data} />;
}
