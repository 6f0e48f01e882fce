import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { AppNotifications, notifyError, notifySuccess } from './notifications';

describe('toasts and screen readers', () => {
  it('adds each toast to a polite live region that is there before it, so that it is heard', async () => {
    renderWithProviders(<AppNotifications />);
    const regions = () =>
      Array.from(document.querySelectorAll<HTMLElement>('[aria-live="polite"]'));
    const before = regions();
    expect(before.length).toBeGreaterThan(0);
    act(() => {
      notifySuccess('Einstellungen wurden übernommen.');
    });
    const success = await screen.findByText('Einstellungen wurden übernommen.');
    // In a region that was already there, and no live region of its own in between.
    const region = success.closest<HTMLElement>('[aria-live]');
    expect(before).toContain(region);
    expect(success.closest('[role="status"], [role="alert"]')).toBeNull();
    // An error is an alert, announced as it appears.
    act(() => {
      notifyError('Daten wurden nicht gespeichert.');
    });
    const error = await screen.findByText('Daten wurden nicht gespeichert.');
    expect(error.closest('[role="alert"]')).not.toBeNull();
  });
});
