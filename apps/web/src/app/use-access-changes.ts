import type { InstitutionRole, User } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { currentUserQueryKey, fetchCurrentUser } from '../features/user/api/current-user';
import { roleLabel } from '../features/user/model/user';
import { onInstitutionRefusal } from '../lib/api-client';
import { app } from '../messages/de';

/** What changed in the person's access to the institution the page showed. */
export type AccessChange =
  | { kind: 'removed'; institutionId: string; institutionName: string }
  | { kind: 'role'; institutionId: string; institutionName: string; role: InstitutionRole };

/** The banner's text for a change. */
export const accessChangeText = (change: AccessChange) =>
  change.kind === 'removed'
    ? app.access.removed(change.institutionName)
    : app.access.roleChanged(change.institutionName, roleLabel(change.role));

/** Refusals closer together than this load the user once. */
const RECHECK_AFTER_MS = 2_000;

const roleIn = (user: User, institutionId: string) =>
  user.institutionUserRoles.find((entry) => entry.institutionId === institutionId)?.role ?? null;

interface Options {
  user: User;
  currentInstitutionId: string | null;
  /** Names of the person's institutions as shown (the removed one's name is gone afterwards). */
  institutionNames: ReadonlyMap<string, string>;
  /** Called when the institution shown was taken away (the page belonged to it). */
  onRemoved?: () => void;
  /**
   * False while impersonating: the impersonation has its own end (it runs out, or is ended), and
   * loading the user with its token while it ends kept the support mode on.
   */
  isEnabled?: boolean;
}

/**
 * A page open for hours holds the roles of its start; the server checks membership and role on
 * every request. When it refuses a request in one of the person's institutions (403, 404), the
 * user is loaded again: removed from the institution the page shows, or with another role
 * there, the person is told so (not a page that stays empty or a save that fails without a
 * reason), the selection moves on (useInstitutionSelection) and pages the role no longer allows
 * close (RouteGuard). A failed load of the user changes nothing.
 */
export function useAccessChanges({
  user,
  currentInstitutionId,
  institutionNames,
  onRemoved,
  isEnabled = true,
}: Options): { change: AccessChange | null; dismiss(): void } {
  const queryClient = useQueryClient();
  const [change, setChange] = useState<AccessChange | null>(null);
  const lastCheck = useRef(0);
  const roleIds = useRef(new Set<string>());
  roleIds.current = new Set(user.institutionUserRoles.map((entry) => entry.institutionId));

  useEffect(
    () =>
      !isEnabled
        ? undefined
        : onInstitutionRefusal((institutionId) => {
            if (!roleIds.current.has(institutionId)) return;
            const now = Date.now();
            if (now - lastCheck.current < RECHECK_AFTER_MS) return;
            lastCheck.current = now;
            fetchCurrentUser()
              .then((fresh) => queryClient.setQueryData(currentUserQueryKey, fresh))
              .catch(() => undefined);
          }),
    [queryClient, isEnabled],
  );

  const before = useRef({ user, currentInstitutionId, name: '' });
  const onRemovedRef = useRef(onRemoved);
  onRemovedRef.current = onRemoved;
  const currentName = currentInstitutionId ? institutionNames.get(currentInstitutionId) : undefined;
  useEffect(() => {
    const previous = before.current;
    before.current = {
      user,
      currentInstitutionId,
      name:
        currentName ??
        (previous.currentInstitutionId === currentInstitutionId ? previous.name : ''),
    };
    if (previous.user === user || !previous.currentInstitutionId) return;
    const id = previous.currentInstitutionId;
    const was = roleIn(previous.user, id);
    const now = roleIn(user, id);
    if (!was || was === now) return;
    const institutionName = previous.name || app.access.unnamedInstitution;
    if (now === null) {
      setChange({ kind: 'removed', institutionId: id, institutionName });
      onRemovedRef.current?.();
    } else {
      setChange({ kind: 'role', institutionId: id, institutionName, role: now });
    }
  }, [user, currentInstitutionId, currentName]);

  const dismiss = useCallback(() => setChange(null), []);
  return { change, dismiss };
}
