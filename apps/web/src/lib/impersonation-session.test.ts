import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearImpersonation as clearImpersonationIn,
  ENDED_EARLY_KEY,
  ENDED_EARLY_MARGIN_SECONDS,
  IdentityChangedElsewhereError,
  IMPERSONATION_INSTITUTION_KEY,
  IMPERSONATION_KEYS,
  ImpersonationEndedError,
  impersonatorName,
  markRanOut,
  RAN_OUT_AT_KEY,
  RAN_OUT_NOTICE_KEY,
  readImpersonation,
  storeImpersonation,
  storeImpersonationStart,
} from './impersonation-tokens';
import {
  createSession,
  IMPERSONATION_REFRESH_LOCK,
  type SessionUserManager,
  userStorageKey,
} from './oidc';
import { ImpersonationFailedError, ImpersonationRefusedError } from './token-endpoint';

const config = { authUrl: 'http://localhost/auth', realm: 'portal', clientId: 'portal-web' };
const storageKey = userStorageKey(config);
const tokenEndpoint = 'http://localhost/auth/realms/portal/protocol/openid-connect/token';
const NOW = 2_000_000;
const SARA = '00000000-0000-4000-8000-00000000000a';
const MAX = '00000000-0000-4000-8000-00000000000b';
const OWNER = '00000000-0000-4000-8000-000000000001';
const CUSTOMER = '00000000-0000-4000-8000-000000000002';

const b64 = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const jwt = (claims: Record<string, unknown>) => `${b64({ alg: 'none' })}.${b64(claims)}.sig`;
const impersonatedToken = jwt({ sub: MAX, impersonator: { id: SARA, username: 'sara' } });

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.restoreAllMocks();
});

const storeOwn = (token: string, expiresIn: number) =>
  localStorage.setItem(
    storageKey,
    JSON.stringify({ access_token: token, expires_at: NOW + expiresIn, id_token: 'id' }),
  );

function manager() {
  return {
    getUser: vi.fn(async () => ({ expired: false, expires_in: 1, access_token: 'own-old' })),
    signinSilent: vi.fn(async () => ({ access_token: 'own-renewed' })),
    signinRedirect: vi.fn(async () => {}),
    signinCallback: vi.fn(async () => null),
    removeUser: vi.fn(async () => localStorage.removeItem(storageKey)),
    signoutRedirect: vi.fn(async () => {}),
  } as unknown as SessionUserManager & Record<string, ReturnType<typeof vi.fn>>;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(
  answer: () => Response = () => json(200, { access_token: impersonatedToken, expires_in: 1800 }),
  extra: {
    hasUnsavedInput?: () => boolean;
    locks?: Pick<LockManager, 'request'> | null;
  } = {},
) {
  const userManager = manager();
  const fetchMock = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => answer());
  const endImpersonationRequest = vi.fn(async () => {});
  const onImpersonationChanged = vi.fn();
  const session = createSession(async () => userManager, {
    storageKey,
    locks: null,
    now: () => NOW,
    currentUrl: () => '/dashboard',
    tokenEndpoint,
    clientId: config.clientId,
    fetch: fetchMock as unknown as typeof fetch,
    endImpersonationRequest,
    onImpersonationChanged,
    ...extra,
  });
  return { session, userManager, fetchMock, endImpersonationRequest, onImpersonationChanged };
}

const claims = { owner: [OWNER], contractor: [CUSTOMER] };

/** The institutions an exchange form asks for: its claim token (base64url JSON), decoded. */
function claimsIn(form: URLSearchParams): unknown {
  const claimToken = form.get('claim_token')!.replace(/-/g, '+').replace(/_/g, '/');
  return JSON.parse(atob(claimToken));
}

/**
 * The exchange `call` (a fetch mock's call) resumed the impersonation as it began: the own token
 * exchanged for Max, with the same institutions; back in the customer's institution.
 */
function expectResumedAs(call: Parameters<typeof fetch> | undefined) {
  const form = new URLSearchParams(String(call?.[1]?.body));
  expect(form.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:token-exchange');
  expect(form.get('subject_token')).toBe('own');
  expect(form.get('requested_subject')).toBe(MAX);
  expect(claimsIn(form)).toEqual(claims);
  expect(localStorage.getItem(IMPERSONATION_INSTITUTION_KEY)).toBe(CUSTOMER);
}

describe('impersonate (token exchange)', () => {
  it('posts the RFC 8693 form of spec section 7 with the own token and stores the answer', async () => {
    storeOwn('own', 300);
    const { session, fetchMock } = setup();
    await expect(session.impersonate(MAX, claims)).resolves.toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(tokenEndpoint);
    expect(init?.method).toBe('POST');
    const form = new URLSearchParams(String(init?.body));
    expect(Object.fromEntries(form)).toMatchObject({
      grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
      client_id: 'portal-web',
      subject_token: 'own',
      subject_token_type: 'urn:ietf:params:oauth:token-type:access_token',
      requested_subject: MAX,
      requested_token_type: 'urn:ietf:params:oauth:token-type:access_token',
      scope: 'impersonator',
      claim_token_format: 'urn:ietf:params:oauth:token-type:jwt',
    });
    expect(claimsIn(form)).toEqual({ owner: [OWNER], contractor: [CUSTOMER] });
    expect(localStorage.getItem(IMPERSONATION_KEYS.accessToken)).toBe(impersonatedToken);
    expect(localStorage.getItem(IMPERSONATION_KEYS.expiresAt)).toBe(String(NOW + 1800));
    expect(session.isImpersonating()).toBe(true);
    await expect(session.getValidAccessToken()).resolves.toBe(impersonatedToken);
  });

  it('renews the own token first when it is valid for fewer than 5 s', async () => {
    storeOwn('own', 4);
    const { session, fetchMock, userManager } = setup();
    await session.impersonate(MAX, claims);
    expect(userManager.signinSilent).toHaveBeenCalledTimes(1);
    expect(
      new URLSearchParams(String(fetchMock.mock.calls[0]![1]?.body)).get('subject_token'),
    ).toBe('own-renewed');
  });

  it('uses the own token as it is when it is valid for 5 s (no renewal)', async () => {
    storeOwn('own', 5);
    const { session, userManager } = setup();
    await session.impersonate(MAX, claims);
    expect(userManager.signinSilent).not.toHaveBeenCalled();
  });

  it('is a no-op while an impersonation is active', async () => {
    storeOwn('own', 300);
    localStorage.setItem(IMPERSONATION_KEYS.accessToken, impersonatedToken);
    const { session, fetchMock } = setup();
    await expect(session.impersonate(MAX, claims)).resolves.toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a refusal (403 access_denied) throws ImpersonationRefusedError and stores nothing', async () => {
    storeOwn('own', 300);
    const { session } = setup(() => json(403, { error: 'access_denied' }));
    await expect(session.impersonate(MAX, claims)).rejects.toBeInstanceOf(
      ImpersonationRefusedError,
    );
    expect(readImpersonation(localStorage)).toBeNull();
    expect(session.isImpersonating()).toBe(false);
  });

  it('an answer without token throws ImpersonationFailedError', async () => {
    storeOwn('own', 300);
    const { session } = setup(() => json(200, {}));
    await expect(session.impersonate(MAX, claims)).rejects.toBeInstanceOf(ImpersonationFailedError);
  });
});

describe('isImpersonating', () => {
  it('needs stored tokens whose impersonator differs from the subject', () => {
    const { session } = setup();
    expect(session.isImpersonating()).toBe(false);
    localStorage.setItem(
      IMPERSONATION_KEYS.accessToken,
      jwt({ sub: SARA, impersonator: { id: SARA } }),
    );
    expect(session.isImpersonating()).toBe(false);
    localStorage.setItem(IMPERSONATION_KEYS.accessToken, jwt({ sub: MAX }));
    expect(session.isImpersonating()).toBe(false);
    localStorage.setItem(IMPERSONATION_KEYS.accessToken, impersonatedToken);
    expect(session.isImpersonating()).toBe(true);
  });
});

describe('refresh of impersonated tokens', () => {
  it('renews through the impersonated refresh token when fewer than 20 s are left', async () => {
    storeOwn('own', 300);
    localStorage.setItem(IMPERSONATION_KEYS.accessToken, 'imp-old');
    localStorage.setItem(IMPERSONATION_KEYS.refreshToken, 'imp-refresh');
    localStorage.setItem(IMPERSONATION_KEYS.expiresAt, String(NOW + 19));
    const { session, fetchMock } = setup(() =>
      json(200, { access_token: 'imp-new', refresh_token: 'imp-refresh-2', expires_in: 600 }),
    );
    await expect(session.getValidAccessToken()).resolves.toBe('imp-new');
    const form = new URLSearchParams(String(fetchMock.mock.calls[0]![1]?.body));
    expect(form.get('grant_type')).toBe('refresh_token');
    expect(form.get('refresh_token')).toBe('imp-refresh');
    expect(localStorage.getItem(IMPERSONATION_KEYS.refreshToken)).toBe('imp-refresh-2');
  });

  it('a token that cannot be renewed ends the impersonation; the own token is never answered', async () => {
    storeOwn('own', 300);
    localStorage.setItem(IMPERSONATION_KEYS.accessToken, 'imp-old');
    localStorage.setItem(IMPERSONATION_KEYS.expiresAt, String(NOW + 3));
    const { session, onImpersonationChanged, fetchMock } = setup();
    await expect(session.getValidAccessToken()).rejects.toBeInstanceOf(ImpersonationEndedError);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(readImpersonation(localStorage)).toBeNull();
    expect(onImpersonationChanged).toHaveBeenCalledTimes(1);
    // The reloaded page says why the customer is gone.
    expect(sessionStorage.getItem(RAN_OUT_NOTICE_KEY)).toBe('ran-out');
    // Until the page has reloaded as the own user it sends nothing, not even with the own token.
    await expect(session.getValidAccessToken()).rejects.toBeInstanceOf(ImpersonationEndedError);
  });

  it('a renewal the provider refuses (grant ended, 400 invalid_grant) ends the impersonation and rejects', async () => {
    storeOwn('own', 300);
    localStorage.setItem(IMPERSONATION_KEYS.accessToken, 'imp-old');
    localStorage.setItem(IMPERSONATION_KEYS.refreshToken, 'imp-refresh');
    localStorage.setItem(IMPERSONATION_KEYS.expiresAt, String(NOW + 10));
    const { session, onImpersonationChanged, userManager, fetchMock } = setup(() =>
      json(400, { error: 'invalid_grant' }),
    );
    await expect(session.getValidAccessToken()).rejects.toBeInstanceOf(ImpersonationEndedError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(readImpersonation(localStorage)).toBeNull();
    expect(onImpersonationChanged).toHaveBeenCalledTimes(1);
    // Its time is over: the reloaded page says so.
    expect(sessionStorage.getItem(RAN_OUT_NOTICE_KEY)).toBe('ran-out');
    // Back to the own user by the reload, not by a new sign-in.
    expect(userManager.signinRedirect).not.toHaveBeenCalled();
    expect(userManager.removeUser).not.toHaveBeenCalled();
  });

  it.each([
    ['the provider is down (503)', () => json(503, {})],
    [
      'there is no connection',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])(
    'a renewal that fails because %s keeps the impersonation; this request fails, the next renews',
    async (_name, failure) => {
      storeOwn('own', 300);
      localStorage.setItem(IMPERSONATION_KEYS.accessToken, 'imp-old');
      localStorage.setItem(IMPERSONATION_KEYS.refreshToken, 'imp-refresh');
      localStorage.setItem(IMPERSONATION_KEYS.expiresAt, String(NOW + 10));
      let calls = 0;
      const { session, onImpersonationChanged, userManager } = setup(() => {
        calls += 1;
        return calls === 1
          ? failure()
          : json(200, { access_token: 'imp-new', refresh_token: 'imp-refresh-2', expires_in: 600 });
      });
      const error = await session.getValidAccessToken().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(ImpersonationEndedError);
      expect(readImpersonation(localStorage)?.refreshToken).toBe('imp-refresh');
      expect(onImpersonationChanged).not.toHaveBeenCalled();
      expect(sessionStorage.getItem(RAN_OUT_NOTICE_KEY)).toBeNull();
      expect(userManager.signinSilent).not.toHaveBeenCalled();
      // Never the own token in the customer's place.
      await expect(session.getValidAccessToken()).resolves.toBe('imp-new');
    },
  );

  it('a 401 on the impersonated token that cannot be renewed rejects instead of answering the own token', async () => {
    storeOwn('own', 300);
    localStorage.setItem(IMPERSONATION_KEYS.accessToken, 'imp-old');
    localStorage.setItem(IMPERSONATION_KEYS.refreshToken, 'imp-refresh');
    localStorage.setItem(IMPERSONATION_KEYS.expiresAt, String(NOW + 600));
    const { session, onImpersonationChanged, userManager } = setup(() =>
      json(400, { error: 'invalid_grant' }),
    );
    await expect(session.renewAccessToken('imp-old')).rejects.toBeInstanceOf(
      ImpersonationEndedError,
    );
    expect(userManager.signinSilent).not.toHaveBeenCalled();
    expect(readImpersonation(localStorage)).toBeNull();
    expect(onImpersonationChanged).toHaveBeenCalledTimes(1);
  });

  it('a 401 on an impersonated token after another tab ended the impersonation is not renewed as the own user', async () => {
    storeOwn('own', 300);
    localStorage.setItem(IMPERSONATION_KEYS.accessToken, 'imp-old');
    localStorage.setItem(IMPERSONATION_KEYS.expiresAt, String(NOW + 600));
    const { session, onImpersonationChanged, userManager } = setup();
    await expect(session.getValidAccessToken()).resolves.toBe('imp-old');
    // Eigener User in another tab; this tab's storage event has not arrived yet.
    localStorage.removeItem(IMPERSONATION_KEYS.accessToken);
    await expect(session.renewAccessToken('imp-old')).rejects.toBeInstanceOf(
      ImpersonationEndedError,
    );
    expect(userManager.signinSilent).not.toHaveBeenCalled();
    expect(onImpersonationChanged).toHaveBeenCalledTimes(1);
    // Ended on purpose there: this page does not say it ran out.
    expect(sessionStorage.getItem(RAN_OUT_NOTICE_KEY)).toBeNull();
  });

  it('a 401 on the impersonated token renews the impersonated token, not the own one', async () => {
    storeOwn('own', 300);
    localStorage.setItem(IMPERSONATION_KEYS.accessToken, 'imp-old');
    localStorage.setItem(IMPERSONATION_KEYS.refreshToken, 'imp-refresh');
    localStorage.setItem(IMPERSONATION_KEYS.expiresAt, String(NOW + 600));
    const { session, userManager } = setup(() =>
      json(200, { access_token: 'imp-new', expires_in: 600 }),
    );
    await expect(session.renewAccessToken('imp-old')).resolves.toBe('imp-new');
    expect(userManager.signinSilent).not.toHaveBeenCalled();
  });
});

/** navigator.locks as the browser gives it to every tab: one holder per name at a time. */
function sharedLocks() {
  const tails = new Map<string, Promise<unknown>>();
  const names: string[] = [];
  const request = (name: string, callback: () => Promise<unknown>) => {
    names.push(name);
    const run = (tails.get(name) ?? Promise.resolve()).then(() => callback());
    tails.set(
      name,
      run.catch(() => undefined),
    );
    return run;
  };
  return { locks: { request } as unknown as Pick<LockManager, 'request'>, names };
}

/**
 * The provider's refresh grant with rotation and reuse detection: each refresh token works
 * once; a used one again revokes the grant (every later refresh is refused).
 */
function rotatingProvider() {
  let current = 'imp-refresh';
  let generation = 0;
  let revoked = false;
  const fetchMock = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    const presented = new URLSearchParams(String(init?.body)).get('refresh_token');
    // The answer takes a moment, so that a second tab would ask meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (revoked || presented !== current) {
      revoked = true;
      return json(400, { error: 'invalid_grant' });
    }
    generation += 1;
    current = `imp-refresh-${generation}`;
    return json(200, {
      access_token: `imp-${generation}`,
      refresh_token: current,
      expires_in: 300,
    });
  });
  return fetchMock;
}

function tab(fetchMock: ReturnType<typeof rotatingProvider>, locks: Pick<LockManager, 'request'>) {
  const onImpersonationChanged = vi.fn();
  const session = createSession(async () => manager(), {
    storageKey,
    locks,
    now: () => NOW,
    tokenEndpoint,
    clientId: config.clientId,
    fetch: fetchMock as unknown as typeof fetch,
    onImpersonationChanged,
  });
  return { session, onImpersonationChanged };
}

describe('an impersonation that runs out while the page holds unsaved input', () => {
  const renewed = jwt({ sub: MAX, impersonator: { id: SARA, username: 'sara' }, n: 2 });

  /** Sara acts as Max in the customer institution; then Max's page holds input, and the
   * provider answers `answers` in turn (the first renewal is refused, long before the
   * impersonation's 30 minutes are over: it was ended). */
  async function ranOutWithInput(...answers: (() => Response)[]) {
    storeOwn('own', 300);
    const queue = [
      () =>
        json(200, {
          access_token: impersonatedToken,
          refresh_token: 'imp-refresh',
          expires_in: 10,
          refresh_expires_in: 1800,
        }),
      () => json(400, { error: 'invalid_grant' }),
      ...answers,
    ];
    const started = setup(() => queue.shift()!(), { hasUnsavedInput: () => true });
    await started.session.impersonate(MAX, claims);
    localStorage.setItem(IMPERSONATION_INSTITUTION_KEY, CUSTOMER);
    await expect(started.session.getValidAccessToken()).rejects.toBeInstanceOf(
      ImpersonationEndedError,
    );
    return started;
  }

  it('keeps the page (no reload), sends nothing and offers to start the same impersonation again', async () => {
    const { session, onImpersonationChanged, fetchMock } = await ranOutWithInput();
    expect(onImpersonationChanged).not.toHaveBeenCalled();
    expect(session.isImpersonationResumable()).toBe(true);
    // Its banner says it was ended, not that it ran out.
    expect(session.lastImpersonationEnd()).toBe('ended-early');
    expect(session.isStale()).toBe(true);
    // Other tabs follow the removal (they hold no input of this page).
    expect(readImpersonation(localStorage)).toBeNull();
    await expect(session.getValidAccessToken()).rejects.toBeInstanceOf(ImpersonationEndedError);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('resuming exchanges the own token for the same user and institutions; the page carries on', async () => {
    const { session, fetchMock, onImpersonationChanged } = await ranOutWithInput(() =>
      json(200, { access_token: renewed, refresh_token: 'imp-refresh-new', expires_in: 1800 }),
    );
    const listener = vi.fn();
    session.subscribeStale(listener);
    await session.resumeImpersonation();
    expectResumedAs(fetchMock.mock.calls[2]);
    expect(session.isImpersonationResumable()).toBe(false);
    expect(session.isStale()).toBe(false);
    expect(listener).toHaveBeenCalled();
    expect(session.isImpersonating()).toBe(true);
    // No run-out notice at a later reload, and no early end left to be told.
    expect(sessionStorage.getItem(RAN_OUT_NOTICE_KEY)).toBeNull();
    expect(localStorage.getItem(ENDED_EARLY_KEY)).toBeNull();
    expect(session.lastImpersonationEnd()).toBe('ran-out');
    await expect(session.getValidAccessToken()).resolves.toBe(renewed);
    expect(onImpersonationChanged).not.toHaveBeenCalled();
  });

  it('a refused resumption (no longer allowed) throws and leaves the page as it was', async () => {
    const { session } = await ranOutWithInput(() => json(403, { error: 'access_denied' }));
    await expect(session.resumeImpersonation()).rejects.toBeInstanceOf(ImpersonationRefusedError);
    expect(session.isImpersonationResumable()).toBe(true);
    expect(readImpersonation(localStorage)).toBeNull();
    await expect(session.getValidAccessToken()).rejects.toBeInstanceOf(ImpersonationEndedError);
  });

  it('an impersonation started in another tab meanwhile is not taken over: the page is stale', async () => {
    const { session, fetchMock } = await ranOutWithInput();
    localStorage.setItem(
      IMPERSONATION_KEYS.accessToken,
      jwt({ sub: 'other', impersonator: { id: SARA } }),
    );
    await session.resumeImpersonation();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(session.isImpersonationResumable()).toBe(false);
    await expect(session.getValidAccessToken()).rejects.toBeInstanceOf(
      IdentityChangedElsewhereError,
    );
  });

  it('without unsaved input the page reloads as the own user, as before', async () => {
    storeOwn('own', 300);
    const queue = [
      () => json(200, { access_token: impersonatedToken, refresh_token: 'r', expires_in: 10 }),
      () => json(400, { error: 'invalid_grant' }),
    ];
    const { session, onImpersonationChanged } = setup(() => queue.shift()!(), {
      hasUnsavedInput: () => false,
    });
    await session.impersonate(MAX, claims);
    await expect(session.getValidAccessToken()).rejects.toBeInstanceOf(ImpersonationEndedError);
    expect(onImpersonationChanged).toHaveBeenCalledTimes(1);
    expect(session.isImpersonationResumable()).toBe(false);
  });
});

describe('renewal of impersonated tokens across tabs', () => {
  const storeExpiring = () => {
    storeOwn('own', 300);
    localStorage.setItem(IMPERSONATION_KEYS.accessToken, 'imp-old');
    localStorage.setItem(IMPERSONATION_KEYS.refreshToken, 'imp-refresh');
    localStorage.setItem(IMPERSONATION_KEYS.expiresAt, String(NOW + 10));
  };

  it('two tabs renewing at once: one renews under the lock, the other uses its token', async () => {
    storeExpiring();
    const provider = rotatingProvider();
    const { locks, names } = sharedLocks();
    const first = tab(provider, locks);
    const second = tab(provider, locks);
    await expect(
      Promise.all([first.session.getValidAccessToken(), second.session.getValidAccessToken()]),
    ).resolves.toEqual(['imp-1', 'imp-1']);
    expect(provider).toHaveBeenCalledTimes(1);
    expect(names).toEqual([IMPERSONATION_REFRESH_LOCK, IMPERSONATION_REFRESH_LOCK]);
    expect(readImpersonation(localStorage)).toMatchObject({
      accessToken: 'imp-1',
      refreshToken: 'imp-refresh-1',
    });
    expect(first.onImpersonationChanged).not.toHaveBeenCalled();
    expect(second.onImpersonationChanged).not.toHaveBeenCalled();
  });

  it('two tabs refused at once (401): the second uses the token the first renewed', async () => {
    storeOwn('own', 300);
    localStorage.setItem(IMPERSONATION_KEYS.accessToken, 'imp-old');
    localStorage.setItem(IMPERSONATION_KEYS.refreshToken, 'imp-refresh');
    localStorage.setItem(IMPERSONATION_KEYS.expiresAt, String(NOW + 200));
    const provider = rotatingProvider();
    const { locks } = sharedLocks();
    const first = tab(provider, locks);
    const second = tab(provider, locks);
    await expect(
      Promise.all([
        first.session.renewAccessToken('imp-old'),
        second.session.renewAccessToken('imp-old'),
      ]),
    ).resolves.toEqual(['imp-1', 'imp-1']);
    expect(provider).toHaveBeenCalledTimes(1);
  });

  it('an impersonation ended in another tab while this one waited for the lock is not renewed', async () => {
    storeExpiring();
    const provider = rotatingProvider();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const locks = {
      request: async (_name: string, callback: () => Promise<unknown>) => {
        await held;
        return callback();
      },
    } as unknown as Pick<LockManager, 'request'>;
    const { session, onImpersonationChanged } = tab(provider, locks);
    const pending = session.getValidAccessToken();
    clearImpersonationIn(localStorage);
    release();
    await expect(pending).rejects.toBeInstanceOf(ImpersonationEndedError);
    expect(provider).not.toHaveBeenCalled();
    expect(onImpersonationChanged).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(RAN_OUT_NOTICE_KEY)).toBeNull();
  });

  it('Eigener User during a renewal: the renewed tokens are not stored again', async () => {
    storeExpiring();
    const provider = rotatingProvider();
    // Eigener User (in another tab) while the provider answers the refresh.
    const endedMeanwhile = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      clearImpersonationIn(localStorage);
      return provider(url, init);
    });
    const { session } = tab(
      endedMeanwhile as unknown as ReturnType<typeof rotatingProvider>,
      sharedLocks().locks,
    );
    await expect(session.getValidAccessToken()).rejects.toBeInstanceOf(ImpersonationEndedError);
    expect(endedMeanwhile).toHaveBeenCalledTimes(1);
    expect(readImpersonation(localStorage)).toBeNull();
    // Eigener User, not a run-out: no notice here, and none for the tabs that follow.
    expect(sessionStorage.getItem(RAN_OUT_NOTICE_KEY)).toBeNull();
    expect(localStorage.getItem(RAN_OUT_AT_KEY)).toBeNull();
  });
});

describe('endImpersonation (Eigener User)', () => {
  it('records the end at the API while the tokens are stored, then drops them; no sign-in', async () => {
    storeOwn('own', 300);
    localStorage.setItem(IMPERSONATION_KEYS.accessToken, impersonatedToken);
    localStorage.setItem(IMPERSONATION_KEYS.expiresAt, String(NOW + 600));
    const { session, endImpersonationRequest, userManager } = setup();
    endImpersonationRequest.mockImplementation(async () => {
      expect(await session.getValidAccessToken()).toBe(impersonatedToken);
    });
    await session.endImpersonation();
    expect(endImpersonationRequest).toHaveBeenCalledTimes(1);
    expect(readImpersonation(localStorage)).toBeNull();
    await expect(session.getValidAccessToken()).resolves.toBe('own');
    expect(userManager.signinRedirect).not.toHaveBeenCalled();
    // Ended on purpose: no notice that it ran out.
    expect(sessionStorage.getItem(RAN_OUT_NOTICE_KEY)).toBeNull();
  });

  it('drops the tokens even when the API call fails', async () => {
    localStorage.setItem(IMPERSONATION_KEYS.accessToken, impersonatedToken);
    const { session, endImpersonationRequest } = setup();
    endImpersonationRequest.mockRejectedValue(new Error('down'));
    await session.endImpersonation();
    expect(readImpersonation(localStorage)).toBeNull();
  });
});

describe('ran out, or ended before its time', () => {
  const storageEvent = (key: string, oldValue: string | null, newValue: string | null) =>
    new StorageEvent('storage', { key, oldValue, newValue, storageArea: localStorage });
  /** A stored impersonation whose token has 10 s left and which itself ends at `endsAt`. */
  const storeEnding = (endsAt: number | null) => {
    storeOwn('own', 300);
    localStorage.setItem(IMPERSONATION_KEYS.accessToken, 'imp-old');
    localStorage.setItem(IMPERSONATION_KEYS.refreshToken, 'imp-refresh');
    localStorage.setItem(IMPERSONATION_KEYS.expiresAt, String(NOW + 10));
    if (endsAt !== null) localStorage.setItem(IMPERSONATION_KEYS.endsAt, String(endsAt));
  };

  it('the exchange keeps when the impersonation itself ends (refresh_expires_in)', async () => {
    storeOwn('own', 300);
    const { session } = setup(() =>
      json(200, {
        access_token: impersonatedToken,
        refresh_token: 'imp-refresh',
        expires_in: 300,
        refresh_expires_in: 1800,
      }),
    );
    await expect(session.impersonate(MAX, claims)).resolves.toBe(true);
    expect(localStorage.getItem(IMPERSONATION_KEYS.endsAt)).toBe(String(NOW + 1800));
    expect(localStorage.getItem(IMPERSONATION_KEYS.expiresAt)).toBe(String(NOW + 300));
    clearImpersonationIn(localStorage);
    expect(localStorage.getItem(IMPERSONATION_KEYS.endsAt)).toBeNull();
  });

  it.each([
    ['well before its end (access withdrawn)', NOW + 25 * 60, 'ended-early'],
    ['61 s before its end', NOW + ENDED_EARLY_MARGIN_SECONDS + 1, 'ended-early'],
    ['60 s before its end (the clocks may differ)', NOW + ENDED_EARLY_MARGIN_SECONDS, 'ran-out'],
    ['at its end', NOW, 'ran-out'],
    ['with its end unknown (an older start)', null, 'ran-out'],
  ] as const)('a renewal refused %s: %s', async (_, endsAt, end) => {
    storeEnding(endsAt);
    const { session, onImpersonationChanged } = setup(() => json(400, { error: 'invalid_grant' }));
    await expect(session.getValidAccessToken()).rejects.toBeInstanceOf(ImpersonationEndedError);
    expect(onImpersonationChanged).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(RAN_OUT_NOTICE_KEY)).toBe(end);
    expect(session.lastImpersonationEnd()).toBe(end);
    expect(localStorage.getItem(IMPERSONATION_KEYS.endsAt)).toBeNull();
  });

  it('a renewal refused because Eigener User (another tab) ended it meanwhile is no run-out', async () => {
    storeEnding(NOW + 25 * 60);
    const { session } = setup(() => {
      // Eigener User there while this renewal is on its way: the grant is revoked.
      clearImpersonationIn(localStorage);
      return json(400, { error: 'invalid_grant' });
    });
    await expect(session.getValidAccessToken()).rejects.toBeInstanceOf(ImpersonationEndedError);
    expect(sessionStorage.getItem(RAN_OUT_NOTICE_KEY)).toBeNull();
    expect(localStorage.getItem(RAN_OUT_AT_KEY)).toBeNull();
  });

  it('a provider that cannot be reached ends nothing, however early', async () => {
    storeEnding(NOW + 25 * 60);
    const { session } = setup(() => json(503, {}));
    await expect(session.getValidAccessToken()).rejects.toBeInstanceOf(ImpersonationFailedError);
    expect(readImpersonation(localStorage)?.endsAt).toBe(NOW + 25 * 60);
    expect(sessionStorage.getItem(RAN_OUT_NOTICE_KEY)).toBeNull();
  });

  it('a renewal keeps the end it does not send, and takes one it sends (Keycloak)', async () => {
    storeEnding(NOW + 1500);
    const answers = [
      json(200, { access_token: 'imp-2', refresh_token: 'imp-refresh-2', expires_in: 5 }),
      json(200, {
        access_token: 'imp-3',
        refresh_token: 'imp-refresh-3',
        expires_in: 300,
        refresh_expires_in: 1700,
      }),
    ];
    const { session } = setup(() => answers.shift() ?? json(500, {}));
    await expect(session.getValidAccessToken()).resolves.toBe('imp-2');
    expect(localStorage.getItem(IMPERSONATION_KEYS.endsAt)).toBe(String(NOW + 1500));
    await expect(session.getValidAccessToken()).resolves.toBe('imp-3');
    expect(localStorage.getItem(IMPERSONATION_KEYS.endsAt)).toBe(String(NOW + 1700));
  });

  it('another tab follows with how it ended; a later run-out there is one again', () => {
    storeOwn('own', 300);
    const { session } = setup();
    const stop = session.watchOtherTabs();
    // The other tab marks the end before it removes the tokens.
    markRanOut(localStorage, 'ended-early');
    sessionStorage.clear();
    window.dispatchEvent(storageEvent(IMPERSONATION_KEYS.accessToken, impersonatedToken, null));
    expect(sessionStorage.getItem(RAN_OUT_NOTICE_KEY)).toBe('ended-early');
    expect(session.lastImpersonationEnd()).toBe('ended-early');
    markRanOut(localStorage, 'ran-out');
    sessionStorage.clear();
    window.dispatchEvent(storageEvent(IMPERSONATION_KEYS.accessToken, impersonatedToken, null));
    expect(sessionStorage.getItem(RAN_OUT_NOTICE_KEY)).toBe('ran-out');
    expect(session.lastImpersonationEnd()).toBe('ran-out');
    stop();
  });
});

describe('other tabs', () => {
  const storageEvent = (key: string, oldValue: string | null, newValue: string | null) =>
    new StorageEvent('storage', { key, oldValue, newValue, storageArea: localStorage });

  it('removing the impersonated tokens in another tab ends the impersonation here', async () => {
    storeOwn('own', 300);
    const { session, onImpersonationChanged, userManager } = setup();
    const stop = session.watchOtherTabs();
    window.dispatchEvent(storageEvent(IMPERSONATION_KEYS.accessToken, impersonatedToken, null));
    expect(onImpersonationChanged).toHaveBeenCalledTimes(1);
    expect(userManager.signinRedirect).not.toHaveBeenCalled();
    // The page still shows the customer until it has reloaded: it sends nothing meanwhile.
    await expect(session.getValidAccessToken()).rejects.toBeInstanceOf(ImpersonationEndedError);
    // Eigener User there (nothing ran out): no notice here.
    expect(sessionStorage.getItem(RAN_OUT_NOTICE_KEY)).toBeNull();
    stop();
  });

  it('an impersonation that ran out in another tab is announced here after the reload too', () => {
    storeOwn('own', 300);
    const { session, onImpersonationChanged } = setup();
    const stop = session.watchOtherTabs();
    // The other tab marks the run-out before it removes the tokens.
    localStorage.setItem(RAN_OUT_AT_KEY, String(Date.now()));
    window.dispatchEvent(storageEvent(IMPERSONATION_KEYS.accessToken, impersonatedToken, null));
    expect(onImpersonationChanged).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(RAN_OUT_NOTICE_KEY)).toBe('ran-out');
    stop();
  });

  it('a run-out long ago does not make a later Eigener User in another tab one', () => {
    storeOwn('own', 300);
    const { session } = setup();
    const stop = session.watchOtherTabs();
    localStorage.setItem(RAN_OUT_AT_KEY, String(Date.now() - 60_000));
    window.dispatchEvent(storageEvent(IMPERSONATION_KEYS.accessToken, impersonatedToken, null));
    expect(sessionStorage.getItem(RAN_OUT_NOTICE_KEY)).toBeNull();
    stop();
  });

  it('an impersonation started in another tab: this page, loaded as the own user, sends nothing more', async () => {
    // Its reload was cancelled (unsaved input): it still shows the support user's own data, so
    // a save there must not go out with the customer's token now stored.
    storeOwn('own', 300);
    const { session, onImpersonationChanged } = setup();
    const stop = session.watchOtherTabs();
    await expect(session.getValidAccessToken()).resolves.toBe('own');
    const staleNow = vi.fn();
    session.subscribeStale(staleNow);
    expect(session.isStale()).toBe(false);
    localStorage.setItem(IMPERSONATION_KEYS.accessToken, impersonatedToken);
    window.dispatchEvent(storageEvent(IMPERSONATION_KEYS.accessToken, null, impersonatedToken));
    expect(onImpersonationChanged).toHaveBeenCalledTimes(1);
    // The page says so (StaleSessionBanner).
    expect(session.isStale()).toBe(true);
    expect(staleNow).toHaveBeenCalledTimes(1);
    await expect(session.getValidAccessToken()).rejects.toBeInstanceOf(
      IdentityChangedElsewhereError,
    );
    await expect(session.renewAccessToken('own')).rejects.toBeInstanceOf(
      IdentityChangedElsewhereError,
    );
    stop();
  });

  it('an impersonation started in another tab is followed; a refresh (new value) is not', () => {
    storeOwn('own', 300);
    const { session, onImpersonationChanged } = setup();
    const stop = session.watchOtherTabs();
    window.dispatchEvent(storageEvent(IMPERSONATION_KEYS.accessToken, 'a', 'b'));
    expect(onImpersonationChanged).not.toHaveBeenCalled();
    window.dispatchEvent(storageEvent(IMPERSONATION_KEYS.accessToken, null, 'b'));
    expect(onImpersonationChanged).toHaveBeenCalledTimes(1);
    stop();
  });
});

describe('an impersonation that runs out in another tab while this page holds unsaved input', () => {
  const storageEvent = (key: string, oldValue: string | null, newValue: string | null) =>
    new StorageEvent('storage', { key, oldValue, newValue, storageArea: localStorage });
  const resumed = jwt({ sub: MAX, impersonator: { id: SARA, username: 'sara' }, n: 3 });

  /**
   * What `act` (another tab) writes to localStorage, as the storage events this tab would get,
   * in their order: so the tests see the order the session really writes in.
   */
  async function seenFromHere(act: () => unknown) {
    const events: StorageEvent[] = [];
    const { setItem, removeItem } = Storage.prototype;
    const record = (storage: Storage, key: string, change: () => void) => {
      const oldValue = storage.getItem(key);
      change();
      const newValue = storage.getItem(key);
      if (storage === localStorage && oldValue !== newValue) {
        events.push(storageEvent(key, oldValue, newValue));
      }
    };
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key, value) {
      record(this, key, () => setItem.call(this, key, value));
    });
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(function (this: Storage, key) {
      record(this, key, () => removeItem.call(this, key));
    });
    try {
      await Promise.resolve(act()).catch(() => undefined);
    } finally {
      vi.mocked(Storage.prototype.setItem).mockRestore();
      vi.mocked(Storage.prototype.removeItem).mockRestore();
    }
    return () => {
      for (const event of events) window.dispatchEvent(event);
    };
  }

  /** Another tab starts an impersonation as `subject` (the events this tab gets, to dispatch). */
  const startedElsewhere = (subject: string, accessToken: string) =>
    seenFromHere(() => {
      storeImpersonationStart(localStorage, { subject, claims });
      storeImpersonation(localStorage, { accessToken, refreshToken: null, expiresAt: NOW + 1800 });
    });

  /**
   * Sara acts as Max in the customer institution in two tabs; this one ('here') holds input. The
   * provider answers in turn: the other tab's start, its refused renewal (the impersonation is
   * over), then `answers`.
   */
  async function ranOutElsewhere(...answers: (() => Response)[]) {
    storeOwn('own', 300);
    const queue = [
      () => json(200, { access_token: impersonatedToken, refresh_token: 'imp-r', expires_in: 10 }),
      () => json(400, { error: 'invalid_grant' }),
      ...answers,
    ];
    const answer = () => queue.shift()!();
    const there = setup(answer);
    await there.session.impersonate(MAX, claims);
    localStorage.setItem(IMPERSONATION_INSTITUTION_KEY, CUSTOMER);
    const here = setup(answer, { hasUnsavedInput: () => true });
    const stop = here.session.watchOtherTabs();
    const runOut = await seenFromHere(() => there.session.getValidAccessToken());
    expect(readImpersonation(localStorage)).toBeNull();
    // The other tab held no input: it reloads, as before.
    expect(there.onImpersonationChanged).toHaveBeenCalledTimes(1);
    return { here, there, stop, runOut };
  }

  it('the page stays (no reload), sends nothing and offers to start the same impersonation again', async () => {
    const { here, stop, runOut } = await ranOutElsewhere(() =>
      json(200, { access_token: resumed, refresh_token: 'imp-r2', expires_in: 1800 }),
    );
    const listener = vi.fn();
    here.session.subscribeStale(listener);
    runOut();
    expect(here.onImpersonationChanged).not.toHaveBeenCalled();
    expect(here.session.isImpersonationResumable()).toBe(true);
    expect(here.session.isStale()).toBe(true);
    expect(listener).toHaveBeenCalled();
    await expect(here.session.getValidAccessToken()).rejects.toBeInstanceOf(
      ImpersonationEndedError,
    );
    // Nachahmung fortsetzen: the same user, the same institutions, back in the customer's.
    await here.session.resumeImpersonation();
    expect(here.fetchMock).toHaveBeenCalledTimes(1);
    expectResumedAs(here.fetchMock.mock.calls[0]);
    expect(here.session.isStale()).toBe(false);
    await expect(here.session.getValidAccessToken()).resolves.toBe(resumed);
    expect(here.onImpersonationChanged).not.toHaveBeenCalled();
    stop();
  });

  it('the same impersonation started again in another tab: this page carries on with its input', async () => {
    const { here, stop, runOut } = await ranOutElsewhere();
    runOut();
    expect(here.session.isImpersonationResumable()).toBe(true);
    (await startedElsewhere(MAX, resumed))();
    expect(here.session.isImpersonationResumable()).toBe(false);
    expect(here.session.isStale()).toBe(false);
    expect(sessionStorage.getItem(RAN_OUT_NOTICE_KEY)).toBeNull();
    await expect(here.session.getValidAccessToken()).resolves.toBe(resumed);
    expect(here.onImpersonationChanged).not.toHaveBeenCalled();
    stop();
  });

  it('another impersonation started elsewhere meanwhile is not taken over: the page reloads', async () => {
    const { here, stop, runOut } = await ranOutElsewhere();
    runOut();
    (await startedElsewhere('other', 'other-token'))();
    expect(here.session.isImpersonationResumable()).toBe(false);
    expect(here.onImpersonationChanged).toHaveBeenCalledTimes(1);
    await expect(here.session.getValidAccessToken()).rejects.toBeInstanceOf(
      IdentityChangedElsewhereError,
    );
    stop();
  });

  it('Eigener User in another tab (nothing ran out): the page with input reloads, as before', async () => {
    storeOwn('own', 300);
    const there = setup();
    await there.session.impersonate(MAX, claims);
    const here = setup(undefined, { hasUnsavedInput: () => true });
    const stop = here.session.watchOtherTabs();
    const ended = await seenFromHere(() => there.session.endImpersonation());
    ended();
    expect(here.session.isImpersonationResumable()).toBe(false);
    expect(here.onImpersonationChanged).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(RAN_OUT_NOTICE_KEY)).toBeNull();
    stop();
  });

  it('both tabs renewing as it ran out: this one finds it ended, waits for the other tab, then offers to resume', async () => {
    storeOwn('own', 300);
    const queue = [
      () => json(200, { access_token: impersonatedToken, refresh_token: 'imp-r', expires_in: 10 }),
      () => json(400, { error: 'invalid_grant' }),
    ];
    const answer = () => queue.shift()!();
    const there = setup(answer);
    await there.session.impersonate(MAX, claims);
    // This tab's renewal waits for the lock the other tab holds while it is refused.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const locks = {
      request: async (_name: string, callback: () => Promise<unknown>) => {
        await held;
        return callback();
      },
    } as unknown as Pick<LockManager, 'request'>;
    const here = setup(answer, { hasUnsavedInput: () => true, locks });
    const stop = here.session.watchOtherTabs();
    const pending = here.session.getValidAccessToken();
    const runOut = await seenFromHere(() => there.session.getValidAccessToken());
    release();
    await expect(pending).rejects.toBeInstanceOf(ImpersonationEndedError);
    // Not reloaded: the other tab's removal is still on its way here.
    expect(here.onImpersonationChanged).not.toHaveBeenCalled();
    runOut();
    expect(here.session.isImpersonationResumable()).toBe(true);
    expect(here.onImpersonationChanged).not.toHaveBeenCalled();
    stop();
  });
});

describe('impersonatorName (who acts while the bar shows the customer)', () => {
  it("is the own sign-in's name, else the token's impersonator, and null without an impersonation", () => {
    expect(impersonatorName(localStorage, storageKey)).toBeNull();
    localStorage.setItem(IMPERSONATION_KEYS.accessToken, impersonatedToken);
    expect(impersonatorName(localStorage, storageKey)).toBe('sara');
    localStorage.setItem(
      storageKey,
      JSON.stringify({ access_token: 'own', profile: { sub: SARA, name: 'Sara Öztürk' } }),
    );
    expect(impersonatorName(localStorage, storageKey)).toBe('Sara Öztürk');
  });
});
