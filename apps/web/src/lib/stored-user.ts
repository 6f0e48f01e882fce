/**
 * The fields of oidc-client-ts' stored user (`User.toStorageString()`) that the app reads
 * without loading oidc-client-ts: the session's fast path, the sign-in hint, who acts while
 * impersonating.
 */
export interface StoredUser {
  access_token?: unknown;
  expires_at?: unknown;
  profile?: { sub?: unknown; name?: unknown; email?: unknown };
}

/** A stored user as oidc-client-ts wrote it (in storage, or a storage event's value). */
export function parseStoredUser(raw: string | null): StoredUser | null {
  try {
    return raw ? (JSON.parse(raw) as StoredUser) : null;
  } catch {
    return null;
  }
}
