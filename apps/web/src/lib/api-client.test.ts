import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, apiPost, needsBearerToken, setAccessTokenProvider } from './api-client';
import { createSession, type SessionUserManager } from './oidc';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  setAccessTokenProvider(null);
  localStorage.clear();
});
afterAll(() => server.close());

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

describe('token refresh before a request', () => {
  const storageKey = 'oidc.user:https://idp/realms/portal:portal-web';
  const nowSeconds = 1_000_000;
  const store = (accessToken: string, expiresIn: number) =>
    localStorage.setItem(
      storageKey,
      JSON.stringify({ access_token: accessToken, expires_at: nowSeconds + expiresIn }),
    );

  function setup() {
    const order: string[] = [];
    const manager = {
      getUser: vi.fn(async () => ({ expired: false, expires_in: 5, access_token: 'old' })),
      signinSilent: vi.fn(async () => {
        order.push('refresh');
        store('fresh', 300);
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
    store('old', 19);
    const { order, manager } = setup();
    await apiGet('/user/current');
    expect(order).toEqual(['refresh', 'request Bearer fresh']);
    expect(manager.signinSilent).toHaveBeenCalledTimes(1);
  });

  it('uses a token valid for 20 s or more as it is', async () => {
    store('old', 20);
    const { order, manager } = setup();
    await apiGet('/user/current');
    expect(order).toEqual(['request Bearer old']);
    expect(manager.signinSilent).not.toHaveBeenCalled();
  });

  it('renews once for parallel requests', async () => {
    store('old', 3);
    const { order, manager } = setup();
    await Promise.all([apiGet('/user/current'), apiGet('/user/current'), apiGet('/user/current')]);
    expect(manager.signinSilent).toHaveBeenCalledTimes(1);
    expect(order.filter((entry) => entry === 'request Bearer fresh')).toHaveLength(3);
  });
});
