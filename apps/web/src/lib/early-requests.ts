import { tokenSubject } from './jwt';

/**
 * Early requests: the first view's API requests leave with the page, not after its scripts.
 *
 * Without them, a page load downloads and runs the app's JavaScript (about 175 KB on the wire)
 * and only then asks the API for the user, the institution, the tiles and the rest: on a slow
 * line one or two round trips after the scripts, with the connections idle meanwhile. So the app
 * writes down, at the end of each start on a page (`recordStart` … `saveStart`), which requests
 * its first view sent, and `early-requests.inline.js`, inlined into index.html's head, sends
 * them again on the next load of that page while the scripts download. The API client takes
 * those answers (`takeEarlyAnswer`) only for the same request with the same token, once;
 * what is left is dropped when the start is over (`dropEarlyAnswers`).
 *
 * The server still checks every request as usual; a guess that no longer fits (another
 * institution selected since, a role lost) costs a request whose answer nobody reads.
 */

/** localStorage key of the record the inline script reads (same name there). */
export const EARLY_REQUESTS_KEY = 'portal.early-requests';

/** At most this many requests per page and pages per record (the inline script sends 16). */
export const MAX_EARLY_REQUESTS = 16;
export const MAX_EARLY_PAGES = 10;

/** What the inline script reads: the requests of the first view per page (path and query). */
export interface EarlyRequestsRecord {
  version: 1;
  /** localStorage key of oidc-client-ts' stored user (see `userStorageKey`). */
  storageKey: string;
  /** The token subject the requests were sent for; another subject's load sends none. */
  subject: string;
  /** Page (path and query) → requests as `METHOD /api/path?query`, most recent page first. */
  pages: Record<string, string[]>;
}

/** What the inline script leaves on `window`: the token it sent and the pending answers. */
interface EarlyAnswers {
  token: string;
  pending: Record<string, Promise<Response> | undefined>;
}

declare global {
  interface Window {
    __portalEarlyRequests?: EarlyAnswers;
  }
}

export const earlyRequestKey = (method: string, url: string) => `${method} ${url}`;

/**
 * The answer the inline script started for this request with this token (taken once), or null.
 * A failed early request rejects: the caller then sends the request itself.
 */
export function takeEarlyAnswer(
  method: string,
  url: string,
  token: string,
): Promise<Response> | null {
  const early = window.__portalEarlyRequests;
  if (!early || early.token !== token) return null;
  const key = earlyRequestKey(method, url);
  const answer = early.pending[key];
  if (!answer) return null;
  delete early.pending[key];
  return answer;
}

/**
 * Drops the early answers nobody took: once the start is over, a request for the same URL
 * wants a fresh answer, not one from the page load.
 */
export function dropEarlyAnswers() {
  delete window.__portalEarlyRequests;
}

let recording: { requests: string[]; token: string | null } | null = null;

/** Starts writing down the requests of this start (called by the app before its first request). */
export function recordStart() {
  recording = { requests: [], token: null };
}

/**
 * Notes a request of the start, if one is being recorded: only requests to the API below
 * `/api/` that the inline script can repeat (no body, no extra headers; see `apiRequest`).
 */
export function noteStartRequest(method: string, url: string, token: string) {
  if (!recording || !url.startsWith('/api/')) return;
  const key = earlyRequestKey(method, url);
  if (recording.requests.includes(key) || recording.requests.length >= MAX_EARLY_REQUESTS) return;
  recording.requests.push(key);
  recording.token = token;
}

/**
 * Ends the recording and keeps its requests for each of `pages` (path and query: where the load
 * started and where the router settled, e.g. `/` and `/dashboard`, or the sign-in's return page),
 * most recent first. A start that sent no API request with a token (signed out) forgets those
 * pages' entries. The record belongs to one subject: another subject starts it anew.
 */
export function saveStart(
  pages: readonly string[],
  storageKey: string,
  storage: Storage = window.localStorage,
) {
  const done = recording;
  recording = null;
  if (!done || pages.length === 0) return;
  try {
    const previous = readRecord(storage);
    const subject = done.token ? tokenSubject(done.token) : null;
    if (!subject || done.requests.length === 0) {
      if (previous && pages.some((page) => previous.pages[page])) {
        for (const page of pages) delete previous.pages[page];
        storage.setItem(EARLY_REQUESTS_KEY, JSON.stringify(previous));
      }
      return;
    }
    const kept =
      previous && previous.subject === subject && previous.storageKey === storageKey
        ? Object.entries(previous.pages).filter(([other]) => !pages.includes(other))
        : [];
    const record: EarlyRequestsRecord = {
      version: 1,
      storageKey,
      subject,
      pages: Object.fromEntries(
        [...pages.map((page) => [page, done.requests] as const), ...kept].slice(0, MAX_EARLY_PAGES),
      ),
    };
    storage.setItem(EARLY_REQUESTS_KEY, JSON.stringify(record));
  } catch {
    // Storage full or blocked: the next load sends its requests after the scripts, as before.
  }
}

/** Forgets the record (signing out: the next person on this browser gets no requests of ours). */
export function forgetEarlyRequests(storage: Storage = window.localStorage) {
  try {
    storage.removeItem(EARLY_REQUESTS_KEY);
  } catch {
    // Storage blocked: nothing was kept either.
  }
}

function readRecord(storage: Storage): EarlyRequestsRecord | null {
  try {
    const value: unknown = JSON.parse(storage.getItem(EARLY_REQUESTS_KEY) ?? 'null');
    const record = value as Partial<EarlyRequestsRecord> | null;
    if (
      record?.version !== 1 ||
      typeof record.pages !== 'object' ||
      record.pages === null ||
      typeof record.subject !== 'string' ||
      typeof record.storageKey !== 'string'
    ) {
      return null;
    }
    return record as EarlyRequestsRecord;
  } catch {
    return null;
  }
}
