import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../../test/oidc-test-client';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { bearer } from '../../../test/tokens';
import { DEMO_EMAILS, DEMO_PASSWORD, DEMO_USERS } from '../../db/seed/demo-ids';

/** The API against real tokens of the embedded identity provider (sign-in through its form). */
describe('API with tokens of the embedded identity provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('accepts the access token, and logout revokes the refresh token', async () => {
    const browser = new TestBrowser(t.app, t.config);
    const tokens = await browser.signIn({ email: DEMO_EMAILS.anna, password: DEMO_PASSWORD });

    const current = await t.app.inject({
      method: 'GET',
      url: '/api/user/current',
      headers: bearer(tokens.access_token),
    });
    expect(current.statusCode).toBe(200);
    expect(current.json().id).toBe(DEMO_USERS.anna);
    expect(current.json().institutionUserRoles).toHaveLength(2);

    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: bearer(tokens.access_token),
    });
    expect(logout.statusCode).toBe(204);

    const refreshed = await browser.refresh(tokens.refresh_token);
    expect(refreshed.statusCode).toBe(400);
    expect(refreshed.json().error).toBe('invalid_grant');
  });

  it('answers 403 to the technical user signed in through the form', async () => {
    const browser = new TestBrowser(t.app, t.config, '203.0.113.11');
    const tokens = await browser.signIn({ email: DEMO_EMAILS.technik, password: DEMO_PASSWORD });
    const current = await t.app.inject({
      method: 'GET',
      url: '/api/user/current',
      headers: bearer(tokens.access_token),
    });
    expect(current.statusCode).toBe(403);
  });
});
