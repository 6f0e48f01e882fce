import { createNotificationsStore } from '@mantine/notifications';
import { describe, expect, it } from 'vitest';
import {
  buildNotification,
  NOTIFICATION_AUTO_CLOSE_MS,
  notificationId,
  notificationsContainerProps,
  show,
} from './notifications';

describe('notificationsContainerProps', () => {
  it('places toasts bottom-right and closes them after 3000 ms', () => {
    expect(NOTIFICATION_AUTO_CLOSE_MS).toBe(3000);
    expect(notificationsContainerProps.position).toBe('bottom-right');
    expect(notificationsContainerProps.autoClose).toBe(3000);
  });
});

describe('buildNotification', () => {
  it('gives success toasts 3000 ms, bottom-right, teal, no live region of their own and a close button', () => {
    expect(buildNotification('success', 'Gespeichert.')).toMatchObject({
      id: 'success:Gespeichert.',
      message: 'Gespeichert.',
      autoClose: 3000,
      position: 'bottom-right',
      color: 'teal',
      role: 'none',
      withCloseButton: true,
    });
  });

  it('gives error toasts 3000 ms and an alert role', () => {
    expect(buildNotification('error', 'Fehlgeschlagen.')).toMatchObject({
      id: 'error:Fehlgeschlagen.',
      autoClose: 3000,
      color: 'red',
      role: 'alert',
    });
  });

  it('keeps persistent error toasts until dismissed with the close button', () => {
    const toast = buildNotification('error', "Es gab einen Konflikt mit der Kachel 'A'.", {
      persistent: true,
    });
    expect(toast.autoClose).toBe(false);
    expect(toast.withCloseButton).toBe(true);
    expect(toast.closeButtonProps).toMatchObject({ 'aria-label': 'Schließen' });
  });

  it('derives the same id from the same type and message only', () => {
    expect(notificationId('error', 'x')).toBe(notificationId('error', 'x'));
    expect(notificationId('error', 'x')).not.toBe(notificationId('success', 'x'));
    expect(notificationId('error', 'x')).not.toBe(notificationId('error', 'y'));
  });
});

describe('show (Mantine skips a toast already shown or queued)', () => {
  it('shows a message once while it is visible, and again after it closed', () => {
    const store = createNotificationsStore();
    show(buildNotification('success', 'Gespeichert.'), store);
    show(buildNotification('success', 'Gespeichert.'), store);
    show(buildNotification('error', 'Gespeichert.'), store);
    expect(store.getState().notifications.map((n) => n.id)).toEqual([
      'success:Gespeichert.',
      'error:Gespeichert.',
    ]);

    store.setState({ ...store.getState(), notifications: [] });
    show(buildNotification('success', 'Gespeichert.'), store);
    expect(store.getState().notifications).toHaveLength(1);
  });

  it('makes a shown transient error persistent when the same error comes persistent', () => {
    const store = createNotificationsStore();
    show(buildNotification('error', 'Kachel'), store);
    show(buildNotification('error', 'Kachel', { persistent: true }), store);
    const [only, ...rest] = store.getState().notifications;
    expect(rest).toHaveLength(0);
    expect(only?.autoClose).toBe(false);
  });

  it('counts queued toasts as present', () => {
    const store = createNotificationsStore();
    for (let i = 0; i < 6; i += 1) show(buildNotification('success', `m${i}`), store);
    expect(store.getState().queue.map((n) => n.id)).toEqual(['success:m5']);
    show(buildNotification('success', 'm5'), store);
    expect(store.getState().queue).toHaveLength(1);
  });
});
