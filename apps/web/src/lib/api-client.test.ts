import { HttpResponse, http } from 'msw';
import { User, UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setupMswServer } from '../test/msw-server';
import {
  ApiError,
  apiGet,
  apiGetBlob,
  apiPost,
  apiRequest,
  needsBearerToken,
  onInstitutionRefusal,
  setAccessTokenProvider,
} from './api-client';
import { IMPERSONATION_KEYS, ImpersonationEndedError } from './impersonation-tokens';
import { createSession, type SessionUserManager, userStorageKey } from './oidc';

const server = setupMswServer();
afterEach(() => {
  setAccessTokenProvider(null);
  localStorage.clear();
});

describe('onInstitutionRefusal', () => {
  it('tells of a 403 or 404 in an institution (its id), not of other answers or paths', async () => {
    server.use(
      http.get('*/api/institution/:id/tiles', ({ params }) =>
        params.id === 'gone'
          ? HttpResponse.json({ title: 'Not Found', status: 404 }, { status: 404 })
          : params.id === 'busy'
            ? HttpResponse.json({ title: 'Busy', status: 503 }, { status: 503 })
            : HttpResponse.json({ title: 'Forbidden', status: 403 }, { status: 403 }),
      ),
      http.get('*/api/user/current', () =>
        HttpResponse.json({ title: 'Forbidden', status: 403 }, { status: 403 }),
      ),
    );
    const heard: [string, number][] = [];
    const stop = onInstitutionRefusal((id, status) => heard.push([id, status]));
    await expect(apiGet('/institution/gone/tiles')).rejects.toBeInstanceOf(ApiError);
    await expect(apiGet('/institution/admin-only/tiles')).rejects.toBeInstanceOf(ApiError);
    await expect(apiGet('/institution/busy/tiles')).rejects.toBeInstanceOf(ApiError);
    await expect(apiGet('/user/current')).rejects.toBeInstanceOf(ApiError);
    stop();
    await expect(apiGet('/institution/gone/tiles')).rejects.toBeInstanceOf(ApiError);
    expect(heard).toEqual([
      ['gone', 404],
      ['admin-only', 403],
    ]);
  });
});

describe('needsBearerToken', () => {
  const origin = 'https://portal.example';
  it.each([
    ['/api/user/current', true],
    ['/api/institution/1/tiles?x=1', true],
    ['/api/ping', true],
    ['/api', true],
    ['https://portal.example/api/user/logout', true],
    ['/api/clients/public/config', false],
    ['/api/clients/public', false],
    ['/api/assets/logo.svg', false],
    ['/api/assets', false],
    ['/api/clients/publicity', true],
    ['/api/assetsfoo', true],
    ['/assets/index.js', false],
    ['/auth/realms/portal/protocol/openid-connect/token', false],
    ['https://other.example/api/user/current', false],
  ])('%s → %s', (url, expected) => {
    expect(needsBearerToken(url, origin)).toBe(expected);
  });
});

describe('apiRequest', () => {
  it('sends Accept: application/json and the bearer token on API requests', async () => {
    let headers: Headers | undefined;
    server.use(
      http.get('*/api/user/current', ({ request }) => {
        headers = request.headers;
        return HttpResponse.json({ id: 'u' });
      }),
    );
    setAccessTokenProvider(async () => 'token-1');
    await expect(apiGet('/user/current')).resolves.toEqual({ id: 'u' });
    expect(headers?.get('accept')).toBe('application/json');
    expect(headers?.get('authorization')).toBe('Bearer token-1');
  });

  it('sends no token to /clients/public and does not ask for one', async () => {
    let headers: Headers | undefined;
    server.use(
      http.get('*/api/clients/public/config', ({ request }) => {
        headers = request.headers;
        return HttpResponse.json({ realm: 'portal' });
      }),
    );
    const provider = vi.fn(async () => 'token-1');
    setAccessTokenProvider(provider);
    await apiGet('/clients/public/config');
    expect(headers?.get('accept')).toBe('application/json');
    expect(headers?.has('authorization')).toBe(false);
    expect(provider).not.toHaveBeenCalled();
  });

  it('sends JSON bodies and answers undefined for 204', async () => {
    let body: unknown;
    server.use(
      http.post('*/api/things', async ({ request }) => {
        body = await request.json();
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await expect(apiPost('/things', { a: 1 })).resolves.toBeUndefined();
    expect(body).toEqual({ a: 1 });
  });

  it('turns a non-2xx answer into ApiError with the parsed problem', async () => {
    const problem = { type: 'about:blank', title: 'Forbidden', status: 403, detail: 'nope' };
    server.use(
      http.get('*/api/user/current', () =>
        HttpResponse.json(problem, {
          status: 403,
          headers: { 'Content-Type': 'application/problem+json' },
        }),
      ),
    );
    const error = await apiGet('/user/current').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(403);
    expect((error as ApiError).problem).toEqual(problem);
  });

  it('gives ApiError without problem for a plain error answer', async () => {
    server.use(http.get('*/api/ping', () => new HttpResponse('down', { status: 502 })));
    const error = (await apiGet('/ping').catch((caught: unknown) => caught)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.problem).toBeNull();
  });
});

describe('apiGetBlob with progress', () => {
  const stream = (pieces: number[]) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const piece of pieces) controller.enqueue(new Uint8Array(piece).fill(65));
        controller.close();
      },
    });

  it('tells of every piece with the size the server said, and answers the whole file with its type', async () => {
    server.use(
      http.get(
        '*/api/file',
        () =>
          new HttpResponse(stream([3, 5, 2]), {
            headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': '10' },
          }),
      ),
    );
    const heard: { received: number; total: number | null }[] = [];
    const blob = await apiGetBlob('/file', undefined, (progress) => heard.push(progress));
    // The transport may join pieces: from nothing to all, growing, each with the size.
    const received = heard.map((progress) => progress.received);
    expect(received[0]).toBe(0);
    expect(received.at(-1)).toBe(10);
    expect(received).toEqual([...received].sort((a, b) => a - b));
    expect(heard.every((progress) => progress.total === 10)).toBe(true);
    expect(await blob.text()).toBe('AAAAAAAAAA');
    expect(blob.type).toBe('text/plain; charset=utf-8');
  });

  it('without a size from the server counts what came, total null', async () => {
    server.use(http.get('*/api/file', () => new HttpResponse(stream([4]))));
    const heard: { received: number; total: number | null }[] = [];
    await apiGetBlob('/file', undefined, (progress) => heard.push(progress));
    expect(heard.at(-1)).toEqual({ received: 4, total: null });
  });
});

describe('token refresh before a request', () => {
  const config = { authUrl: 'https://idp', realm: 'portal', clientId: 'portal-web' };
  const storageKey = userStorageKey(config);
  const nowSeconds = Math.floor(Date.now() / 1000);
  // Written through oidc-client-ts' own store, so the session reads what the library writes.
  const libraryManager = new UserManager({
    authority: 'https://idp/realms/portal',
    client_id: 'portal-web',
    redirect_uri: 'http://localhost/signin-callback',
    userStore: new WebStorageStateStore({ store: localStorage }),
  });
  const store = (accessToken: string, expiresIn: number) =>
    libraryManager.storeUser(
      new User({
        access_token: accessToken,
        token_type: 'Bearer',
        profile: {
          sub: 'anna',
          iss: 'https://idp/realms/portal',
          aud: 'portal-web',
          exp: 0,
          iat: 0,
        },
        expires_at: nowSeconds + expiresIn,
      }),
    );

  function setup() {
    const order: string[] = [];
    const manager = {
      getUser: vi.fn(async () => ({ expired: false, expires_in: 5, access_token: 'old' })),
      signinSilent: vi.fn(async () => {
        order.push('refresh');
        await store('fresh', 300);
        return { access_token: 'fresh' };
      }),
      signinRedirect: vi.fn(async () => {}),
      removeUser: vi.fn(async () => {}),
    } as unknown as SessionUserManager;
    const session = createSession(async () => manager, {
      storageKey,
      locks: null,
      now: () => nowSeconds,
    });
    setAccessTokenProvider(() => session.getValidAccessToken());
    server.use(
      http.get('*/api/user/current', ({ request }) => {
        order.push(`request ${request.headers.get('authorization')}`);
        return HttpResponse.json({});
      }),
    );
    return { order, manager };
  }

  it('renews a token valid for less than 20 s first, then sends the new one', async () => {
    await store('old', 19);
    expect(localStorage.getItem(storageKey)).toContain('"access_token":"old"');
    const { order, manager } = setup();
    await apiGet('/user/current');
    expect(order).toEqual(['refresh', 'request Bearer fresh']);
    expect(manager.signinSilent).toHaveBeenCalledTimes(1);
  });

  it('uses a token valid for 20 s or more as it is', async () => {
    await store('old', 20);
    const { order, manager } = setup();
    await apiGet('/user/current');
    expect(order).toEqual(['request Bearer old']);
    expect(manager.signinSilent).not.toHaveBeenCalled();
  });

  it('renews once for parallel requests', async () => {
    await store('old', 3);
    const { order, manager } = setup();
    await Promise.all([apiGet('/user/current'), apiGet('/user/current'), apiGet('/user/current')]);
    expect(manager.signinSilent).toHaveBeenCalledTimes(1);
    expect(order.filter((entry) => entry === 'request Bearer fresh')).toHaveLength(3);
  });
});

describe('a 401 answer', () => {
  const storageKey = 'oidc.user:https://idp/realms/portal:portal-web';
  const nowSeconds = 1_000_000;

  function setup(renewal: 'works' | 'fails') {
    localStorage.setItem(
      storageKey,
      JSON.stringify({ access_token: 'revoked', expires_at: nowSeconds + 300 }),
    );
    const sent: (string | null)[] = [];
    const manager = {
      getUser: vi.fn(async () => ({ expired: false, expires_in: 300, access_token: 'revoked' })),
      signinSilent: vi.fn(async () => {
        // oidc-client-ts's error for the provider's 400 answer (the session is over).
        if (renewal === 'fails') {
          throw Object.assign(new Error('invalid_grant'), { name: 'ErrorResponse' });
        }
        return { access_token: 'fresh' };
      }),
      signinRedirect: vi.fn(async () => {}),
      removeUser: vi.fn(async () => localStorage.removeItem(storageKey)),
    } as unknown as SessionUserManager;
    const session = createSession(async () => manager, {
      storageKey,
      locks: null,
      now: () => nowSeconds,
      currentUrl: () => '/orders',
    });
    setAccessTokenProvider(
      () => session.getValidAccessToken(),
      (rejected) => session.renewAccessToken(rejected),
    );
    return { sent, manager };
  }

  it('renews once and retries the request with the new token', async () => {
    const { sent, manager } = setup('works');
    server.use(
      http.post('*/api/user/ensureBackendUserExists', async ({ request }) => {
        const authorization = request.headers.get('authorization');
        sent.push(`${authorization} ${await request.text()}`);
        return authorization === 'Bearer fresh'
          ? HttpResponse.json({ ok: true })
          : HttpResponse.json({ title: 'Unauthorized', status: 401 }, { status: 401 });
      }),
    );
    await expect(apiPost('/user/ensureBackendUserExists', { a: 1 })).resolves.toEqual({
      ok: true,
    });
    expect(sent).toEqual(['Bearer revoked {"a":1}', 'Bearer fresh {"a":1}']);
    // The stored token was still "valid": the renewal did not hand back the refused one.
    expect(manager.signinSilent).toHaveBeenCalledTimes(1);
  });

  it('retries only once: a second 401 is the answer', async () => {
    const { manager } = setup('works');
    let calls = 0;
    server.use(
      http.get('*/api/user/current', () => {
        calls += 1;
        return HttpResponse.json({ title: 'Unauthorized', status: 401 }, { status: 401 });
      }),
    );
    const error = await apiGet('/user/current').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(calls).toBe(2);
    expect(manager.signinSilent).toHaveBeenCalledTimes(1);
  });

  it('signs out and starts sign-in when the provider refuses the renewal', async () => {
    const { manager } = setup('fails');
    let calls = 0;
    server.use(
      http.get('*/api/user/current', () => {
        calls += 1;
        return HttpResponse.json({ title: 'Unauthorized', status: 401 }, { status: 401 });
      }),
    );
    await expect(apiGet('/user/current')).rejects.toMatchObject({ status: 401 });
    expect(calls).toBe(1);
    expect(manager.removeUser).toHaveBeenCalledTimes(1);
    expect(manager.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/orders' } });
    expect(localStorage.getItem(storageKey)).toBeNull();
  });

  // A practice's staff member downloads a document with a token the API no longer takes: the
  // download failed ("Bitte versuchen Sie es erneut") and failed again on every try.
  it('renews once and downloads the file with the new token; Accept: application/json', async () => {
    const { manager } = setup('works');
    const sent: string[] = [];
    const documentPath = '/institution/i-1/document/d-1';
    server.use(
      http.get(`*/api${documentPath}`, ({ request }) => {
        const authorization = request.headers.get('authorization');
        sent.push(`${authorization} ${request.headers.get('accept')}`);
        return authorization === 'Bearer fresh'
          ? new HttpResponse('Rechnung', { headers: { 'Content-Type': 'text/plain' } })
          : HttpResponse.json({ title: 'Unauthorized', status: 401 }, { status: 401 });
      }),
    );
    const blob = await apiGetBlob(documentPath);
    expect(await blob.text()).toBe('Rechnung');
    expect(sent).toEqual(['Bearer revoked application/json', 'Bearer fresh application/json']);
    expect(manager.signinSilent).toHaveBeenCalledTimes(1);
  });
});

describe('while impersonating', () => {
  const storageKey = 'oidc.user:https://idp/realms/portal:portal-web';
  const tokenEndpoint = 'https://idp/realms/portal/protocol/openid-connect/token';
  const nowSeconds = 1_000_000;

  /** The support user's own token and the customer's, which ends in `impersonatedFor` s. */
  function setup(impersonatedFor: number) {
    localStorage.setItem(
      storageKey,
      JSON.stringify({ access_token: 'own', expires_at: nowSeconds + 300 }),
    );
    localStorage.setItem(IMPERSONATION_KEYS.accessToken, 'customer');
    localStorage.setItem(IMPERSONATION_KEYS.refreshToken, 'customer-refresh');
    localStorage.setItem(IMPERSONATION_KEYS.expiresAt, String(nowSeconds + impersonatedFor));
    const sent: (string | null)[] = [];
    const manager = {
      getUser: vi.fn(async () => ({ expired: false, expires_in: 300, access_token: 'own' })),
      signinSilent: vi.fn(async () => ({ access_token: 'own-renewed' })),
      signinRedirect: vi.fn(async () => {}),
      removeUser: vi.fn(async () => localStorage.removeItem(storageKey)),
    } as unknown as SessionUserManager;
    const onImpersonationChanged = vi.fn();
    const session = createSession(async () => manager, {
      storageKey,
      locks: null,
      now: () => nowSeconds,
      tokenEndpoint,
      clientId: 'portal-web',
      onImpersonationChanged,
    });
    setAccessTokenProvider(
      () => session.getValidAccessToken(),
      (rejected) => session.renewAccessToken(rejected),
    );
    server.use(
      // The impersonation's lifetime is over: the provider refuses its refresh token.
      http.post(tokenEndpoint, () =>
        HttpResponse.json({ error: 'invalid_grant' }, { status: 400 }),
      ),
      http.put('*/api/accountdata/', ({ request }) => {
        const authorization = request.headers.get('authorization');
        sent.push(authorization);
        return authorization === 'Bearer customer'
          ? HttpResponse.json({ title: 'Unauthorized', status: 401 }, { status: 401 })
          : new HttpResponse(null, { status: 204 });
      }),
    );
    return { sent, onImpersonationChanged, manager };
  }

  const save = () =>
    apiRequest('/accountdata/', { method: 'PUT', body: { firstName: 'Max', lastName: 'Muster' } });

  it('sends no request when the impersonated token cannot be renewed, and ends the impersonation', async () => {
    const { sent, onImpersonationChanged } = setup(10);
    await expect(save()).rejects.toBeInstanceOf(ImpersonationEndedError);
    expect(sent).toEqual([]);
    expect(localStorage.getItem(IMPERSONATION_KEYS.accessToken)).toBeNull();
    expect(onImpersonationChanged).toHaveBeenCalledTimes(1);
  });

  it('does not send a refused request again with the own token', async () => {
    const { sent, onImpersonationChanged, manager } = setup(300);
    await expect(save()).rejects.toMatchObject({ status: 401 });
    expect(sent).toEqual(['Bearer customer']);
    expect(manager.signinSilent).not.toHaveBeenCalled();
    expect(onImpersonationChanged).toHaveBeenCalledTimes(1);
  });
});
