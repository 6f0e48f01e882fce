import { afterEach, describe, expect, it, vi } from 'vitest';
import { IdentityChangedElsewhereError } from './impersonation-tokens';
import {
  createSession,
  isHeldBackBySession,
  isSessionOver,
  oidcAuthority,
  type SessionUserManager,
  safeReturnTo,
  userStorageKey,
} from './oidc';

const config = { authUrl: 'http://localhost:8080/auth/', realm: 'portal', clientId: 'portal-web' };
const storageKey = userStorageKey(config);
const NOW = 2_000_000;

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

const storeUser = (accessToken: string, expiresIn: number) =>
  localStorage.setItem(
    storageKey,
    JSON.stringify({ access_token: accessToken, expires_at: NOW + expiresIn, id_token: 'id-1' }),
  );

function stubManager(overrides: Partial<Record<keyof SessionUserManager, unknown>> = {}) {
  return {
    getUser: vi.fn(async () => ({
      expired: false,
      expires_in: 1,
      access_token: 'old',
      id_token: 'id-1',
    })),
    signinSilent: vi.fn(async () => ({ access_token: 'new' })),
    signinRedirect: vi.fn(async () => {}),
    signinCallback: vi.fn(async () => ({ state: { returnTo: '/account?x=1' } })),
    removeUser: vi.fn(async () => {
      localStorage.removeItem(storageKey);
    }),
    signoutRedirect: vi.fn(async () => {}),
    ...overrides,
  } as unknown as SessionUserManager & Record<string, ReturnType<typeof vi.fn>>;
}

function makeSession(manager: SessionUserManager, extra = {}) {
  const load = vi.fn(async () => manager);
  const session = createSession(load, {
    storageKey,
    locks: null,
    now: () => NOW,
    currentUrl: () => '/orders?institutionId=abc',
    ...extra,
  });
  return { session, load };
}

describe('configuration', () => {
  it('builds the Keycloak authority and the storage key', () => {
    expect(oidcAuthority(config)).toBe('http://localhost:8080/auth/realms/portal');
    expect(storageKey).toBe('oidc.user:http://localhost:8080/auth/realms/portal:portal-web');
  });
});

describe('getValidAccessToken', () => {
  it('answers null when nobody is signed in, without loading oidc-client-ts', async () => {
    const { session, load } = makeSession(stubManager());
    await expect(session.getValidAccessToken()).resolves.toBeNull();
    expect(load).not.toHaveBeenCalled();
  });

  it('answers a stored token valid for 20 s or more without loading oidc-client-ts', async () => {
    storeUser('stored', 120);
    const { session, load } = makeSession(stubManager());
    await expect(session.getValidAccessToken()).resolves.toBe('stored');
    expect(load).not.toHaveBeenCalled();
  });

  it('renews through the refresh token when fewer than 20 s are left', async () => {
    storeUser('stored', 19);
    const manager = stubManager();
    const { session } = makeSession(manager);
    await expect(session.getValidAccessToken()).resolves.toBe('new');
    expect(manager.signinSilent).toHaveBeenCalledTimes(1);
  });

  it('is single-flight: parallel callers share one renewal', async () => {
    storeUser('stored', 0);
    let finish: (value: { access_token: string }) => void = () => {};
    const manager = stubManager({
      signinSilent: vi.fn(() => new Promise((resolve) => (finish = resolve))),
    });
    const { session } = makeSession(manager);
    const calls = [session.getValidAccessToken(), session.getValidAccessToken()];
    await vi.waitFor(() => expect(manager.signinSilent).toHaveBeenCalled());
    finish({ access_token: 'new' });
    await expect(Promise.all(calls)).resolves.toEqual(['new', 'new']);
    expect(manager.signinSilent).toHaveBeenCalledTimes(1);
  });

  it('uses a token another tab renewed while this one waited', async () => {
    storeUser('stored', 5);
    const manager = stubManager({
      getUser: vi.fn(async () => ({ expired: false, expires_in: 280, access_token: 'other-tab' })),
    });
    const { session } = makeSession(manager);
    await expect(session.getValidAccessToken()).resolves.toBe('other-tab');
    expect(manager.signinSilent).not.toHaveBeenCalled();
  });

  /** What oidc-client-ts throws when the token endpoint answers 400 with an OAuth error. */
  const providerRefusal = () =>
    Object.assign(new Error('invalid_grant'), { name: 'ErrorResponse', error: 'invalid_grant' });

  it('signs out and starts sign-in when the provider refuses the renewal (400)', async () => {
    storeUser('stored', 5);
    const manager = stubManager({
      signinSilent: vi.fn(async () => {
        throw providerRefusal();
      }),
    });
    const { session } = makeSession(manager);
    // 'Failed to refresh token' (spec section 8), held back like every later request: not a
    // failure of the server (no 'Keine Verbindung zum Server', no load error beside the notice).
    const error = await session.getValidAccessToken().catch((reason: unknown) => reason);
    expect(error).toEqual(expect.objectContaining({ message: 'Failed to refresh token' }));
    expect(isHeldBackBySession(error)).toBe(true);
    expect(isSessionOver(error)).toBe(true);
    expect((error as Error).cause).toEqual(expect.objectContaining({ name: 'ErrorResponse' }));
    expect(manager.removeUser).toHaveBeenCalled();
    expect(manager.signinRedirect).toHaveBeenCalledWith({
      state: { returnTo: '/orders?institutionId=abc' },
    });
  });

  it('signs out when there is nothing to renew with', async () => {
    storeUser('stored', 5);
    const manager = stubManager({ getUser: vi.fn(async () => null) });
    const { session } = makeSession(manager);
    await expect(session.getValidAccessToken()).rejects.toThrow('Failed to refresh token');
    expect(manager.removeUser).toHaveBeenCalled();
    expect(manager.signinRedirect).toHaveBeenCalled();
  });

  it('keeps the session when the renewal fails for want of a connection; the next call tries again', async () => {
    storeUser('stored', 5);
    let attempt = 0;
    const manager = stubManager({
      signinSilent: vi.fn(async () => {
        attempt += 1;
        if (attempt === 1) throw new TypeError('Failed to fetch');
        return { access_token: 'new' };
      }),
    });
    const { session } = makeSession(manager);
    await expect(session.getValidAccessToken()).rejects.toThrow('Failed to fetch');
    expect(manager.removeUser).not.toHaveBeenCalled();
    expect(manager.signinRedirect).not.toHaveBeenCalled();
    // Every tab's stored sign-in is still there.
    expect(localStorage.getItem(storageKey)).not.toBeNull();
    await expect(session.getValidAccessToken()).resolves.toBe('new');
  });
});

describe('a session over while the page holds unsaved input', () => {
  const storeSignedIn = (accessToken: string, expiresIn: number, sub: string) =>
    localStorage.setItem(
      storageKey,
      JSON.stringify({
        access_token: accessToken,
        expires_at: NOW + expiresIn,
        id_token: 'id-1',
        profile: { sub },
      }),
    );
  const refusingManager = (signedInAgainAs: string) =>
    stubManager({
      signinSilent: vi.fn(async () => {
        throw Object.assign(new Error('invalid_grant'), { name: 'ErrorResponse' });
      }),
      signinPopup: vi.fn(async () => {
        storeSignedIn('again', 300, signedInAgainAs);
        return { access_token: 'again', profile: { sub: signedInAgainAs } };
      }),
    });

  it('keeps the page: no sign-in page, nothing sent, and the page is told it waits', async () => {
    storeSignedIn('stored', 5, 'anna');
    const manager = refusingManager('anna');
    const { session } = makeSession(manager, { hasUnsavedInput: () => true });
    const told = vi.fn();
    session.subscribeStale(told);
    await expect(session.getValidAccessToken()).rejects.toThrow('Failed to refresh token');
    expect(manager.removeUser).toHaveBeenCalled();
    expect(manager.signinRedirect).not.toHaveBeenCalled();
    expect(session.isWaitingForSignIn()).toBe(true);
    expect(told).toHaveBeenCalled();
    await expect(session.getValidAccessToken()).rejects.toThrow('Failed to refresh token');
  });

  it('signing in again as the same person carries on with the page', async () => {
    storeSignedIn('stored', 5, 'anna');
    const manager = refusingManager('anna');
    const { session } = makeSession(manager, { hasUnsavedInput: () => true });
    await session.getValidAccessToken().catch(() => undefined);
    await session.signInAgain();
    expect(manager.signinPopup).toHaveBeenCalledTimes(1);
    expect(session.isWaitingForSignIn()).toBe(false);
    expect(session.isStale()).toBe(false);
    await expect(session.getValidAccessToken()).resolves.toBe('again');
  });

  it('somebody else signing in makes the page stale: it sends nothing as them', async () => {
    storeSignedIn('stored', 5, 'anna');
    const manager = refusingManager('max');
    const { session } = makeSession(manager, { hasUnsavedInput: () => true });
    await session.getValidAccessToken().catch(() => undefined);
    await session.signInAgain();
    expect(session.isWaitingForSignIn()).toBe(false);
    expect(session.isStale()).toBe(true);
    await expect(session.getValidAccessToken()).rejects.toBeInstanceOf(
      IdentityChangedElsewhereError,
    );
  });

  it('a sign-out in another tab waits the same way, and the same person signing in carries on', async () => {
    storeSignedIn('stored', 300, 'anna');
    const oldValue = localStorage.getItem(storageKey);
    const manager = refusingManager('anna');
    const { session } = makeSession(manager, { hasUnsavedInput: () => true });
    const stop = session.watchOtherTabs();
    localStorage.removeItem(storageKey);
    window.dispatchEvent(
      new StorageEvent('storage', {
        key: storageKey,
        oldValue,
        newValue: null,
        storageArea: localStorage,
      }),
    );
    await vi.waitFor(() => expect(session.isWaitingForSignIn()).toBe(true));
    expect(manager.signinRedirect).not.toHaveBeenCalled();
    await session.signInAgain();
    expect(session.isStale()).toBe(false);
    await expect(session.getValidAccessToken()).resolves.toBe('again');
    stop();
  });

  it('without unsaved input the session over still leaves for the sign-in page', async () => {
    storeSignedIn('stored', 5, 'anna');
    const manager = refusingManager('anna');
    const { session } = makeSession(manager, { hasUnsavedInput: () => false });
    await session.getValidAccessToken().catch(() => undefined);
    expect(manager.signinRedirect).toHaveBeenCalled();
    expect(session.isWaitingForSignIn()).toBe(false);
  });
});

describe('sign-in round trip', () => {
  it('carries the requested URL in the OIDC state', async () => {
    const manager = stubManager();
    const { session } = makeSession(manager);
    await session.signIn('/account?tab=2fa');
    expect(manager.signinRedirect).toHaveBeenCalledWith({
      state: { returnTo: '/account?tab=2fa' },
    });
  });

  it('answers the stored URL after the callback', async () => {
    const manager = stubManager();
    const { session } = makeSession(manager);
    await expect(
      session.completeSignIn('http://localhost/signin-callback?code=1&state=2'),
    ).resolves.toBe('/account?x=1');
  });

  it.each([
    ['/account', '/account'],
    ['/document?documentType=invoice#top', '/document?documentType=invoice#top'],
    ['//evil.example/x', '/'],
    ['https://evil.example/', '/'],
    ['/signin-callback?code=1', '/'],
    [undefined, '/'],
    [42, '/'],
  ])('safeReturnTo(%j) → %s', (value, expected) => {
    expect(safeReturnTo(value)).toBe(expected);
  });
});

describe('logout', () => {
  it('ends the API session first, then the provider session with id_token_hint', async () => {
    const order: string[] = [];
    const manager = stubManager({
      signoutRedirect: vi.fn(async () => {
        order.push('signoutRedirect');
      }),
    });
    const { session } = makeSession(manager, {
      logoutRequest: async () => {
        order.push('POST /api/user/logout');
      },
    });
    await session.logout();
    expect(order).toEqual(['POST /api/user/logout', 'signoutRedirect']);
    expect(manager.signoutRedirect).toHaveBeenCalledWith({ id_token_hint: 'id-1' });
  });

  it('still ends the provider session when the API logout fails', async () => {
    const manager = stubManager();
    const { session } = makeSession(manager, {
      logoutRequest: async () => {
        throw new Error('offline');
      },
    });
    await session.logout();
    expect(manager.signoutRedirect).toHaveBeenCalled();
  });
});

describe('sign-out in another tab', () => {
  const removal = (key: string | null = storageKey) =>
    new StorageEvent('storage', {
      key,
      oldValue: '{}',
      newValue: null,
      storageArea: localStorage,
    });

  it('signs this tab out when the stored user is removed elsewhere', async () => {
    const manager = stubManager();
    const { session } = makeSession(manager);
    const stop = session.watchOtherTabs();
    window.dispatchEvent(removal());
    await vi.waitFor(() => expect(manager.signinRedirect).toHaveBeenCalled());
    expect(manager.removeUser).toHaveBeenCalled();
    stop();
  });

  it('ignores other keys and a renewal (new value present)', async () => {
    const manager = stubManager();
    const { session, load } = makeSession(manager);
    const stop = session.watchOtherTabs();
    window.dispatchEvent(removal('lastInstitutionId'));
    window.dispatchEvent(
      new StorageEvent('storage', {
        key: storageKey,
        oldValue: '{}',
        newValue: '{"access_token":"x"}',
        storageArea: localStorage,
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(load).not.toHaveBeenCalled();
    stop();
  });

  it('sends nothing more once signed out elsewhere, even when somebody signs in there again', async () => {
    // The page stays (it has unsaved input and its reload was cancelled); the other tab signs in
    // as another person. This page, still showing the first one, must not use that token.
    const manager = stubManager();
    const { session } = makeSession(manager);
    const stop = session.watchOtherTabs();
    window.dispatchEvent(removal());
    await vi.waitFor(() => expect(manager.signinRedirect).toHaveBeenCalled());
    storeUser('somebody-else', 300);
    await expect(session.getValidAccessToken()).rejects.toBeInstanceOf(
      IdentityChangedElsewhereError,
    );
    await expect(session.renewAccessToken('somebody-else')).rejects.toBeInstanceOf(
      IdentityChangedElsewhereError,
    );
    stop();
  });

  it('stays on a public page', async () => {
    const manager = stubManager();
    const { session } = makeSession(manager, { isPublicPath: () => true });
    const stop = session.watchOtherTabs();
    window.dispatchEvent(removal());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(manager.signinRedirect).not.toHaveBeenCalled();
    stop();
  });
});

describe('renewNow', () => {
  it('renews even a token that is still valid (roles changed), and answers the new one', async () => {
    storeUser('stored', 300);
    const manager = stubManager();
    const { session } = makeSession(manager);
    await expect(session.renewNow()).resolves.toBe('new');
    expect(manager.signinSilent).toHaveBeenCalledTimes(1);
  });

  it('answers null when nobody is signed in', async () => {
    const manager = stubManager();
    const { session, load } = makeSession(manager);
    await expect(session.renewNow()).resolves.toBeNull();
    expect(load).not.toHaveBeenCalled();
  });
});
