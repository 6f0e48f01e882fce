import type { Problem } from '@portal/contract';
import { noteStartRequest, takeEarlyAnswer } from './early-requests';

/** Base path of the REST API on this origin. */
export const API_BASE = '/api';

/** API paths (below `/api`) that are called without a bearer token. */
const PUBLIC_API_PREFIXES = ['/assets', '/clients/public'];

/** Non-2xx answer of the API; `problem` holds the parsed `application/problem+json` body. */
export class ApiError extends Error {
  readonly status: number;
  readonly problem: Problem | null;
  /** Parsed JSON body when the answer was JSON but not a problem document (e.g. a tile). */
  readonly body: unknown;
  /** Seconds the server asked to wait before trying again (`Retry-After`, e.g. with a 503). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    status: number,
    problem: Problem | null,
    body: unknown = problem,
    retryAfterSeconds?: number,
  ) {
    super(problem?.title ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.problem = problem;
    this.body = body;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** `Retry-After` in seconds (the delay form; an HTTP date is not used by this API). */
function retryAfterOf(response: Response): number | undefined {
  const value = response.headers.get('retry-after');
  return value && /^\d+$/.test(value.trim()) ? Number(value) : undefined;
}

/** The API's answer as an error (`problem` when it sent problem+json). */
async function errorOf(response: Response): Promise<ApiError> {
  const parsed = await readBody(response);
  return new ApiError(
    response.status,
    isProblem(parsed) ? parsed : null,
    parsed,
    retryAfterOf(response),
  );
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** Told of an institution's answer 403 or 404: the person's access there may have changed. */
type RefusalListener = (institutionId: string, status: 403 | 404) => void;
const refusalListeners = new Set<RefusalListener>();

/**
 * Listens for answers 403 and 404 of the API under `/institution/{id}`: the server checks the
 * membership and the role on every request, so an admin who removed this person from the
 * institution, or changed their role, meanwhile shows here first (a page left open all day
 * still holds the roles of the morning). Answers the unsubscribe.
 */
export function onInstitutionRefusal(listener: RefusalListener): () => void {
  refusalListeners.add(listener);
  return () => refusalListeners.delete(listener);
}

/** Tells the listeners when `status` to `url` was a refusal in an institution. */
export function noteRefusal(url: string, status: number) {
  if (status !== 403 && status !== 404) return;
  const match = /^\/api\/institution\/([^/?#]+)/.exec(
    new URL(url, window.location.origin).pathname,
  );
  if (!match?.[1]) return;
  const institutionId = decodeURIComponent(match[1]);
  for (const listener of refusalListeners) listener(institutionId, status);
}

type TokenProvider = () => Promise<string | null>;
/** Renews after the API refused `rejected` (401); rejects when renewal failed (signed out). */
type TokenRenewer = (rejected: string) => Promise<string>;
let tokenProvider: TokenProvider | null = null;
let tokenRenewer: TokenRenewer | null = null;

/**
 * Connects the client to the session. The provider returns an access token valid for at least
 * 20 s (renewing it first) or null when signed out; the renewer is used once after a 401.
 */
export function setAccessTokenProvider(
  provider: TokenProvider | null,
  renewer: TokenRenewer | null = null,
) {
  tokenProvider = provider;
  tokenRenewer = renewer;
}

const hasPrefix = (path: string, prefix: string) =>
  path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`);

/**
 * Whether a request to `url` gets the bearer header: every request to the API except paths
 * under `/assets` and `/clients/public`. Requests to other origins never get the token.
 */
export function needsBearerToken(url: string, origin: string = window.location.origin): boolean {
  const parsed = new URL(url, origin);
  if (parsed.origin !== origin) return false;
  const path = parsed.pathname;
  if (!hasPrefix(path, API_BASE)) return false;
  const apiPath = path.slice(API_BASE.length) || '/';
  return !PUBLIC_API_PREFIXES.some((prefix) => hasPrefix(apiPath, prefix));
}

const isProblem = (value: unknown): value is Problem =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Problem).title === 'string' &&
  typeof (value as Problem).status === 'number';

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const type = response.headers.get('content-type') ?? '';
  const text = await response.text();
  if (!text) return undefined;
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

export interface ApiRequestInit {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** Sent as JSON unless it is FormData, a Blob or a string. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  credentials?: RequestCredentials;
  /**
   * A POST without body that may be sent again as it is (idempotent): then, like a GET, the
   * early-requests script may send it on the next load of the page before the app has loaded.
   */
  repeatable?: boolean;
}

/**
 * Calls the API. `path` is relative to `/api` (e.g. `/user/current`) or an absolute URL.
 * Every request sends `Accept: application/json`; API requests carry the bearer token.
 */
export async function apiRequest<T = unknown>(path: string, init: ApiRequestInit = {}): Promise<T> {
  const url = /^https?:\/\//.test(path) || path.startsWith(API_BASE) ? path : `${API_BASE}${path}`;
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  let body: BodyInit | undefined;
  if (init.body !== undefined) {
    if (
      init.body instanceof FormData ||
      init.body instanceof Blob ||
      typeof init.body === 'string'
    ) {
      body = init.body as BodyInit;
    } else {
      body = JSON.stringify(init.body);
      headers.set('Content-Type', 'application/json');
    }
  }
  let token: string | null = null;
  if (tokenProvider && needsBearerToken(url)) {
    token = await tokenProvider();
    if (token) headers.set('Authorization', `Bearer ${token}`);
  }
  const method = init.method ?? 'GET';
  // Absolute, so that the same code runs in the browser and under Node's fetch (tests).
  const send = () =>
    fetch(new URL(url, window.location.origin), {
      method,
      headers,
      body,
      signal: init.signal,
      credentials: init.credentials ?? 'same-origin',
    });
  // What index.html's early-requests script can send as the app would (early-requests.ts): a
  // GET, or a repeatable POST, with the token and no body, headers or credentials of its own.
  const repeatable =
    token !== null &&
    (method === 'GET' || (method === 'POST' && init.repeatable === true)) &&
    init.body === undefined &&
    init.headers === undefined &&
    init.credentials === undefined;
  let response: Response;
  if (token && repeatable) {
    noteStartRequest(method, url, token);
    const early = takeEarlyAnswer(method, url, token);
    response = early ? await early.catch(send) : await send();
  } else {
    response = await send();
  }
  response = await renewedOn401(response, token, headers, send);
  if (!response.ok) {
    noteRefusal(url, response.status);
    throw await errorOf(response);
  }
  return (await readBody(response)) as T;
}

/**
 * The answer to a request sent with `token`, or, when the API refused that token (401: revoked,
 * or the clocks disagree), the answer to the same request sent once more with a renewed token.
 * A failed renewal has signed out and started sign-in; the caller gets the 401.
 */
async function renewedOn401(
  response: Response,
  token: string | null,
  headers: Headers,
  send: () => Promise<Response>,
): Promise<Response> {
  if (response.status !== 401 || !token || !tokenRenewer) return response;
  const renewed = await tokenRenewer(token).catch(() => null);
  if (!renewed) return response;
  headers.set('Authorization', `Bearer ${renewed}`);
  return send();
}

export const apiGet = <T>(path: string, signal?: AbortSignal) =>
  apiRequest<T>(path, { method: 'GET', signal });

export const apiPost = <T = void>(path: string, body?: unknown, init: ApiRequestInit = {}) =>
  apiRequest<T>(path, { ...init, method: 'POST', body });

/** How much of a download has arrived: `total` from Content-Length, null when not sent. */
export type DownloadProgress = { received: number; total: number | null };

/**
 * Downloads a file from the API as a blob (with the bearer token); non-2xx throws ApiError.
 * `onProgress` hears of every piece as it arrives.
 */
export async function apiGetBlob(
  path: string,
  signal?: AbortSignal,
  onProgress?: (progress: DownloadProgress) => void,
): Promise<Blob> {
  const url = path.startsWith(API_BASE) ? path : `${API_BASE}${path}`;
  // Every request sends Accept: application/json (spec section 7), a download too: the file
  // comes with its own content type, a refusal as problem+json.
  const headers = new Headers({ Accept: 'application/json' });
  let token: string | null = null;
  if (tokenProvider && needsBearerToken(url)) {
    token = await tokenProvider();
    if (token) headers.set('Authorization', `Bearer ${token}`);
  }
  const send = () => fetch(new URL(url, window.location.origin), { headers, signal });
  const response = await renewedOn401(await send(), token, headers, send);
  if (!response.ok) {
    noteRefusal(url, response.status);
    throw await errorOf(response);
  }
  return onProgress ? readWithProgress(response, onProgress) : response.blob();
}

/**
 * The body as a Blob of the answer's type, read piece by piece so that `onProgress` hears of
 * every piece (a large file on a slow line: the person sees it come). Without a readable body
 * (older browsers) it is read whole.
 */
async function readWithProgress(
  response: Response,
  onProgress: (progress: DownloadProgress) => void,
): Promise<Blob> {
  const length = Number(response.headers.get('content-length'));
  const total = Number.isSafeInteger(length) && length > 0 ? length : null;
  const type = response.headers.get('content-type') ?? '';
  if (!response.body) return response.blob();
  const reader = response.body.getReader();
  const pieces: Uint8Array[] = [];
  let received = 0;
  onProgress({ received, total });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    pieces.push(value);
    received += value.byteLength;
    onProgress({ received, total });
  }
  return new Blob(pieces as BlobPart[], { type });
}

/**
 * The bearer token for a request to `url` (null when none is needed or signed out), for calls
 * that cannot go through `apiRequest` (an XMLHttpRequest upload that reports its progress).
 */
export async function accessTokenFor(url: string): Promise<string | null> {
  return tokenProvider && needsBearerToken(url) ? tokenProvider() : null;
}
