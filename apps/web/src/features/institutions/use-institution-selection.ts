import type { Institution, InstitutionUserRole } from '@portal/contract';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { institutionQueryKey, institutionQueryOptions } from './api/get-institution';
import {
  institutionIdsOf,
  readStoredInstitutionId,
  selectInitialInstitution,
  storeInstitutionId,
} from './model/selection';
import { INSTITUTION_REFRESH_CHECK_MS, isInstitutionStale } from './model/validity';

export interface InstitutionSelection {
  /** Distinct institution ids of the user's roles, in role order, whether loaded or not. */
  institutionIds: string[];
  /** The user's institutions that have loaded, in role order. */
  institutions: Institution[];
  currentInstitutionId: string | null;
  currentInstitution: Institution | null;
  /** True while the current institution is loading for the first time. */
  isLoadingCurrent: boolean;
  /** Every institution has loaded or failed at least once. */
  isSettled: boolean;
  /** Ids whose last load failed. */
  failedInstitutionIds: string[];
  select(institutionId: string): void;
}

interface Options {
  roles: readonly Pick<InstitutionUserRole, 'institutionId'>[];
  /** `institutionId` query parameter of the current URL. */
  queryInstitutionId: string | null;
  /** Called once per failed load of an institution. */
  onLoadError?: (institutionId: string) => void;
  /**
   * While true (impersonating, spec section 4) the institution cannot be switched: `select()`
   * and a later `institutionId` parameter do nothing.
   */
  isLocked?: boolean;
}

/**
 * Loads all the user's institutions and keeps one selected (spec section 4): initial choice
 * from the query parameter, the stored id or the first role; a later `institutionId` parameter
 * naming one of the user's institutions selects it (not while `isLocked`); the selection is
 * stored; the current institution is reloaded when older than 300 000 ms, checked every
 * 60 000 ms.
 */
export function useInstitutionSelection({
  roles,
  queryInstitutionId,
  onLoadError,
  isLocked = false,
}: Options): InstitutionSelection {
  const queryClient = useQueryClient();
  const ids = useMemo(() => institutionIdsOf(roles), [roles]);
  const [currentInstitutionId, setCurrentInstitutionId] = useState<string | null>(() => {
    const initial = selectInitialInstitution({
      roles,
      queryInstitutionId,
      storedInstitutionId: readStoredInstitutionId(),
    });
    if (initial) storeInstitutionId(initial);
    return initial;
  });

  const results = useQueries({
    queries: ids.map((institutionId) => institutionQueryOptions(institutionId)),
  });

  const reloadIfStale = useCallback(
    (institutionId: string) => {
      const state = queryClient.getQueryState(institutionQueryKey(institutionId));
      if (state?.fetchStatus === 'fetching') return;
      if (isInstitutionStale(state?.dataUpdatedAt, Date.now())) {
        void queryClient.refetchQueries({ queryKey: institutionQueryKey(institutionId) });
      }
    },
    [queryClient],
  );

  const select = useCallback(
    (institutionId: string) => {
      if (isLocked || !ids.includes(institutionId)) return;
      setCurrentInstitutionId(institutionId);
      storeInstitutionId(institutionId);
      reloadIfStale(institutionId);
    },
    [ids, reloadIfStale, isLocked],
  );

  // A later institutionId query parameter (e.g. from a link) selects that institution.
  const lastQueryId = useRef(queryInstitutionId);
  useEffect(() => {
    if (queryInstitutionId === lastQueryId.current) return;
    lastQueryId.current = queryInstitutionId;
    if (queryInstitutionId && ids.includes(queryInstitutionId)) select(queryInstitutionId);
  }, [queryInstitutionId, ids, select]);

  // The roles can change (e.g. after the user reloads): keep the selection valid.
  useEffect(() => {
    if (currentInstitutionId && ids.includes(currentInstitutionId)) return;
    const fallback = selectInitialInstitution({
      roles,
      queryInstitutionId: null,
      storedInstitutionId: readStoredInstitutionId(),
    });
    setCurrentInstitutionId(fallback);
  }, [ids, roles, currentInstitutionId]);

  useEffect(() => {
    if (!currentInstitutionId) return;
    const timer = window.setInterval(
      () => reloadIfStale(currentInstitutionId),
      INSTITUTION_REFRESH_CHECK_MS,
    );
    return () => window.clearInterval(timer);
  }, [currentInstitutionId, reloadIfStale]);

  const failedInstitutionIds = ids.filter((_, index) => results[index]?.isError);
  const failedKey = failedInstitutionIds.join(',');
  const reported = useRef(new Set<string>());
  const onLoadErrorRef = useRef(onLoadError);
  onLoadErrorRef.current = onLoadError;
  useEffect(() => {
    const failed = failedKey ? failedKey.split(',') : [];
    for (const id of failed) {
      if (!reported.current.has(id)) {
        reported.current.add(id);
        onLoadErrorRef.current?.(id);
      }
    }
    // A successful reload allows the next failure to be reported again.
    for (const id of reported.current) if (!failed.includes(id)) reported.current.delete(id);
  }, [failedKey]);

  const institutions = results.flatMap((result) => (result.data ? [result.data] : []));
  const currentIndex = currentInstitutionId ? ids.indexOf(currentInstitutionId) : -1;
  const currentResult = currentIndex >= 0 ? results[currentIndex] : undefined;

  return {
    institutionIds: ids,
    institutions,
    currentInstitutionId,
    currentInstitution: currentResult?.data ?? null,
    isLoadingCurrent: currentResult?.isPending === true && currentResult.isFetching,
    isSettled: results.every((result) => !result.isPending),
    failedInstitutionIds,
    select,
  };
}
