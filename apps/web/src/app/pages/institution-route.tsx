import type { Institution } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback } from 'react';
import { SupportAccessSection } from '../../features/impersonation/support-access-section';
import {
  InstitutionPage,
  InstitutionPageLoadFailed,
} from '../../features/institution-admin/institution-page';
import { institutionQueryKey } from '../../features/institutions/api/get-institution';
import { currentUserQueryKey } from '../../features/user/api/current-user';
import { useAppContext } from '../app-context';
import { useBreadcrumbs } from '../breadcrumbs';
import { PageLoader } from '../page-loader';

/**
 * Unternehmen for the current institution (the guard lets only its admins in). Changes go into
 * the institution's cached query, so the switcher and the sidebar show them at once. Further
 * sections (e.g. Support-Zugriffe) are composed in as children.
 */
export function InstitutionRoute({ children }: { children?: ReactNode }) {
  const {
    user,
    currentInstitution,
    hasCurrentInstitutionLoadError,
    reloadCurrentInstitution,
    isReloadingCurrentInstitution,
    reportUnsavedChanges,
  } = useAppContext();
  const queryClient = useQueryClient();
  const breadcrumbs = useBreadcrumbs();
  const institutionId = currentInstitution?.id;
  const onInstitutionChange = useCallback(
    (change: (current: Institution) => Institution) => {
      if (!institutionId) return;
      queryClient.setQueryData<Institution>(institutionQueryKey(institutionId), (current) =>
        current ? change(current) : current,
      );
    },
    [queryClient, institutionId],
  );
  const onOwnMembershipChanged = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
    [queryClient],
  );
  // A failed load is not a load in progress (no endless spinner): the shell's error bar says so,
  // and the page says what it cannot show (decision 018).
  if (!currentInstitution) {
    return hasCurrentInstitutionLoadError ? (
      <InstitutionPageLoadFailed
        breadcrumbs={breadcrumbs}
        onRetry={reloadCurrentInstitution}
        isRetrying={isReloadingCurrentInstitution}
      />
    ) : (
      <PageLoader />
    );
  }
  return (
    <InstitutionPage
      institution={currentInstitution}
      currentUserId={user.id}
      onInstitutionChange={onInstitutionChange}
      breadcrumbs={breadcrumbs}
      onOwnMembershipChanged={onOwnMembershipChanged}
      // Switching the institution draws the page anew: the layout asks first while this is true.
      onUnsavedChangesChange={reportUnsavedChanges}
    >
      <SupportAccessSection institutionId={currentInstitution.id} />
      {children}
    </InstitutionPage>
  );
}
