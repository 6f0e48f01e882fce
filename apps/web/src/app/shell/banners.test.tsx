import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, TestProviders } from '../../test/render';
import {
  BackendDownBanner,
  ImpersonationRanOutBanner,
  InstitutionLoadErrorBar,
  RestrictedUserBanner,
} from './banners';

const RESTRICTED_TITLE =
  'Sie sind als technischer Nutzer angemeldet! Die Bedienung des Portals ist für diese Rolle nicht vorgesehen.';

describe('RestrictedUserBanner', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts down from 5 once a second and calls onElapsed once after 5000 ms', () => {
    const onElapsed = vi.fn();
    renderWithProviders(<RestrictedUserBanner onElapsed={onElapsed} />);

    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(RESTRICTED_TITLE);
    expect(alert).toHaveTextContent('Sie werden in 5 Sekunden automatisch ausgeloggt!');

    for (const seconds of [4, 3, 2, 1]) {
      act(() => vi.advanceTimersByTime(1000));
      expect(alert).toHaveTextContent(`Sie werden in ${seconds} Sekunden automatisch ausgeloggt!`);
      expect(onElapsed).not.toHaveBeenCalled();
    }
    act(() => vi.advanceTimersByTime(999));
    expect(onElapsed).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(alert).toHaveTextContent('Sie werden in 0 Sekunden automatisch ausgeloggt!');
    expect(onElapsed).toHaveBeenCalledTimes(1);

    act(() => vi.advanceTimersByTime(10_000));
    expect(onElapsed).toHaveBeenCalledTimes(1);
  });

  it('starts from the given seconds', () => {
    const onElapsed = vi.fn();
    renderWithProviders(<RestrictedUserBanner seconds={2} onElapsed={onElapsed} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Sie werden in 2 Sekunden');
    act(() => vi.advanceTimersByTime(2000));
    expect(onElapsed).toHaveBeenCalledTimes(1);
  });

  it('does not restart when re-rendered with a new callback, and calls the latest one once', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { rerender } = renderWithProviders(<RestrictedUserBanner onElapsed={first} />);
    act(() => vi.advanceTimersByTime(3000));
    rerender(
      <TestProviders>
        <RestrictedUserBanner onElapsed={second} />
      </TestProviders>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Sie werden in 2 Sekunden');
    act(() => vi.advanceTimersByTime(2000));
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('calls onElapsed once under StrictMode', () => {
    const onElapsed = vi.fn();
    renderWithProviders(
      <StrictMode>
        <RestrictedUserBanner onElapsed={onElapsed} />
      </StrictMode>,
    );
    act(() => vi.advanceTimersByTime(5000));
    expect(onElapsed).toHaveBeenCalledTimes(1);
  });

  it('stops when unmounted', () => {
    const onElapsed = vi.fn();
    const { unmount } = renderWithProviders(<RestrictedUserBanner onElapsed={onElapsed} />);
    act(() => vi.advanceTimersByTime(2000));
    unmount();
    act(() => vi.advanceTimersByTime(5000));
    expect(onElapsed).not.toHaveBeenCalled();
  });
});

describe('BackendDownBanner', () => {
  it('says the server cannot be reached', () => {
    renderWithProviders(<BackendDownBanner />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Der Server ist derzeit nicht erreichbar. Bitte versuchen Sie es später noch einmal.',
    );
  });
});

describe('InstitutionLoadErrorBar', () => {
  it("shows the institution load error, and 'Erneut laden' tries again", async () => {
    const onRetry = vi.fn();
    renderWithProviders(<InstitutionLoadErrorBar onRetry={onRetry} isRetrying={false} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(
      'Es ist ein Fehler beim Laden der Institution aufgetreten. Bitte versuchen Sie es später noch einmal.',
    );
    await userEvent.click(within(alert).getByRole('button', { name: 'Erneut laden' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});

describe('ImpersonationRanOutBanner', () => {
  const KEEPS =
    'Ihre Eingaben auf dieser Seite bleiben erhalten. Setzen Sie die Nachahmung von Max Weiß fort, um sie zu speichern, oder laden Sie die Seite neu, um als eigener User weiterzuarbeiten.';

  it('says the impersonation ran out, that the input stays, and resumes it', async () => {
    const onResume = vi.fn();
    renderWithProviders(<ImpersonationRanOutBanner name="Max Weiß" onResume={onResume} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Die Nachahmung ist abgelaufen');
    expect(alert).toHaveTextContent(KEEPS);
    await userEvent.click(within(alert).getByRole('button', { name: 'Nachahmung fortsetzen' }));
    expect(onResume).toHaveBeenCalledTimes(1);
  });

  it('says it was ended before its time when the renewal was refused early', () => {
    renderWithProviders(
      <ImpersonationRanOutBanner name="Max Weiß" onResume={() => {}} endedEarly />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Die Nachahmung wurde vor ihrem Ablauf beendet');
    expect(alert).not.toHaveTextContent('abgelaufen');
    expect(alert).toHaveTextContent(KEEPS);
  });
});
