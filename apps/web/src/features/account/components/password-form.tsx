import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { type DirtyReport, useReportDirty } from '../../../lib/use-unsaved-parts';
import { account } from '../../../messages/de';
import {
  loadStrengthChecker,
  passwordRuleMessage,
  type StrengthChecker,
} from '../model/password-strength';
import { PasswordStrengthMeter } from './password-strength-meter';
import { useFocusAfterRender } from './use-focus-after-render';

const text = account.password;
/** Mantine's show/hide button says "Toggle password visibility" unless told otherwise. */
const visibilityToggle = { 'aria-label': text.showPassword };

/**
 * Thrown by `save` when the server no longer accepts the confirmation (valid five minutes,
 * usable once): the form returns to the current password and shows the message there.
 */
export class PasswordConfirmationExpiredError extends Error {}

export interface PasswordFormProps {
  isDisabled: boolean;
  /** The user's names and e-mail: guessable parts of a password. */
  userInputs: string[];
  /** Step one: resolves the confirmation, or throws with a German message. */
  confirm(currentPassword: string): Promise<string>;
  /**
   * Step two: resolves true when saved; throws with a German message otherwise, a
   * PasswordConfirmationExpiredError when the current password has to be confirmed again.
   */
  save(password: string, confirmation: string): Promise<boolean>;
  /** Whether something typed is not saved yet. */
  onDirtyChange?: DirtyReport;
}

/** The current password first, then the new one twice with its strength shown while typing. */
export function PasswordForm({
  isDisabled,
  userInputs,
  confirm,
  save,
  onDirtyChange,
}: PasswordFormProps) {
  const [current, setCurrent] = useState('');
  const [confirmation, setConfirmation] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [repeatError, setRepeatError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [checker, setChecker] = useState<StrengthChecker | null>(null);
  useReportDirty(current !== '' || password !== '' || repeat !== '', onDirtyChange);
  const currentInput = useRef<HTMLInputElement>(null);
  const newInput = useRef<HTMLInputElement>(null);
  // Weiter leads into the new password, Abbrechen (or an expired confirmation) back.
  const focusAfterRender = useFocusAfterRender();

  useEffect(() => {
    if (confirmation === null || checker) return;
    let isCurrent = true;
    void loadStrengthChecker().then((loaded) => {
      if (isCurrent) setChecker(() => loaded);
    });
    return () => {
      isCurrent = false;
    };
  }, [confirmation, checker]);

  const score = checker && password ? checker(password, userInputs) : null;

  const reset = () => {
    setCurrent('');
    setConfirmation(null);
    setPassword('');
    setRepeat('');
    setError(null);
    setRepeatError(null);
  };

  const submitCurrent = async (event: FormEvent) => {
    event.preventDefault();
    if (!current || isBusy) return;
    setIsBusy(true);
    try {
      setConfirmation(await confirm(current));
      focusAfterRender(newInput);
      setError(null);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : text.currentWrong);
    } finally {
      setIsBusy(false);
    }
  };

  const submitNew = async (event: FormEvent) => {
    event.preventDefault();
    if (!confirmation || isBusy) return;
    const rule = passwordRuleMessage(password, score, userInputs);
    setError(rule);
    setRepeatError(!rule && password !== repeat ? text.differ : null);
    if (rule || password !== repeat) return;
    setIsBusy(true);
    try {
      if (await save(password, confirmation)) reset();
    } catch (failure) {
      if (failure instanceof PasswordConfirmationExpiredError) {
        // Back to step one; the new password stays typed in for after the confirmation.
        setCurrent('');
        setConfirmation(null);
        focusAfterRender(currentInput);
      }
      setError(failure instanceof Error ? failure.message : text.failed);
    } finally {
      setIsBusy(false);
    }
  };

  if (confirmation === null) {
    return (
      <form onSubmit={submitCurrent} noValidate aria-label={text.heading}>
        <Text size="sm" mb="xs">
          {text.confirmIntro}
        </Text>
        <PasswordInput
          ref={currentInput}
          label={text.currentLabel}
          autoComplete="current-password"
          value={current}
          error={error}
          disabled={isDisabled}
          visibilityToggleButtonProps={visibilityToggle}
          onChange={(event) => setCurrent(event.currentTarget.value)}
        />
        <Group justify="flex-end" mt="md">
          <Button type="submit" loading={isBusy} disabled={isDisabled || !current}>
            {text.confirm}
          </Button>
        </Group>
      </form>
    );
  }

  return (
    <form onSubmit={submitNew} noValidate aria-label={text.heading}>
      <Stack gap="sm">
        {/* Rules and strength as the field's description: Mantine's PasswordInput sets
            aria-describedby itself (description and error), so only this links them. */}
        <PasswordInput
          label={text.newLabel}
          autoComplete="new-password"
          value={password}
          error={error}
          description={
            <>
              {text.rules}
              <PasswordStrengthMeter score={score} />
            </>
          }
          descriptionProps={{ component: 'div' }}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          visibilityToggleButtonProps={visibilityToggle}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            setError(null);
          }}
          ref={newInput}
        />
        <PasswordInput
          label={text.repeatLabel}
          autoComplete="new-password"
          value={repeat}
          error={repeatError}
          visibilityToggleButtonProps={visibilityToggle}
          onChange={(event) => {
            setRepeat(event.currentTarget.value);
            setRepeatError(null);
          }}
        />
      </Stack>
      <Group justify="flex-end" mt="md">
        <Button
          variant="default"
          onClick={() => {
            reset();
            focusAfterRender(currentInput);
          }}
          disabled={isBusy}
        >
          {text.cancel}
        </Button>
        <Button type="submit" loading={isBusy}>
          {text.submit}
        </Button>
      </Group>
    </form>
  );
}
