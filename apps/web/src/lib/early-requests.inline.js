// Starts the first view's API requests while the app's scripts are still on their way.
//
// Inlined into index.html's <head> at build time (src/build/inline-early-requests.ts); the
// server allows exactly this script by its hash in the page's Content-Security-Policy. At the
// end of its last start on this page (path and query), the app wrote down which requests its
// first view sent (early-requests.ts). With the token the app would send (the impersonated one
// while an impersonation is stored, else the own one), valid for 30 s or more and of the same
// subject as then, this sends them again now and leaves the pending answers on `window`. The
// API client takes an answer only for the same request with the same token, once, during the
// start; everything else goes out as it would without this script. Plain script, no imports:
// it runs before any module has loaded. Keys and names: early-requests.ts, impersonation-tokens.ts.
(() => {
  try {
    const storage = window.localStorage;
    const record = JSON.parse(storage.getItem('portal.early-requests') || 'null');
    const page = window.location.pathname + window.location.search;
    const requests = record?.version === 1 ? record.pages?.[page] : undefined;
    if (!Array.isArray(requests) || typeof record.storageKey !== 'string') return;

    let token = storage.getItem('portal.impersonation.access_token');
    let expiresAt = Number(storage.getItem('portal.impersonation.expires_at'));
    if (!token) {
      const user = JSON.parse(storage.getItem(record.storageKey) || 'null');
      token = user?.access_token;
      expiresAt = user?.expires_at;
    }
    // The app renews a token with less than 20 s left before using it: leave those to it.
    if (typeof token !== 'string' || !(expiresAt - Date.now() / 1000 >= 30)) return;
    const payload = token.split('.')[1] || '';
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    if (!claims || typeof claims.sub !== 'string' || claims.sub !== record.subject) return;

    const pending = {};
    for (const request of requests.slice(0, 16)) {
      // Only the portal's own API, by a plain path: no other origin, no way out of /api.
      const match = typeof request === 'string' && /^(GET|POST) (\/api\/[^\s\\]*)$/.exec(request);
      if (!match || /\/\/|\/\.\.?(\/|\?|$)/.test(match[2]) || pending[request]) continue;
      const answer = fetch(window.location.origin + match[2], {
        method: match[1],
        headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
        credentials: 'same-origin',
      });
      // Not taken (or failed): the app asks again itself; never an unhandled rejection.
      answer.catch(() => undefined);
      pending[request] = answer;
    }
    window.__portalEarlyRequests = { token, pending };
  } catch {
    // Anything unexpected (storage blocked, a malformed record or token): the app sends its
    // requests itself, as without this script.
  }
})();
