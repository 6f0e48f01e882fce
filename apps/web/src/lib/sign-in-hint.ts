import { parseStoredUser } from './stored-user';

/**
 * `?login_hint=<e-mail>` on the portal's address: the provider's "Zur Anmeldung" after a person
 * set their password through an invitation or reset link. That link is often opened on a shared
 * computer (the practice's reception) where a colleague is still signed in: going to the portal
 * as it is showed the colleague's dashboard, and the new person worked in the colleague's name.
 */
export const SIGN_IN_HINT_PARAM = 'login_hint';

export type SignInHint =
  /** No hint in the address: start as usual. */
  | { kind: 'none' }
  /** The person signed in here is the one named: drop the hint from the address and start. */
  | { kind: 'same'; cleanUrl: string }
  /** Somebody else (or nobody) is signed in here: sign in as `email`, asking for the password. */
  | { kind: 'other'; email: string };

const emailOfStoredUser = (raw: string | null): string | null => {
  const email = parseStoredUser(raw)?.profile?.email;
  return typeof email === 'string' ? email : null;
};

/**
 * What the hint in `location` asks for, given the stored user (oidc-client-ts' JSON, or null).
 * Addresses compare without case, as the provider's sign-in does.
 */
export function readSignInHint(
  location: Pick<Location, 'pathname' | 'search' | 'hash'>,
  storedUser: string | null,
): SignInHint {
  const params = new URLSearchParams(location.search);
  const email = params.get(SIGN_IN_HINT_PARAM)?.trim();
  if (!email) return { kind: 'none' };
  const signedIn = emailOfStoredUser(storedUser);
  if (signedIn && signedIn.toLowerCase() === email.toLowerCase()) {
    params.delete(SIGN_IN_HINT_PARAM);
    const search = params.toString();
    return {
      kind: 'same',
      cleanUrl: `${location.pathname}${search ? `?${search}` : ''}${location.hash}`,
    };
  }
  return { kind: 'other', email };
}
