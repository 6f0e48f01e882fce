import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import { Alert, Button, Text } from '@mantine/core';
import { app } from '../messages/de';

export interface LoadFailedProps {
  /** What could not be loaded, in German ('Die Aufträge konnten nicht geladen werden. …'). */
  message: string;
  /** Loads again (the query's `refetch`); the page stays, nothing else is reloaded. */
  onRetry(): void;
  /** A new try is under way: the button spins and cannot be pressed twice. */
  isRetrying: boolean;
  /** Smaller, for one part of a page (a section, a card) instead of its main content. */
  compact?: boolean;
  /**
   * Whether screen readers hear it at once (`role="alert"`, the default). Off where an alert
   * above already said what failed (the institution's error bar on Unternehmen): one
   * announcement, not two.
   */
  isAnnounced?: boolean;
}

/**
 * A load that failed (a 5xx, the connection lost on the way) where the page's content would be:
 * it says so in German and offers 'Erneut laden', instead of a blank page or section. One
 * component for every page (docs/decisions/018-failed-first-loads.md); 404 and 400 are answers
 * the pages treat themselves (not found, unknown), never this.
 */
export function LoadFailed({
  message,
  onRetry,
  isRetrying,
  compact = false,
  isAnnounced = true,
}: LoadFailedProps) {
  return (
    <Alert
      color="red"
      // Mantine's Alert is an alert unless told otherwise.
      role={isAnnounced ? 'alert' : 'note'}
      data-testid="load-failed"
      p={compact ? 'xs' : undefined}
    >
      <Text size="sm">{message}</Text>
      <Button
        mt={compact ? 'xs' : 'sm'}
        size={compact ? 'xs' : 'sm'}
        variant="default"
        loading={isRetrying}
        onClick={onRetry}
      >
        {app.loadAgain}
      </Button>
    </Alert>
  );
}
