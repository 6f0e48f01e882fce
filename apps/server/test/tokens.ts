import { type JWK, type JWTPayload, SignJWT } from 'jose';
import type { App } from '../src/app';
import type { Config } from '../src/config';
import { DEMO_EMAILS, DEMO_USERS, type DemoUserKey } from '../src/db/seed/demo-ids';
import { loadSigningKeys } from '../src/identity/keys';

export interface TokenTarget {
  app: App;
  config: Config;
}

export interface SignOptions {
  /** Seconds until expiry (negative for an expired token); default 300. */
  expiresIn?: number;
  /** Sign with this private JWK instead of the server's own key. */
  key?: JWK;
  /** Extra protected-header members, e.g. `{ typ: 'at+jwt' }`. */
  header?: Record<string, unknown>;
}

/**
 * Signs an access token as the embedded identity provider would, with the server's own signing
 * key (loadSigningKeys). Defaults: `iss` = the configured issuer, `azp` = the client id,
 * `iat` now, `exp` in 5 minutes, `typ: JWT` (as Keycloak). `claims` override everything.
 */
export async function signTestToken(
  target: TokenTarget,
  claims: JWTPayload & Record<string, unknown>,
  options: SignOptions = {},
): Promise<string> {
  const jwk = options.key ?? (await loadSigningKeys(target.app.db)).privateJwks.keys[0]!;
  const now = Math.floor(Date.now() / 1000);
  const payload: JWTPayload = {
    iss: target.config.auth.issuer,
    azp: target.config.auth.clientId,
    typ: 'Bearer',
    iat: now,
    exp: now + (options.expiresIn ?? 300),
    ...claims,
  };
  return new SignJWT(payload)
    .setProtectedHeader({
      alg: jwk.alg ?? 'RS256',
      typ: 'JWT',
      ...(jwk.kid ? { kid: jwk.kid } : {}),
      ...options.header,
    })
    .sign(jwk);
}

const DEMO_NAMES: Record<DemoUserKey, [string, string]> = {
  anna: ['Anna', 'Schäfer'],
  max: ['Max', 'Weiß'],
  tom: ['Tom', 'Krüger'],
  sara: ['Sara', 'Öztürk'],
  technik: ['Technischer', 'Nutzer'],
  otto: ['Otto', 'Lange'],
};

/** Keycloak-shaped claims of a demo account (realm roles as seeded). */
export function demoClaims(
  target: TokenTarget,
  user: DemoUserKey,
): JWTPayload & Record<string, unknown> {
  const [givenName, familyName] = DEMO_NAMES[user];
  const realmRoles =
    user === 'technik' ? ['technical'] : user === 'otto' ? ['client', '2fa'] : ['client'];
  return {
    sub: DEMO_USERS[user],
    sid: crypto.randomUUID(),
    email: DEMO_EMAILS[user],
    email_verified: true,
    given_name: givenName,
    family_name: familyName,
    name: `${givenName} ${familyName}`,
    preferred_username: DEMO_EMAILS[user],
    realm_access: { roles: realmRoles },
    resource_access: { [target.config.auth.clientId]: { roles: [] } },
    scope: 'openid profile email',
  };
}

/** A valid access token of a demo account; `claims` override the defaults. */
export function demoToken(
  target: TokenTarget,
  user: DemoUserKey,
  claims: JWTPayload & Record<string, unknown> = {},
  options: SignOptions = {},
): Promise<string> {
  return signTestToken(target, { ...demoClaims(target, user), ...claims }, options);
}

/** `{ authorization: 'Bearer …' }` for app.inject. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
