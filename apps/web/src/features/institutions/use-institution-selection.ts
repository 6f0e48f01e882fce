import type { Institution, InstitutionSummary, InstitutionUserRole } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isHeldBackBySession } from '../../lib/oidc';
import { institutionQueryKey, institutionQueryOptions } from './api/get-institution';
import { institutionSummariesQueryOptions } from './api/list-institutions';
import {
  institutionIdsOf,
  readStoredInstitutionId,
  selectInitialInstitution,
  storeInstitutionId,
} from './model/selection';
import {
  INSTITUTION_REFRESH_CHECK_MS,
  INSTITUTION_VALIDITY_MS,
  isInstitutionStale,
} from './model/validity';

export interface InstitutionSelection {
  /** Distinct institution ids of the user's roles, in role order, whether loaded or not. */
  institutionIds: string[];
  /**
   * The user's institutions that have loaded (id, name, trusted), in role order; the current one
   * as its own load last answered.
   */
  institutions: InstitutionSummary[];
  currentInstitutionId: string | null;
  currentInstitution: Institution | null;
  /** True while the current institution is loading for the first time. */
  isLoadingCurrent: boolean;
  /** The institutions (and the current one) have loaded or failed at least once. */
  isSettled: boolean;
  /** Ids whose last load failed: the current one's, or all the others' when the list failed. */
  failedInstitutionIds: string[];
  /** Loads the current institution again (the error bar's 'Erneut laden'). */
  reloadCurrent(): void;
  isReloadingCurrent: boolean;
  select(institutionId: string): void;
}

interface Options {
  roles: readonly Pick<InstitutionUserRole, 'institutionId'>[];
  /** `institutionId` query parameter of the current URL. */
  queryInstitutionId: string | null;
  /** Called once per failed load: the current institution's (its id), or the list's (null). */
  onLoadError?: (institutionId: string | null) => void;
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
 *
 * All institutions load in one request (`GET /user/current/institutions`: id, name, trusted,
 * what the switcher and the sidebar show); the whole institution (members, contacts, theme) is
 * loaded for the current one, and for another once it is selected. One `GET /institution/{id}`
 * per role had meant 301 requests on every page load for a support user of 300 practices: the
 * dashboard took 2 to 5 s, and the fourth page load within a minute ran into the per-user rate
 * limit (1 200 requests a minute), after which the portal did not open at all.
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

  // One institution: the switcher shows just its name, from its own load.
  const hasChoice = ids.length > 1;
  const summaries = useQuery({ ...institutionSummariesQueryOptions(ids), enabled: hasChoice });
  const current = useQuery({
    ...institutionQueryOptions(currentInstitutionId ?? ''),
    enabled: currentInstitutionId !== null,
    // Stale once older than the validity (spec: "older than 300000 ms"); the query's own
    // staleness starts at exactly staleTime, and a selection reloads stale data.
    staleTime: INSTITUTION_VALIDITY_MS + 1,
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

  // A load the session held back (it ended, the page waits for a new sign-in; or the page is
  // stale) is no failure to report: the notice of the ended session says what happened.
  const currentFailed =
    currentInstitutionId !== null && current.isError && !isHeldBackBySession(current.error);
  const listFailed = summaries.isError && !isHeldBackBySession(summaries.error);
  const failedInstitutionIds = useMemo(
    () => ids.filter((id) => (id === currentInstitutionId ? currentFailed : listFailed)),
    [ids, currentInstitutionId, currentFailed, listFailed],
  );
  // Each failure is reported once: the current institution's load (per id) and the list's.
  const failures = [
    ...(currentFailed ? [currentInstitutionId] : []),
    ...(listFailed ? [LIST_FAILURE] : []),
  ].join(',');
  const reported = useRef(new Set<string>());
  const onLoadErrorRef = useRef(onLoadError);
  onLoadErrorRef.current = onLoadError;
  useEffect(() => {
    const failed = failures ? failures.split(',') : [];
    for (const key of failed) {
      if (!reported.current.has(key)) {
        reported.current.add(key);
        onLoadErrorRef.current?.(key === LIST_FAILURE ? null : key);
      }
    }
    // A successful reload allows the next failure to be reported again.
    for (const key of reported.current) if (!failed.includes(key)) reported.current.delete(key);
  }, [failures]);

  const institutions = useMemo(() => {
    const byId = new Map((summaries.data ?? []).map((summary) => [summary.id, summary]));
    if (current.data) {
      const { id, name, trusted } = current.data;
      byId.set(id, { id, name, trusted });
    }
    return ids.flatMap((id) => {
      const summary = byId.get(id);
      return summary ? [summary] : [];
    });
  }, [ids, summaries.data, current.data]);

  // Stable (the query's refetch is), so the app context it goes into is not renewed each render.
  const refetchCurrent = current.refetch;
  const reloadCurrent = useCallback(() => void refetchCurrent(), [refetchCurrent]);

  return {
    institutionIds: ids,
    institutions,
    currentInstitutionId,
    currentInstitution: currentInstitutionId !== null ? (current.data ?? null) : null,
    isLoadingCurrent: currentInstitutionId !== null && current.isPending && current.isFetching,
    isSettled:
      (!hasChoice || !summaries.isPending) && (currentInstitutionId === null || !current.isPending),
    failedInstitutionIds,
    reloadCurrent,
    isReloadingCurrent: current.isFetching,
    select,
  };
}

/** The key of the list's failure among the reported ones (institution ids are UUIDs). */
const LIST_FAILURE = 'list';
