import { readFileSync } from 'node:fs';
import path from 'node:path';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { earlyRequestsScript } from '../build/inline-early-requests';
import { setupMswServer } from '../test/msw-server';
import { apiGet, apiPost, apiRequest, setAccessTokenProvider } from './api-client';
import {
  dropEarlyAnswers,
  EARLY_REQUESTS_KEY,
  type EarlyRequestsRecord,
  forgetEarlyRequests,
  MAX_EARLY_PAGES,
  MAX_EARLY_REQUESTS,
  noteStartRequest,
  recordStart,
  saveStart,
} from './early-requests';
import { IMPERSONATION_KEYS } from './impersonation-tokens';
import { userStorageKey } from './oidc';

/** The script exactly as the build inlines it into index.html. */
const inlineScript = earlyRequestsScript(
  readFileSync(path.join(import.meta.dirname, 'early-requests.inline.js'), 'utf8'),
);
const runInlineScript = () => new Function(inlineScript)();

const storageKey = userStorageKey({
  authUrl: 'http://localhost/auth',
  realm: 'portal',
  clientId: 'portal-web',
});
const base64Url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (sub: string, extra: object = {}) =>
  `${base64Url({ alg: 'RS256' })}.${base64Url({ sub, name: 'Anna Müller', ...extra })}.signature`;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const storeOwnUser = (accessToken: string, expiresIn: number) =>
  localStorage.setItem(
    storageKey,
    JSON.stringify({ access_token: accessToken, expires_at: nowSeconds() + expiresIn }),
  );

/** Writes the record as the app does at the end of a start on `page`. */
function recordPage(page: string, token: string, requests: [string, string][]) {
  recordStart();
  for (const [method, url] of requests) noteStartRequest(method, url, token);
  saveStart([page], storageKey);
}
const readRecord = () =>
  JSON.parse(localStorage.getItem(EARLY_REQUESTS_KEY) ?? 'null') as EarlyRequestsRecord | null;

const server = setupMswServer();
/** Every request the API saw: method, path with query, bearer token. */
let seen: { method: string; path: string; token: string | null }[] = [];
beforeEach(() => {
  seen = [];
  server.use(
    http.all('*/api/*', ({ request }) => {
      const url = new URL(request.url);
      const token = request.headers.get('authorization')?.replace(/^Bearer /, '') ?? null;
      seen.push({ method: request.method, path: `${url.pathname}${url.search}`, token });
      return HttpResponse.json({ path: url.pathname, answer: seen.length });
    }),
  );
});
afterEach(() => {
  setAccessTokenProvider(null);
  dropEarlyAnswers();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

const anna = jwt('anna');
const dashboardRequests: [string, string][] = [
  ['POST', '/api/user/ensureBackendUserExists'],
  ['GET', '/api/user/current'],
  ['GET', '/api/institution/i-1/tiles'],
  ['GET', '/api/documents/metadata?institution=i-1'],
];
const pending = () => Object.keys(window.__portalEarlyRequests?.pending ?? {});

describe('the inline script of index.html', () => {
  it('sends the requests the last start on this page sent, with the stored token', async () => {
    storeOwnUser(anna, 300);
    recordPage('/dashboard', anna, dashboardRequests);
    window.history.replaceState(null, '', '/dashboard');
    runInlineScript();
    expect(window.__portalEarlyRequests?.token).toBe(anna);
    await Promise.all(Object.values(window.__portalEarlyRequests?.pending ?? {}));
    expect(seen).toEqual(
      dashboardRequests.map(([method, url]) => ({ method, path: url, token: anna })),
    );
  });

  it('sends the impersonated token while an impersonation is stored', async () => {
    const customer = jwt('customer-user', { impersonator: 'sara' });
    storeOwnUser(jwt('sara'), 300);
    localStorage.setItem(IMPERSONATION_KEYS.accessToken, customer);
    localStorage.setItem(IMPERSONATION_KEYS.expiresAt, String(nowSeconds() + 300));
    recordPage('/dashboard', customer, [['GET', '/api/user/current']]);
    window.history.replaceState(null, '', '/dashboard');
    runInlineScript();
    await Promise.all(Object.values(window.__portalEarlyRequests?.pending ?? {}));
    expect(seen).toEqual([{ method: 'GET', path: '/api/user/current', token: customer }]);
  });

  it.each([
    ['the token has less than 30 s left (the app renews it first)', () => storeOwnUser(anna, 25)],
    [
      'the token has no expiry',
      () => localStorage.setItem(storageKey, `{"access_token":"${anna}"}`),
    ],
    ['nobody is signed in', () => localStorage.removeItem(storageKey)],
    ['another person signed in since', () => storeOwnUser(jwt('max'), 300)],
    ['the token is no JWT', () => storeOwnUser('opaque-token', 300)],
    [
      'the impersonation stored is about to end (the app renews or ends it)',
      () => {
        localStorage.setItem(IMPERSONATION_KEYS.accessToken, anna);
        localStorage.setItem(IMPERSONATION_KEYS.expiresAt, String(nowSeconds() + 10));
      },
    ],
    ['the page is another one', () => window.history.replaceState(null, '', '/account')],
    [
      'the query differs',
      () => window.history.replaceState(null, '', '/dashboard?institutionId=i-2'),
    ],
    ['the record is malformed', () => localStorage.setItem(EARLY_REQUESTS_KEY, '{"version":1')],
    [
      'the record is of another version',
      () =>
        localStorage.setItem(EARLY_REQUESTS_KEY, JSON.stringify({ ...readRecord(), version: 2 })),
    ],
  ])('sends nothing when %s', async (_case, change) => {
    storeOwnUser(anna, 300);
    recordPage('/dashboard', anna, dashboardRequests);
    window.history.replaceState(null, '', '/dashboard');
    change();
    expect(runInlineScript).not.toThrow();
    expect(window.__portalEarlyRequests).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen).toEqual([]);
  });

  it('sends only plain paths of the API of this origin, at most 16', async () => {
    storeOwnUser(anna, 300);
    recordPage('/dashboard', anna, [['GET', '/api/user/current']]);
    const record = readRecord()!;
    const requests = [
      'GET https://elsewhere.example/api/user/current',
      'GET //elsewhere.example/api/user/current',
      'GET /api//elsewhere.example',
      'GET /api/../auth/realms/portal/account',
      'GET /api/./user/current',
      'GET /api/institution/..',
      'GET /api\\..\\auth',
      'DELETE /api/institution/i-1',
      'GET /auth/realms/portal/account',
      'GET /api/user/current HTTP/1.1',
      42,
      ...Array.from({ length: 20 }, (_, index) => `GET /api/institution/i-${index}`),
    ];
    localStorage.setItem(
      EARLY_REQUESTS_KEY,
      JSON.stringify({ ...record, pages: { '/dashboard': requests } }),
    );
    window.history.replaceState(null, '', '/dashboard');
    runInlineScript();
    await Promise.all(Object.values(window.__portalEarlyRequests?.pending ?? {}));
    // Of the first 16 entries, only the 5 API paths are sent.
    expect(seen.map((request) => request.path)).toEqual([
      '/api/institution/i-0',
      '/api/institution/i-1',
      '/api/institution/i-2',
      '/api/institution/i-3',
      '/api/institution/i-4',
    ]);
  });
});

describe('the API client with early answers', () => {
  async function startEarly(token: string = anna) {
    storeOwnUser(token, 300);
    recordPage('/dashboard', token, dashboardRequests);
    window.history.replaceState(null, '', '/dashboard');
    runInlineScript();
    await Promise.all(Object.values(window.__portalEarlyRequests?.pending ?? {}));
    seen = [];
  }

  it('takes the early answer of the same request with the same token, once', async () => {
    await startEarly();
    setAccessTokenProvider(async () => anna);
    const current = await apiGet<{ answer: number }>('/user/current');
    const ensured = await apiPost<{ answer: number }>('/user/ensureBackendUserExists', undefined, {
      repeatable: true,
    });
    // Answered by the early requests (numbered 1 to 4 in the order they were sent).
    expect(current).toEqual({ path: '/api/user/current', answer: 2 });
    expect(ensured).toEqual({ path: '/api/user/ensureBackendUserExists', answer: 1 });
    expect(seen).toEqual([]);
    expect(pending()).toEqual([
      'GET /api/institution/i-1/tiles',
      'GET /api/documents/metadata?institution=i-1',
    ]);
    // Asked again: a request of its own.
    await apiGet('/user/current');
    expect(seen).toEqual([{ method: 'GET', path: '/api/user/current', token: anna }]);
  });

  it('sends its own request when the token is another one (renewed since)', async () => {
    await startEarly();
    const renewed = jwt('anna', { jti: 'renewed' });
    setAccessTokenProvider(async () => renewed);
    await apiGet('/user/current');
    expect(seen).toEqual([{ method: 'GET', path: '/api/user/current', token: renewed }]);
  });

  it('sends its own request for a request the early ones do not match', async () => {
    await startEarly();
    setAccessTokenProvider(async () => anna);
    await apiPost('/user/ensureBackendUserExists'); // not marked repeatable
    await apiRequest('/user/current', { headers: { 'X-Extra': '1' } });
    await apiGet('/institution/i-1/tiles?view=full');
    expect(seen.map((request) => request.path)).toEqual([
      '/api/user/ensureBackendUserExists',
      '/api/user/current',
      '/api/institution/i-1/tiles?view=full',
    ]);
    expect(pending()).toHaveLength(4);
  });

  it('sends its own request when the early one failed', async () => {
    storeOwnUser(anna, 300);
    recordPage('/dashboard', anna, [['GET', '/api/user/current']]);
    window.history.replaceState(null, '', '/dashboard');
    server.use(http.get('*/api/user/current', () => HttpResponse.error(), { once: true }));
    runInlineScript();
    setAccessTokenProvider(async () => anna);
    await expect(apiGet('/user/current')).resolves.toEqual({
      path: '/api/user/current',
      answer: 1,
    });
    expect(seen).toEqual([{ method: 'GET', path: '/api/user/current', token: anna }]);
  });

  it('leaves the early answers once the start is over', async () => {
    await startEarly();
    dropEarlyAnswers();
    setAccessTokenProvider(async () => anna);
    await apiGet('/user/current');
    expect(seen).toHaveLength(1);
  });
});

describe('the record of a start', () => {
  it('keeps what the API client sent with a token: GET and repeatable POST without body or headers', async () => {
    setAccessTokenProvider(async () => anna);
    recordStart();
    await apiGet('/user/current');
    await apiPost('/user/ensureBackendUserExists', undefined, { repeatable: true });
    await apiPost('/things', { a: 1 });
    await apiPost('/user/logout');
    await apiRequest('/documents/x', { method: 'DELETE' });
    await apiRequest('/user/current?x', { headers: { 'X-Extra': '1' } });
    await apiGet('/clients/public/config'); // no token
    await apiGet('/user/current'); // once
    saveStart(['/dashboard'], storageKey);
    expect(readRecord()).toEqual({
      version: 1,
      storageKey,
      subject: 'anna',
      pages: {
        '/dashboard': ['GET /api/user/current', 'POST /api/user/ensureBackendUserExists'],
      },
    });
    // Not recording any more.
    await apiGet('/ping');
    saveStart(['/dashboard'], storageKey);
    expect(readRecord()?.pages['/dashboard']).toHaveLength(2);
  });

  it('keeps the most recent pages first, at most 10, and at most 16 requests each', () => {
    for (let index = 0; index < MAX_EARLY_PAGES + 2; index += 1) {
      recordPage(`/page-${index}`, anna, [['GET', `/api/page/${index}`]]);
    }
    recordPage(
      '/page-3',
      anna,
      Array.from({ length: 20 }, (_, index) => ['GET', `/api/item/${index}`] as [string, string]),
    );
    const pages = readRecord()!.pages;
    expect(Object.keys(pages)).toEqual([
      '/page-3',
      '/page-11',
      '/page-10',
      '/page-9',
      '/page-8',
      '/page-7',
      '/page-6',
      '/page-5',
      '/page-4',
      '/page-2',
    ]);
    expect(pages['/page-3']).toHaveLength(MAX_EARLY_REQUESTS);
  });

  it('keeps the requests for where the load started and where the router settled', () => {
    recordPage('/account', anna, [['GET', '/api/user/current']]);
    recordStart();
    noteStartRequest('GET', '/api/institution/i-1/tiles', anna);
    saveStart(['/', '/dashboard'], storageKey);
    expect(readRecord()!.pages).toEqual({
      '/': ['GET /api/institution/i-1/tiles'],
      '/dashboard': ['GET /api/institution/i-1/tiles'],
      '/account': ['GET /api/user/current'],
    });
  });

  it('starts anew for another subject and forgets a page whose start sent nothing with a token', () => {
    recordPage('/dashboard', anna, [['GET', '/api/user/current']]);
    recordPage('/account', anna, [['GET', '/api/user/current']]);
    recordPage('/dashboard', anna, []);
    expect(Object.keys(readRecord()!.pages)).toEqual(['/account']);
    const max = jwt('max');
    recordPage('/orders', max, [['GET', '/api/user/current']]);
    expect(readRecord()).toMatchObject({ subject: 'max', pages: { '/orders': expect.any(Array) } });
    expect(Object.keys(readRecord()!.pages)).toEqual(['/orders']);
    forgetEarlyRequests();
    expect(localStorage.getItem(EARLY_REQUESTS_KEY)).toBeNull();
  });
});
