import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Button.css';
import { Alert, Button, Text } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconLogin2,
  IconPlugConnectedX,
  IconRefresh,
  IconUserExclamation,
  IconUserShare,
} from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { app } from '../../messages/de/app';
import { shell } from '../../messages/de/shell';

/** Restricted-user auto-logout: counts down from 5, one step per second (5000 ms in total). */
export const RESTRICTED_USER_COUNTDOWN_SECONDS = 5;

/**
 * Seconds left of a countdown that starts on mount (Mantine's `useInterval`, one step per
 * second); `onElapsed` runs exactly once at 0, and a new callback identity does not restart it.
 */
export function useCountdown(from: number, onElapsed: () => void, stepMs = 1000) {
  const [remaining, setRemaining] = useState(() => Math.max(0, Math.floor(from)));
  const onElapsedRef = useRef(onElapsed);
  const hasElapsedRef = useRef(false);
  useEffect(() => {
    onElapsedRef.current = onElapsed;
  }, [onElapsed]);
  const interval = useInterval(() => setRemaining((left) => Math.max(0, left - 1)), stepMs, {
    autoInvoke: true,
  });
  const { stop } = interval;
  useEffect(() => {
    if (remaining > 0 || hasElapsedRef.current) return;
    hasElapsedRef.current = true;
    stop();
    onElapsedRef.current();
  }, [remaining, stop]);
  return remaining;
}

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

/**
 * Loading the current institution failed: the spec's text, and 'Erneut laden' (the next try had
 * waited for the minute's refresh check, or a reload of the whole page).
 */
export function InstitutionLoadErrorBar({
  onRetry,
  isRetrying,
}: {
  onRetry(): void;
  isRetrying: boolean;
}) {
  return (
    <Alert
      role="alert"
      variant="light"
      color="red"
      radius="md"
      icon={<IconAlertTriangle {...iconProps} />}
    >
      {shell.banners.institutionLoadError}
      <div>
        <Button mt="xs" size="xs" variant="default" loading={isRetrying} onClick={onRetry}>
          {app.loadAgain}
        </Button>
      </div>
    </Alert>
  );
}

/**
 * The person's access to the institution the page showed changed elsewhere (removed from it,
 * another role): says so until closed.
 */
export function AccessChangedBanner({ text, onClose }: { text: string; onClose(): void }) {
  return (
    <Alert
      role="alert"
      variant="light"
      color="yellow"
      radius="md"
      icon={<IconUserExclamation {...iconProps} />}
      withCloseButton
      closeButtonLabel={app.access.close}
      onClose={onClose}
    >
      {text}
    </Alert>
  );
}

interface SessionBannerProps {
  title: string;
  text: string;
  icon: ReactNode;
  /** The one way on (reload, sign in again): a button under the text. */
  action: { label: string; onClick(): void; isLoading?: boolean; variant?: 'filled' | 'light' };
}

/** A red banner about this page's sign-in: what happened, and a button for the way on. */
function SessionBanner({ title, text, icon, action }: SessionBannerProps) {
  return (
    <Alert role="alert" variant="light" color="red" radius="md" title={title} icon={icon}>
      <Text inherit>{text}</Text>
      <Button
        mt="xs"
        size="compact-sm"
        variant={action.variant ?? 'filled'}
        onClick={action.onClick}
        loading={action.isLoading}
      >
        {action.label}
      </Button>
    </Alert>
  );
}

/**
 * Another tab started or ended an impersonation or signed out while this page stayed (its
 * unsaved input made the person cancel the reload): the page sends nothing more, and says why.
 */
export function StaleSessionBanner() {
  return (
    <SessionBanner
      title={shell.banners.staleSessionTitle}
      text={shell.banners.staleSession}
      icon={<IconRefresh {...iconProps} />}
      action={{ label: app.reload, onClick: () => window.location.reload(), variant: 'light' }}
    />
  );
}

export interface SignedOutBannerProps {
  /** Opens the sign-in window (Session.signInAgain); a click, so that no pop-up blocker stops it. */
  onSignIn(): void;
  /** While the sign-in window is open. */
  isSigningIn?: boolean;
}

/**
 * The session ended (it ran out, or another tab signed out) while the page held unsaved input:
 * the page stays with the input, and signing in again happens in a window of its own.
 */
export function SignedOutBanner({ onSignIn, isSigningIn = false }: SignedOutBannerProps) {
  return (
    <SessionBanner
      title={shell.banners.signedOutTitle}
      text={shell.banners.signedOut}
      icon={<IconLogin2 {...iconProps} />}
      action={{ label: app.signInAgain, onClick: onSignIn, isLoading: isSigningIn }}
    />
  );
}

export interface ImpersonationRanOutBannerProps {
  /** The customer's user the page acts as. */
  name: string;
  /** Starts the same impersonation again (Session.resumeImpersonation). */
  onResume(): void;
  isResuming?: boolean;
  /** The provider refused its renewal well before its end: it did not run out, it was ended. */
  endedEarly?: boolean;
}

/**
 * The impersonation ran out while the page held unsaved input: the page stays with the input
 * (nothing is sent), and the same impersonation can be started again to save it.
 */
export function ImpersonationRanOutBanner({
  name,
  onResume,
  isResuming = false,
  endedEarly = false,
}: ImpersonationRanOutBannerProps) {
  return (
    <SessionBanner
      title={
        endedEarly
          ? shell.banners.impersonationEndedEarlyTitle
          : shell.banners.impersonationRanOutTitle
      }
      text={shell.banners.impersonationRanOut(name)}
      icon={<IconUserShare {...iconProps} />}
      action={{
        label: shell.banners.resumeImpersonation,
        onClick: onResume,
        isLoading: isResuming,
      }}
    />
  );
}
