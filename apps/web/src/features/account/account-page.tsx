import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { Alert, Button, Center, Group, Stack, Text } from '@mantine/core';
import { passwordUserInputs } from '@portal/contract';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { LeaveGuard } from '../../components/leave-guard';
import { LoadFailed } from '../../components/load-failed';
import { LoadingStatus } from '../../components/loading-status';
import { notifyError, notifySuccess } from '../../components/notifications';
import { type Breadcrumb, PageHeader } from '../../components/page-header';
import { isApiError } from '../../lib/api-client';
import { useSingleFlight } from '../../lib/use-single-flight';
import { useUnsavedParts } from '../../lib/use-unsaved-parts';
import { account } from '../../messages/de';
import { useAccountData, useUpdateAccountData } from './api/account-data';
import { useResendInvitation } from './api/resend-invitation';
import { postTwoFactorActivate, postTwoFactorDisable, postTwoFactorInit } from './api/two-factor';
import { useUpdateEmail } from './api/update-email';
import { postConfirmPassword, putPassword } from './api/update-password';
import { EmailForm } from './components/email-form';
import { PasswordConfirmationExpiredError, PasswordForm } from './components/password-form';
import { PersonalDataForm } from './components/personal-data-form';
import { Section } from './components/section';
import { TwoFactorSection } from './components/two-factor-section';

export interface AccountPageProps {
  userId: string;
  /** The current institution (for re-sending the invitation). */
  institutionId: string | null;
  /** Support staff acting as this user change no e-mail, password or two-factor settings. */
  isImpersonating: boolean;
  /**
   * An external identity provider holds e-mail, password and second factor (public config
   * `credentialsAtProvider`): their sections say so instead of offering a change.
   */
  credentialsAtProvider?: boolean;
  /** Whether the current token holds the realm role `2fa`. */
  readTwoFactorStatus(): Promise<boolean>;
  /** Forces a token renewal and reads the role `2fa` from the new token. */
  renewTwoFactorStatus(): Promise<boolean>;
  breadcrumbs?: Breadcrumb[];
  /** Names or e-mail changed: the app reloads the signed-in user (menu, initials). */
  onAccountChanged?: () => void;
}

const detailOf = (error: unknown, fallback: string) =>
  isApiError(error) && error.status < 500 && error.problem?.detail
    ? error.problem.detail
    : fallback;

/** Mein Konto: personal data, e-mail, password, two-factor authentication, invitation. */
export function AccountPage({
  userId,
  institutionId,
  isImpersonating,
  credentialsAtProvider = false,
  readTwoFactorStatus,
  renewTwoFactorStatus,
  breadcrumbs,
  onAccountChanged,
}: AccountPageProps) {
  const accountData = useAccountData(userId);
  const updateData = useUpdateAccountData(userId);
  const updateEmail = useUpdateEmail(userId);
  const resend = useResendInvitation();
  const once = useSingleFlight();
  const [isTwoFactorActive, setIsTwoFactorActive] = useState<boolean | null>(null);
  // Typed and not saved (names, a new e-mail address, a password): leaving asks first.
  const unsaved = useUnsavedParts();

  useEffect(() => {
    let isCurrent = true;
    void readTwoFactorStatus()
      .then((isActive) => isCurrent && setIsTwoFactorActive(isActive))
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, [readTwoFactorStatus]);

  const refreshTwoFactor = useCallback(async () => {
    setIsTwoFactorActive(await renewTwoFactorStatus());
  }, [renewTwoFactorStatus]);

  const data = accountData.data;
  // The same guessable words as the server's check (names and e-mail address parts).
  const passwordInputs = useMemo(() => (data ? passwordUserInputs(data) : []), [data]);
  const twoFactorMessage = (error: unknown) =>
    isApiError(error) && error.status === 429
      ? account.twoFactor.tooMany
      : isApiError(error) && error.status === 400
        ? // The server's word on the code (wrong, or right but used already), else 'ungültig'.
          (error.problem?.errors?.find((field) => field.path === 'body.otpCode')?.message ??
          account.twoFactor.codeInvalid)
        : detailOf(error, account.twoFactor.failed);

  return (
    <>
      <LeaveGuard isDirty={unsaved.isDirty} />
      <PageHeader title={account.title} breadcrumbs={breadcrumbs} />
      <Stack gap="lg" maw={880}>
        {isImpersonating && (
          <Alert color="yellow" role="status">
            {account.impersonation}
          </Alert>
        )}
        <Section title={account.personal.heading}>
          {accountData.isPending && (
            <Center>
              <LoadingStatus size="sm" label={account.personal.loading} />
            </Center>
          )}
          {!data && accountData.isError && (
            // Said, with another try: the page had shown the heading and nothing else (no names,
            // no e-mail, no password sections) without a word (docs/decisions/018).
            <LoadFailed
              message={account.personal.loadFailed}
              isRetrying={accountData.isFetching}
              onRetry={() => void accountData.refetch()}
            />
          )}
          {data && (
            <PersonalDataForm
              key={`${data.firstName}|${data.lastName}|${data.title}|${data.formOfAddress}`}
              data={data}
              isSaving={updateData.isPending}
              onDirtyChange={unsaved.reporter('personal')}
              onSave={(update) =>
                updateData.mutate(update, {
                  onSuccess: () => {
                    notifySuccess(account.personal.saved);
                    onAccountChanged?.();
                  },
                  onError: () => notifyError(account.personal.notSaved),
                })
              }
            />
          )}
        </Section>

        {data && credentialsAtProvider && (
          <Section title={account.atProvider.emailHeading}>
            <Text size="sm">
              {account.email.current}: <strong>{data.email}</strong>
            </Text>
            <Text size="sm">{account.atProvider.email}</Text>
          </Section>
        )}

        {data && credentialsAtProvider && (
          <Section title={account.atProvider.passwordHeading}>
            <Text size="sm">{account.atProvider.password}</Text>
          </Section>
        )}

        {data && !credentialsAtProvider && (
          <Section title={account.email.heading}>
            <EmailForm
              currentEmail={data.email}
              pendingEmail={data.pendingEmail}
              isDisabled={isImpersonating}
              isSaving={updateEmail.isPending}
              onDirtyChange={unsaved.reporter('email')}
              onSubmit={async (email, password) => {
                let confirmation: string;
                try {
                  confirmation = (await postConfirmPassword(password)).confirmation;
                } catch (error) {
                  return { passwordError: detailOf(error, account.password.currentWrong) };
                }
                try {
                  await updateEmail.mutateAsync({ email, confirmation });
                  notifySuccess(account.email.sent(email));
                  return 'sent';
                } catch (error) {
                  notifyError(
                    isApiError(error) && error.status === 409
                      ? account.email.inUse
                      : detailOf(error, account.email.failed),
                  );
                  return 'failed';
                }
              }}
            />
          </Section>
        )}

        {data && !credentialsAtProvider && (
          <Section title={account.password.heading}>
            <PasswordForm
              isDisabled={isImpersonating}
              userInputs={passwordInputs}
              onDirtyChange={unsaved.reporter('password')}
              confirm={async (current) => {
                try {
                  return (await postConfirmPassword(current)).confirmation;
                } catch (error) {
                  throw new Error(detailOf(error, account.password.currentWrong));
                }
              }}
              save={async (password, confirmation) => {
                try {
                  await putPassword(password, confirmation);
                  notifySuccess(account.password.changed);
                  return true;
                } catch (error) {
                  // 403: the confirmation has expired or was used up; confirm again.
                  if (isApiError(error) && error.status === 403) {
                    throw new PasswordConfirmationExpiredError(
                      detailOf(error, account.password.confirmationExpired),
                    );
                  }
                  throw new Error(detailOf(error, account.password.failed));
                }
              }}
            />
          </Section>
        )}

        <Section title={account.twoFactor.heading}>
          <TwoFactorSection
            isActive={isTwoFactorActive}
            isDisabled={isImpersonating}
            managedElsewhere={credentialsAtProvider ? account.atProvider.twoFactor : undefined}
            onInit={async () => {
              try {
                return await postTwoFactorInit();
              } catch (error) {
                throw new Error(twoFactorMessage(error));
              }
            }}
            onActivate={async (otpSecret, otpCode) => {
              try {
                await postTwoFactorActivate({ otpSecret, otpCode });
              } catch (error) {
                throw new Error(twoFactorMessage(error));
              }
              await refreshTwoFactor();
              notifySuccess(account.twoFactor.activated);
            }}
            onDisable={async (otpCode) => {
              try {
                await postTwoFactorDisable(otpCode);
              } catch (error) {
                throw new Error(twoFactorMessage(error));
              }
              await refreshTwoFactor();
              notifySuccess(account.twoFactor.disabled);
            }}
          />
        </Section>

        {data && (
          <Section title={account.invitation.heading}>
            <Text size="sm" data-testid="invitation-state">
              {data.hasAccountActivated ? account.invitation.activated : account.invitation.pending}
            </Text>
            {!data.hasAccountActivated && institutionId && (
              <Group>
                <Button
                  variant="light"
                  loading={resend.isPending}
                  onClick={() =>
                    // One mail for a double click: each new mail voids the link of the one before.
                    once(() =>
                      resend.mutateAsync({ institutionId, userId }).then(
                        () => notifySuccess(account.invitation.resent),
                        () => notifyError(account.invitation.failed),
                      ),
                    )
                  }
                >
                  {account.invitation.resend}
                </Button>
              </Group>
            )}
          </Section>
        )}
      </Stack>
    </>
  );
}
