import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Text.css';
import { Progress, Text } from '@mantine/core';
import { account } from '../../../messages/de';
import { strengthLabel } from '../model/password-strength';

const COLORS = ['red', 'red', 'orange', 'teal', 'green'] as const;

/**
 * The strength of the password being typed (zxcvbn score 0–4), as a bar and in words; part of
 * the new-password field's description, so the words are read with the field.
 */
export function PasswordStrengthMeter({ score }: { score: number | null }) {
  if (score === null) return null;
  return (
    <div>
      <div aria-hidden="true">
        <Progress value={((score + 1) / 5) * 100} color={COLORS[score]} size="sm" mt={6} />
      </div>
      <Text size="sm" mt={4} aria-live="polite">
        {account.password.strengthLabel}: {strengthLabel(score)}
      </Text>
    </div>
  );
}
