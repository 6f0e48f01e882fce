import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import {
  type NotificationData,
  Notifications,
  type NotificationsProps,
  type NotificationsStore,
  notifications,
  notificationsStore,
} from '@mantine/notifications';
import { shell } from '../messages/de/shell';
import classes from './notifications.module.css';
import { registerNotificationsContainer } from './notifications-host';

/** Notifications close after 3000 ms and appear bottom-right (error toasts of tile operations stay). */
export const NOTIFICATION_AUTO_CLOSE_MS = 3000;
export const NOTIFICATION_POSITION = 'bottom-right' as const;

/**
 * Props for the one `<Notifications>` container. The stack sits above the floating help button
 * (which takes the bottom-right corner), so neither hides the other. The container is a polite
 * live region: it is in the page before any toast (mounted once a feature that notifies has
 * loaded), and screen readers announce what is added to a live region that is already there,
 * but mostly not a region inserted together with its text, as each toast was.
 */
export const notificationsContainerProps = {
  position: NOTIFICATION_POSITION,
  autoClose: NOTIFICATION_AUTO_CLOSE_MS,
  limit: 5,
  zIndex: 400,
  classNames: { root: classes.root },
  'aria-live': 'polite',
} as const satisfies NotificationsProps;

/** The notifications container, configured; mount it once inside the MantineProvider. */
export function AppNotifications() {
  return <Notifications {...notificationsContainerProps} />;
}

// Importing this module (to notify) mounts the container in AppProviders' NotificationsHost.
registerNotificationsContainer(AppNotifications);

export type NotificationKind = 'success' | 'error';

export interface NotifyOptions {
  /** Stays until dismissed with the close button (error toasts of tile operations). */
  persistent?: boolean;
}

/** Same kind and message give the same id: a toast already shown is not shown a second time. */
export function notificationId(kind: NotificationKind, message: string): string {
  return `${kind}:${message}`;
}

/** The options of one toast (pure, so the rules are testable without the store). */
export function buildNotification(
  kind: NotificationKind,
  message: string,
  { persistent = false }: NotifyOptions = {},
): NotificationData {
  return {
    id: notificationId(kind, message),
    message,
    color: kind === 'success' ? 'teal' : 'red',
    position: NOTIFICATION_POSITION,
    autoClose: persistent ? false : NOTIFICATION_AUTO_CLOSE_MS,
    withCloseButton: true,
    closeButtonProps: { 'aria-label': shell.common.close },
    // Errors interrupt (an alert is announced as it appears). A success is read out as an
    // addition to the container's polite live region; a status role of its own would make the
    // new toast a live region inserted with its text, which screen readers mostly skip.
    role: kind === 'error' ? 'alert' : 'none',
  };
}

/**
 * Shows a toast. Mantine's store already skips a toast whose id is shown or queued (the id is
 * kind + message); a persistent one also turns an equal transient toast persistent.
 */
export function show(
  notification: NotificationData,
  store: NotificationsStore = notificationsStore,
): string {
  const id = notifications.show(notification, store);
  if (notification.autoClose === false) notifications.update(notification, store);
  return id;
}

/** A success toast (3000 ms). */
export function notifySuccess(message: string): string {
  return show(buildNotification('success', message));
}

/** An error toast (3000 ms, or until dismissed with `persistent`, e.g. for tile operations). */
export function notifyError(message: string, options: NotifyOptions = {}): string {
  return show(buildNotification('error', message, options));
}
