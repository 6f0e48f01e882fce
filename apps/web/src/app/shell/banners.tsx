import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle, IconPlugConnectedX, IconUserExclamation } from '@tabler/icons-react';
import { shell } from '../../messages/de/shell';
import { RESTRICTED_USER_COUNTDOWN_SECONDS, useCountdown } from './countdown';

const iconProps = { size: 22, stroke: 1.75, 'aria-hidden': true } as const;

/** Shown while the health check fails: the server cannot be reached. */
export function BackendDownBanner() {
  return (
    <Alert
      role="alert"
      variant="light"
      color="red"
      radius="md"
      title={shell.banners.backendDownTitle}
      icon={<IconPlugConnectedX {...iconProps} />}
    >
      {shell.banners.backendDown}
    </Alert>
  );
}

export interface RestrictedUserBannerProps {
  /** Seconds until the automatic logout; 5 unless given. */
  seconds?: number;
  /** Called exactly once when the countdown reaches 0 (the app logs the user out). */
  onElapsed(): void;
}

/** A technical user signed in: says so and logs out automatically after the countdown. */
export function RestrictedUserBanner({
  seconds = RESTRICTED_USER_COUNTDOWN_SECONDS,
  onElapsed,
}: RestrictedUserBannerProps) {
  const remaining = useCountdown(seconds, onElapsed);
  return (
    <Alert
      role="alert"
      variant="filled"
      color="red.9"
      radius="md"
      title={shell.banners.restrictedUserTitle}
      icon={<IconUserExclamation {...iconProps} />}
    >
      {/* Announced once with the alert; the per-second updates stay silent. */}
      <Text span inherit aria-live="off" data-testid="restricted-user-countdown">
        {shell.banners.restrictedUserSubtitle(remaining)}
      </Text>
    </Alert>
  );
}

/** Loading the current institution failed. */
export function InstitutionLoadErrorBar() {
  return (
    <Alert
      role="alert"
      variant="light"
      color="red"
      radius="md"
      icon={<IconAlertTriangle {...iconProps} />}
    >
      {shell.banners.institutionLoadError}
    </Alert>
  );
}
