import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Text.css';
import { Button, Group, Text, TextInput } from '@mantine/core';
import { emailAddress } from '@portal/contract';
import { type FormEvent, useState } from 'react';
import { type DirtyReport, useReportDirty } from '../../../lib/use-unsaved-parts';
import { account } from '../../../messages/de';

const text = account.email;

export interface EmailFormProps {
  currentEmail: string;
  isDisabled: boolean;
  isSaving: boolean;
  /** Resolves true when changed; the form clears then. */
  onSubmit(email: string): Promise<boolean>;
  /** Whether something typed is not saved yet. */
  onDirtyChange?: DirtyReport;
}

export function EmailForm({
  currentEmail,
  isDisabled,
  isSaving,
  onSubmit,
  onDirtyChange,
}: EmailFormProps) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  useReportDirty(email.trim() !== '', onDirtyChange);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The app never sends two changes at once.
    if (isSaving) return;
    const value = email.trim();
    // The server's rule (the contract's schema; this form loads with the lazy account page).
    if (!emailAddress.safeParse(value).success) return setError(text.invalid);
    if (value.toLowerCase() === currentEmail.toLowerCase()) return setError(text.same);
    setError(null);
    if (await onSubmit(value)) setEmail('');
  };

  return (
    <form onSubmit={submit} noValidate aria-label={text.heading}>
      <Text size="sm" mb="xs">
        {text.current}: <strong>{currentEmail}</strong>
      </Text>
      <TextInput
        label={text.label}
        type="email"
        autoComplete="email"
        value={email}
        error={error}
        disabled={isDisabled}
        onChange={(event) => setEmail(event.currentTarget.value)}
      />
      <Group justify="flex-end" mt="md">
        <Button type="submit" loading={isSaving} disabled={isDisabled}>
          {text.submit}
        </Button>
      </Group>
    </form>
  );
}
