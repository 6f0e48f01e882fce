import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Text.css';
import { Progress, Text } from '@mantine/core';
import { account } from '../../../messages/de';
import { strengthLabel } from '../model/password-strength';

const COLORS = ['red', 'red', 'orange', 'teal', 'green'] as const;

/** The strength of the password being typed (zxcvbn score 0–4), as a bar and in words. */
export function PasswordStrengthMeter({ score, id }: { score: number | null; id: string }) {
  if (score === null) return null;
  return (
    <div>
      <div aria-hidden="true">
        <Progress value={((score + 1) / 5) * 100} color={COLORS[score]} size="sm" mt={6} />
      </div>
      <Text size="sm" mt={4} id={id} aria-live="polite">
        {account.password.strengthLabel}: {strengthLabel(score)}
      </Text>
    </div>
  );
}
