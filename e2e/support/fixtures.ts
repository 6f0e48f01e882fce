import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page } from '@playwright/test';

import {
  DEMO_EMAILS,
  DEMO_INSTITUTIONS,
  DEMO_PASSWORD,
  DEMO_TOTP_SECRET,
} from '../../apps/server/src/db/seed/demo-ids';

// The demo data's ids, e-mails and secrets, from the seed itself (shared/demo-data.md).
export { DEMO_INSTITUTIONS, DEMO_PASSWORD, DEMO_TOTP_SECRET };
/** The demo accounts' e-mail addresses (README, Demo accounts). */
export const ACCOUNTS = DEMO_EMAILS;

/**
 * Waits until no finite CSS transition or animation runs (a modal fading in or out): axe would
 * measure the contrast of half-transparent text. Spinners (infinite) are ignored.
 */
async function settleTransitions(page: Page) {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' ||
              animation.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
          ),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
}

/** Fails the test when axe finds WCAG 2.1 A/AA violations on the page as it is now. */
export async function expectNoAxeViolations(page: Page) {
  await settleTransitions(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n    ${violation.nodes
        .slice(0, 5)
        .map((node) => node.target.join(' '))
        .join('\n    ')}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/** Fills the real sign-in page of the identity provider. */
export async function submitSignIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await expect(page).toHaveURL(/\/auth\/realms\/portal\//);
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort').fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

/** Opens `path`, signs in through the real page and waits until the app is back. */
export async function signIn(page: Page, email: string, path = '/') {
  await page.goto(path);
  await submitSignIn(page, email);
  await expect(page).not.toHaveURL(/\/auth\/realms\//);
}

/**
 * A full-page screenshot for people to look at (not compared): `$SHOTS_DIR/<area>/<name>.png`,
 * by default under the system's temporary folder; `SHOTS=0` skips them.
 */
export async function screenshot(page: Page, area: string, name: string) {
  if (process.env.SHOTS === '0') return;
  const folder = path.join(process.env.SHOTS_DIR ?? path.join(tmpdir(), 'portal-shots'), area);
  // Transitions finished (a dialog still fading in looked half transparent in the picture).
  await page.screenshot({
    path: path.join(folder, `${name}.png`),
    fullPage: true,
    animations: 'disabled',
  });
}

/** One layout shift as Chrome reports it for Cumulative Layout Shift. */
export interface LayoutShift {
  value: number;
  sources: string[];
}

/**
 * Reloads the page with the API answers matching `delayed` held back (as from a busy server),
 * waits for `ready` and the network to settle, and returns every layout shift of that load
 * that CLS counts (shifts right after input are not). A page that opens with loading states
 * and then grows has shifts here.
 */
export async function layoutShiftsOfReload(
  page: Page,
  delayed: RegExp,
  ready: () => Promise<void>,
  delayMs = 400,
): Promise<{ total: number; shifts: LayoutShift[] }> {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    (window as unknown as { shifts: typeof shifts }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node }[];
      }[]) {
        if (entry.hadRecentInput) continue;
        shifts.push({
          value: entry.value,
          sources: entry.sources.map((source) => source.node?.nodeName ?? '?'),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.route(delayed, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    await route.continue();
  });
  await page.reload();
  await ready();
  await page.waitForLoadState('networkidle');
  await page.unroute(delayed);
  const shifts = await page.evaluate(() => (window as unknown as { shifts: LayoutShift[] }).shifts);
  return { total: shifts.reduce((sum, shift) => sum + shift.value, 0), shifts };
}

/** Every API answer but the user's own (the guard waits for those in any case). */
export const PAGE_DATA = /\/api\/(?!user\/|ping$|clients\/)/;

export const userMenu = (page: Page) => page.getByRole('button', { name: /Benutzermenü/ });

/**
 * Ends the page's sign-in at the provider, as the provider ends a session after hours without
 * use: the refresh token the page stored is revoked. With `tokenExpiresInSeconds` the stored
 * access token is also made to run out that soon, so the page's next request renews it (and
 * meets the ended session).
 */
export async function revokeStoredRefreshToken(
  page: Page,
  { tokenExpiresInSeconds }: { tokenExpiresInSeconds?: number } = {},
) {
  const refreshToken = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.startsWith('oidc.user:'))!;
    return String(
      (JSON.parse(localStorage.getItem(key)!) as Record<string, unknown>).refresh_token,
    );
  });
  const revoked = await page.request.post('/auth/realms/portal/protocol/openid-connect/revoke', {
    form: { token: refreshToken, token_type_hint: 'refresh_token', client_id: 'portal-web' },
  });
  expect(revoked.ok()).toBe(true);
  if (tokenExpiresInSeconds === undefined) return;
  await page.evaluate((seconds) => {
    const key = Object.keys(localStorage).find((name) => name.startsWith('oidc.user:'))!;
    const user = JSON.parse(localStorage.getItem(key)!) as Record<string, unknown>;
    localStorage.setItem(key, JSON.stringify({ ...user, expires_at: Date.now() / 1000 + seconds }));
  }, tokenExpiresInSeconds);
}

/**
 * Signs in again in the window `button` ('Erneut anmelden') opens, or lets it close by itself
 * when the provider's session still holds.
 */
export async function signInAgain(page: Page, button: Locator, email: string) {
  const opened = page.waitForEvent('popup');
  await button.click();
  const popup = await opened;
  const closed = popup.waitForEvent('close');
  const asked = popup
    .getByLabel('E-Mail')
    .waitFor()
    .then(() => true)
    .catch(() => false);
  if (await Promise.race([closed.then(() => false), asked])) await submitSignIn(popup, email);
  await closed;
}

export const test = base;
export { expect };

/** The signed-in page's access token (oidc-client-ts's stored user, once the callback stored it). */
export async function accessToken(page: Page): Promise<string> {
  const handle = await page.waitForFunction(() => {
    const key = Object.keys(localStorage).find((name) => name.startsWith('oidc.user:'));
    const user = key
      ? (JSON.parse(localStorage.getItem(key) ?? 'null') as { access_token?: string } | null)
      : null;
    return user?.access_token ?? false;
  });
  return (await handle.jsonValue()) as string;
}

/** Abrechnungszentrum Nord (trusted) and its customer Praxis Sonnenschein (demo data). */
const NORD = DEMO_INSTITUTIONS.abrechnungszentrumNord;
const SONNENSCHEIN = DEMO_INSTITUTIONS.praxisSonnenschein;

/**
 * Tom (`page`, signed in as him) provides `file` as a document of `type` to Praxis Sonnenschein's
 * TI order through the API the upload form uses (real multipart upload); expects 201.
 */
export async function uploadToSonnenscheinTiOrder(
  page: Page,
  type: string,
  displayName: string,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const headers = { Authorization: `Bearer ${await accessToken(page)}` };
  const relationships = (await (
    await page.request.get(`/api/institution/${NORD}/relationship`, { headers })
  ).json()) as {
    contractorId: string;
    businessCases: { id: string; businessCaseTypeName: string }[];
  }[];
  const tiOrder = relationships
    .find((relationship) => relationship.contractorId === SONNENSCHEIN)!
    .businessCases.find((item) => item.businessCaseTypeName === 'TIORDER')!;
  const response = await page.request.post(
    `/api/institution/${SONNENSCHEIN}/business_case/${tiOrder.id}/document`,
    {
      headers,
      multipart: {
        file,
        metadata: JSON.stringify({ displayName, createdAt: '2026-11-20', type }),
      },
    },
  );
  expect(response.status()).toBe(201);
}
