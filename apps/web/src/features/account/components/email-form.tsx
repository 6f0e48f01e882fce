import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Text.css';
import { Button, Group, PasswordInput, Text, TextInput } from '@mantine/core';
import { emailAddress } from '@portal/contract';
import { type FormEvent, useRef, useState } from 'react';
import { type DirtyReport, useReportDirty } from '../../../lib/use-unsaved-parts';
import { account } from '../../../messages/de';

const text = account.email;

/** What became of a submitted change: asked for, refused for the password, or failed. */
export type EmailSubmitResult = 'sent' | { passwordError: string } | 'failed';

export interface EmailFormProps {
  currentEmail: string;
  /** The new address that waits for its link to be opened, if any. */
  pendingEmail?: string | null;
  isDisabled: boolean;
  isSaving: boolean;
  /** Asks for the change with the current password; the form clears when it was sent. */
  onSubmit(email: string, password: string): Promise<EmailSubmitResult>;
  /** Whether something typed is not saved yet. */
  onDirtyChange?: DirtyReport;
}

/**
 * A new sign-in address, asked for with the current password. It applies once the link mailed
 * to it is opened; until then the form shows it as waiting.
 */
export function EmailForm({
  currentEmail,
  pendingEmail,
  isDisabled,
  isSaving,
  onSubmit,
  onDirtyChange,
}: EmailFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  // From the password's confirmation to the change's answer (two requests).
  const [isSending, setIsSending] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  useReportDirty(email.trim() !== '' || password !== '', onDirtyChange);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The app never sends two changes at once.
    if (isSaving || isSending) return;
    const value = email.trim();
    // The server's rule (the contract's schema; this form loads with the lazy account page).
    const emailProblem = !emailAddress.safeParse(value).success
      ? text.invalid
      : value.toLowerCase() === currentEmail.toLowerCase()
        ? text.same
        : null;
    const passwordProblem = password === '' ? text.passwordMissing : null;
    setError(emailProblem);
    setPasswordError(passwordProblem);
    if (emailProblem) return emailRef.current?.focus();
    if (passwordProblem) return passwordRef.current?.focus();
    setIsSending(true);
    const result = await onSubmit(value, password).finally(() => setIsSending(false));
    if (result === 'sent') {
      setEmail('');
      setPassword('');
    } else if (result !== 'failed') {
      setPasswordError(result.passwordError);
      passwordRef.current?.focus();
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={text.heading}>
      <Text size="sm" mb="xs">
        {text.current}: <strong>{currentEmail}</strong>
      </Text>
      {pendingEmail && (
        <Text size="sm" mb="xs" data-testid="pending-email">
          {text.pending}: <strong>{pendingEmail}</strong>. {text.pendingHint}
        </Text>
      )}
      <TextInput
        ref={emailRef}
        label={text.label}
        type="email"
        autoComplete="email"
        value={email}
        error={error}
        disabled={isDisabled}
        onChange={(event) => setEmail(event.currentTarget.value)}
      />
      <PasswordInput
        ref={passwordRef}
        mt="sm"
        label={text.passwordLabel}
        description={text.passwordHint}
        autoComplete="current-password"
        value={password}
        error={passwordError}
        disabled={isDisabled}
        onChange={(event) => setPassword(event.currentTarget.value)}
      />
      <Group justify="flex-end" mt="md">
        <Button type="submit" loading={isSaving || isSending} disabled={isDisabled}>
          {text.submit}
        </Button>
      </Group>
    </form>
  );
}
