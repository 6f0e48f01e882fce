import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { TOUCH_QUERY, TwoFactorSection } from './two-factor-section';

const URI = 'otpauth://totp/Institutionsportal:anna?secret=JBSWY3DPEHPK3PXP';

/** The browser answers `query` as given (jsdom has no media queries of its own). */
function mediaMatches(matching: string | null) {
  return vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) =>
      ({
        matches: query === matching,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

async function startSetUp() {
  renderWithProviders(
    <TwoFactorSection
      isActive={false}
      isDisabled={false}
      onInit={async () => ({ otpSecret: 'JBSWY3DPEHPK3PXP', otpAuthUri: URI })}
      onActivate={async () => {}}
      onDisable={async () => {}}
    />,
  );
  await userEvent.click(
    screen.getByRole('button', { name: 'Zwei-Faktor-Authentifizierung einrichten' }),
  );
  await screen.findByTestId('otp-secret');
}

describe('TwoFactorSection', () => {
  afterEach(() => vi.restoreAllMocks());

  it('on a touch screen hands the key to the authenticator app on the same device', async () => {
    // A phone cannot scan the QR code on its own screen.
    mediaMatches(TOUCH_QUERY);
    await startSetUp();
    expect(screen.getByRole('link', { name: 'In der Authenticator-App öffnen' })).toHaveAttribute(
      'href',
      URI,
    );
  });

  it('with a mouse shows the QR code and the key only', async () => {
    mediaMatches(null);
    await startSetUp();
    // The QR code is drawn once its module loaded (lazily; slower under load).
    expect(await screen.findByTestId('otp-qr')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'In der Authenticator-App öffnen' })).toBeNull();
  });
});
