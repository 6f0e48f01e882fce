import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate, useSearchParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { AnalyticsConsentSettings, AnalyticsController } from './analytics';
import { CONSENT_STORAGE_KEY } from './analytics-model';

/** Analytics configured for this host (jsdom: localhost). */
const config = (analyticsPersonalData?: boolean) => ({
  analytics: { localhost: '4' },
  analyticsUrl: 'https://matomo.example.org',
  ...(analyticsPersonalData === undefined ? {} : { analyticsPersonalData }),
});

const banner = () =>
  screen.queryByRole('region', { name: 'Ihre Einwilligung zur Nutzungsanalyse' });

describe('the consent banner says what is sent (decision 008)', () => {
  afterEach(() => localStorage.clear());

  it('by default: a pseudonym instead of the name', () => {
    renderWithProviders(<AnalyticsController config={config()} />);
    expect(banner()).toHaveTextContent('eine pseudonyme Kennung statt Ihres Namens');
    expect(banner()).not.toHaveTextContent('E-Mail-Adresse');
  });

  it('with ANALYTICS_PERSONAL_DATA: name and e-mail address, and asks again whoever agreed to the pseudonymous kind only', async () => {
    localStorage.setItem(CONSENT_STORAGE_KEY, 'granted');
    renderWithProviders(<AnalyticsController config={config(true)} />);
    expect(banner()).toHaveTextContent(
      'Dabei werden Ihr Name, Ihre E-Mail-Adresse und eine pseudonyme Kennung übermittelt.',
    );
    expect(banner()).not.toHaveTextContent('statt Ihres Namens');
    await userEvent.click(screen.getByRole('button', { name: 'Zustimmen' }));
    expect(banner()).toBeNull();
    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).not.toBe('granted');
  });

  it('a consent given while name and e-mail were named still counts when they are switched off', () => {
    localStorage.setItem(CONSENT_STORAGE_KEY, 'granted-personal');
    renderWithProviders(<AnalyticsController config={config(false)} />);
    expect(banner()).toBeNull();
  });

  it("the Datenschutz settings say so too, where the operator's text may describe the default only", () => {
    const { unmount } = renderWithProviders(<AnalyticsConsentSettings config={config(true)} />);
    expect(screen.getByRole('region', { name: 'Nutzungsanalyse' })).toHaveTextContent(
      'Übermittelt werden auch Ihr Name und Ihre E-Mail-Adresse',
    );
    unmount();
    renderWithProviders(<AnalyticsConsentSettings config={config()} />);
    expect(screen.getByRole('region', { name: 'Nutzungsanalyse' })).not.toHaveTextContent(
      'E-Mail-Adresse',
    );
  });
});

describe('page views', () => {
  // What earlier tests' pages counted is not this test's.
  beforeEach(() => {
    window._paq = [];
  });
  afterEach(() => localStorage.clear());

  /** A list's filter written to the address in place, and links to other pages. */
  function OrdersLikePage() {
    const [, setParams] = useSearchParams();
    const navigate = useNavigate();
    return (
      <>
        <button
          type="button"
          onClick={() => setParams({ createdFrom: '2026-11-01' }, { replace: true })}
        >
          ab 01.11.
        </button>
        <button
          type="button"
          onClick={() => setParams({ createdFrom: '2026-11-15' }, { replace: true })}
        >
          ab 15.11.
        </button>
        <button type="button" onClick={() => navigate('/orders/ti/status/4711')}>
          Status
        </button>
        <button type="button" onClick={() => navigate('/document?documentType=forms')}>
          Formulare
        </button>
      </>
    );
  }

  const viewedUrls = () => {
    const commands = window._paq ?? [];
    return commands.flatMap((command, index) =>
      command[0] === 'trackPageView'
        ? [String(commands.slice(0, index).findLast((c) => c[0] === 'setCustomUrl')?.[1])]
        : [],
    );
  };

  it("counts a page once: changes of a filter such as 'Angelegt ab' are no page views, a new page or document type is", async () => {
    localStorage.setItem(CONSENT_STORAGE_KEY, 'granted');
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <AnalyticsController config={config()} />
        <OrdersLikePage />
      </>,
      { route: '/orders' },
    );
    await waitFor(() => expect(viewedUrls()).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'ab 01.11.' }));
    await user.click(screen.getByRole('button', { name: 'ab 15.11.' }));
    await user.click(screen.getByRole('button', { name: 'Status' }));
    await waitFor(() => expect(viewedUrls()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Formulare' }));
    await waitFor(() => expect(viewedUrls()).toHaveLength(3));
    expect(viewedUrls()).toEqual([
      `${window.location.origin}/orders`,
      `${window.location.origin}/orders/ti/status/4711`,
      `${window.location.origin}/document?documentType=forms`,
    ]);
  });
});
