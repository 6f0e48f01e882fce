import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { Button, Stack, Text } from '@mantine/core';
import type { Institution, InstitutionMember, InstitutionRole } from '@portal/contract';
import { type ReactNode, useEffect, useState } from 'react';
import { AppModal } from '../../components/app-modal';
import { ConfirmModal } from '../../components/confirm-modal';
import { LeaveGuard } from '../../components/leave-guard';
import { LoadFailed } from '../../components/load-failed';
import { notifyError, notifySuccess } from '../../components/notifications';
import { type Breadcrumb, PageHeader } from '../../components/page-header';
import { isApiError } from '../../lib/api-client';
import { useSingleFlight } from '../../lib/use-single-flight';
import { useReportDirty, useUnsavedParts } from '../../lib/use-unsaved-parts';
import { institutionAdmin } from '../../messages/de';
import {
  fetchInstitution,
  useChangeRole,
  useDeleteUser,
  useInviteUser,
  useResendInvitationMail,
  useUpdateInstitution,
} from './api/institution-users';
import { InstitutionDataForm, type SaveOutcome } from './components/institution-data-form';
import {
  EMPTY_INVITE_DRAFT,
  type InviteDraft,
  InviteForm,
  isDraftDirty,
} from './components/invite-form';
import { Section } from './components/section';
import { UsersTable } from './components/users-table';
import {
  appendUser,
  applyUpdate,
  removeUser,
  replaceRole,
  roleLabel,
} from './model/institution-changes';

const text = institutionAdmin;
/** The "minutes since invite" column counts on while the page is open. */
const CLOCK_TICK_MS = 30_000;

export interface InstitutionPageProps {
  institution: Institution;
  currentUserId: string;
  /**
   * Applies a change to the institution wherever it is held, at once (the switcher shows the
   * new name); the change is applied to the latest state.
   */
  onInstitutionChange(change: (current: Institution) => Institution): void;
  breadcrumbs?: Breadcrumb[];
  /** The signed-in user's own role here changed or they left: the app reloads its user. */
  onOwnMembershipChanged?: () => void;
  /** Further sections at the bottom of the page (e.g. Support-Zugriffe). */
  children?: ReactNode;
  /**
   * Whether typed input (institution data, an invitation) is not saved yet: switching the
   * institution draws the page anew, so the shell asks first while this is true.
   */
  onUnsavedChangesChange?: (hasUnsavedChanges: boolean) => void;
}

/**
 * The spec's failure message, followed by the server's reason where it refused the change for
 * one (409: the last active admin cannot leave or step down; 404: another admin removed the
 * user meanwhile), so the admin learns why.
 */
function withReason(message: string, error: unknown): string {
  return isApiError(error) &&
    (error.status === 409 || error.status === 404) &&
    error.problem?.detail
    ? `${message} ${error.problem.detail}`
    : message;
}

/** The user is no longer a member (removed meanwhile, e.g. by another admin). */
const isGone = (error: unknown) => isApiError(error) && error.status === 404;

/**
 * Unternehmen when the institution itself did not load: the page keeps its heading and says in
 * its own area what is missing, with 'Erneut laden' (the same try as the error bar's, which
 * says what happened in the spec's words and is announced; this is not announced again).
 * docs/decisions/018-failed-first-loads.md.
 */
export function InstitutionPageLoadFailed({
  breadcrumbs,
  onRetry,
  isRetrying,
}: {
  breadcrumbs?: Breadcrumb[];
  onRetry(): void;
  isRetrying: boolean;
}) {
  return (
    <>
      <PageHeader title={text.title} breadcrumbs={breadcrumbs} />
      <LoadFailed
        message={text.loadFailed}
        onRetry={onRetry}
        isRetrying={isRetrying}
        isAnnounced={false}
      />
    </>
  );
}

/** Unternehmen: the institution's data and its users (admins only; the route checks that). */
export function InstitutionPage({
  institution,
  currentUserId,
  onInstitutionChange,
  breadcrumbs,
  onOwnMembershipChanged,
  children,
  onUnsavedChangesChange,
}: InstitutionPageProps) {
  const id = institution.id;
  const update = useUpdateInstitution(id);
  const invite = useInviteUser(id);
  const deleteUser = useDeleteUser(id);
  const changeRole = useChangeRole(id);
  const resend = useResendInvitationMail(id);
  const [isInviting, setIsInviting] = useState(false);
  // What the invitation dialog held when it was closed by ×, Escape or a click beside it: shown
  // again when it opens (a click beside the dialog had dropped a typed invitation). Abbrechen
  // and a sent invitation drop it.
  const [inviteDraft, setInviteDraft] = useState<InviteDraft>(EMPTY_INVITE_DRAFT);
  // The address a member already has (409): the dialog's field says so.
  const [refusedEmail, setRefusedEmail] = useState<{ email: string; message: string }>();
  // One invitation or re-sent mail at a time: a double click sends once.
  const once = useSingleFlight();
  const [toDelete, setToDelete] = useState<InstitutionMember | null>(null);
  const [busyUserIds, setBusyUserIds] = useState<ReadonlySet<string>>(new Set());
  const [now, setNow] = useState(() => Date.now());
  // Typed institution data or invitation: leaving the page (or the institution) asks first.
  const unsaved = useUnsavedParts();
  useReportDirty(unsaved.isDirty, onUnsavedChangesChange);
  // A kept draft is typed input too: leaving the page asks first, as with the dialog open.
  useReportDirty(!isInviting && isDraftDirty(inviteDraft), unsaved.reporter('invitationDraft'));

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);

  // The list as the server has it now (after a change to a user someone else removed meanwhile);
  // a failure leaves the list as it is.
  const reloadUsers = () =>
    fetchInstitution(id).then(
      (current) => onInstitutionChange(() => current),
      () => undefined,
    );

  const markBusy = (userId: string, isBusy: boolean) =>
    setBusyUserIds((current) => {
      const next = new Set(current);
      if (isBusy) next.add(userId);
      else next.delete(userId);
      return next;
    });

  const onRoleChange = (user: InstitutionMember, role: InstitutionRole) => {
    if (role === user.role) return;
    const name = `${user.firstName} ${user.lastName}`;
    markBusy(user.id, true);
    changeRole.mutate(
      { userId: user.id, role },
      {
        onSuccess: () => {
          onInstitutionChange((current) => replaceRole(current, user.id, role));
          notifySuccess(text.role.success(name, roleLabel(role)));
          if (user.id === currentUserId) onOwnMembershipChanged?.();
        },
        onError: (error) => {
          notifyError(withReason(text.role.failed(name), error));
          if (isGone(error)) void reloadUsers();
        },
        onSettled: () => markBusy(user.id, false),
      },
    );
  };

  const confirmDelete = () => {
    const user = toDelete;
    if (!user) return;
    markBusy(user.id, true);
    deleteUser.mutate(user.id, {
      onSuccess: () => {
        onInstitutionChange((current) => removeUser(current, user.id));
        notifySuccess(text.remove.success(user.firstName, user.lastName));
        if (user.id === currentUserId) onOwnMembershipChanged?.();
      },
      onError: (error) => {
        notifyError(withReason(text.remove.failed(user.firstName, user.lastName), error));
        if (isGone(error)) void reloadUsers();
      },
      onSettled: () => {
        markBusy(user.id, false);
        setToDelete(null);
      },
    });
  };

  const onResend = (user: InstitutionMember) =>
    once(async () => {
      markBusy(user.id, true);
      try {
        await resend.mutateAsync(user.id);
        notifySuccess(text.users.resent);
        // The new link's validity (the answer is empty): an expired invitation no longer shows
        // as expired.
        void reloadUsers();
      } catch (error) {
        notifyError(withReason(text.users.resendFailed, error));
        // Removed by another admin meanwhile (404), or the person accepted the invitation
        // meanwhile (409): the list shows how things are now.
        if (isGone(error) || (isApiError(error) && error.status === 409)) void reloadUsers();
      } finally {
        markBusy(user.id, false);
      }
    });

  return (
    <>
      <LeaveGuard isDirty={unsaved.isDirty} body={text.unsavedChanges} />
      <PageHeader title={text.title} breadcrumbs={breadcrumbs} />
      <Stack gap="lg">
        <Section title={text.data.heading}>
          <InstitutionDataForm
            // Typed input survives a newer version arriving (the form decides what to show);
            // another institution is a new form.
            key={institution.id}
            institution={institution}
            isSaving={update.isPending}
            onDirtyChange={unsaved.reporter('data')}
            onSave={(values) =>
              update.mutateAsync(values).then(
                (saved): SaveOutcome => {
                  onInstitutionChange((current) => applyUpdate(current, saved));
                  notifySuccess(text.data.saved);
                  return { status: 'saved', institution: saved };
                },
                (error): SaveOutcome => {
                  notifyError(text.data.notSaved);
                  return isApiError(error) && error.status === 409
                    ? { status: 'conflict' }
                    : { status: 'failed' };
                },
              )
            }
            onReload={() =>
              fetchInstitution(id).then(
                (current) => {
                  onInstitutionChange(() => current);
                  return current;
                },
                () => {
                  notifyError(text.data.reloadFailed);
                  return undefined;
                },
              )
            }
          />
        </Section>

        <Section
          title={text.users.heading}
          actions={
            <Button onClick={() => setIsInviting(true)} data-testid="open-invite">
              {text.invite.open}
            </Button>
          }
        >
          <Text size="sm" c="dimmed">
            {text.lastAdminHint}
          </Text>
          <UsersTable
            users={institution.users}
            currentUserId={currentUserId}
            now={now}
            busyUserIds={busyUserIds}
            onRoleChange={onRoleChange}
            onDelete={setToDelete}
            onResend={onResend}
          />
        </Section>

        {children}
      </Stack>

      <AppModal
        opened={isInviting}
        onClose={() => setIsInviting(false)}
        headline={text.invite.heading}
        isDismissable={!invite.isPending}
      >
        <InviteForm
          isSaving={invite.isPending}
          initialValues={inviteDraft}
          onValuesChange={setInviteDraft}
          refusedEmail={refusedEmail}
          onDirtyChange={unsaved.reporter('invitation')}
          onCancel={() => {
            setInviteDraft(EMPTY_INVITE_DRAFT);
            setIsInviting(false);
          }}
          onSubmit={(invitation) =>
            once(() =>
              invite.mutateAsync(invitation).then(
                (member) => {
                  onInstitutionChange((current) => appendUser(current, member));
                  notifySuccess(text.invite.success);
                  // An account of its own already (it can sign in, or carries other names than
                  // those typed): the admin is told who was added.
                  if (
                    member.hasAccountActivated ||
                    member.firstName !== invitation.firstName ||
                    member.lastName !== invitation.lastName
                  ) {
                    notifySuccess(
                      text.invite.existingAccount(`${member.firstName} ${member.lastName}`),
                    );
                  }
                  setInviteDraft(EMPTY_INVITE_DRAFT);
                  setIsInviting(false);
                },
                (error) => {
                  const isTaken = isApiError(error) && error.status === 409;
                  notifyError(isTaken ? text.invite.inUse : text.invite.failed);
                  if (isTaken) {
                    setRefusedEmail({ email: invitation.email, message: text.invite.inUse });
                  }
                },
              ),
            )
          }
        />
      </AppModal>

      <ConfirmModal
        opened={toDelete !== null}
        headline={text.remove.heading}
        confirmLabel={text.remove.confirm}
        cancelLabel={text.remove.cancel}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
        pending={deleteUser.isPending}
        confirmColor="red.9"
      >
        {toDelete && <Text>{text.remove.question(toDelete.firstName, toDelete.lastName)}</Text>}
        {toDelete?.id === currentUserId && (
          // Removing oneself ends one's own access: said before, not found out after.
          <Text mt="sm" fw={600}>
            {text.remove.selfWarning}
          </Text>
        )}
      </ConfirmModal>
    </>
  );
}
