import { afterEach, describe, expect, it } from 'vitest';
import { createUserManager } from './oidc-user-manager';

const config = { authUrl: 'http://localhost:8080/auth', realm: 'portal', clientId: 'portal-web' };

afterEach(() => localStorage.clear());

// Spec section 9: "login callback state kept 1 hour".
describe('createUserManager', () => {
  it('keeps the login callback state for 3600 s', () => {
    const manager = createUserManager(config, 'http://localhost:8080');
    expect(manager.settings.staleStateAgeInSeconds).toBe(3600);
    expect(manager.settings).toMatchObject({
      authority: 'http://localhost:8080/auth/realms/portal',
      client_id: 'portal-web',
      redirect_uri: 'http://localhost:8080/signin-callback',
      response_type: 'code',
      monitorSession: false,
    });
  });

  it('clears a callback state older than one hour before a sign-in, keeps a younger one', async () => {
    const manager = createUserManager(config, 'http://localhost:8080');
    const store = manager.settings.stateStore;
    const now = Math.floor(Date.now() / 1000);
    const state = (id: string, age: number) =>
      JSON.stringify({ id, data: { returnTo: '/' }, created: now - age, request_type: 'si:r' });
    await store.set('younger', state('younger', 3590));
    await store.set('older', state('older', 3610));
    await manager.clearStaleState();
    await Promise.resolve();
    expect(await store.getAllKeys()).toEqual(['younger']);
  });
});
