import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../db/client';
import { identitySecrets } from '../db/schema';

export interface SigningKeys {
  /** Private keys for oidc-provider's `jwks` option. */
  privateJwks: { keys: JWK[] };
  /** Public keys, as published at `.../protocol/openid-connect/certs`. */
  publicJwks: { keys: JWK[] };
}

const SECRET_NAME = 'signing-jwks';
const PUBLIC_MEMBERS = ['kty', 'kid', 'alg', 'use', 'n', 'e', 'crv', 'x', 'y'] as const;

/** Strips the private members of a JWK. */
export function toPublicJwk(jwk: JWK): JWK {
  const result: JWK = {};
  for (const member of PUBLIC_MEMBERS) {
    if (jwk[member] !== undefined) (result as Record<string, unknown>)[member] = jwk[member];
  }
  return result;
}

/**
 * Loads the token signing keys, generating and persisting them on first start. Several
 * processes starting together agree on one key set: the first insert wins, all read it back.
 */
export async function loadSigningKeys(db: Db): Promise<SigningKeys> {
  const read = async () =>
    (await db.select().from(identitySecrets).where(eq(identitySecrets.name, SECRET_NAME)))[0];
  let row = await read();
  if (!row) {
    const { privateKey } = await generateKeyPair('RS256', {
      modulusLength: 2048,
      extractable: true,
    });
    const jwk = await exportJWK(privateKey);
    const kid = crypto.randomUUID();
    const value = { keys: [{ ...jwk, kid, alg: 'RS256', use: 'sig' }] };
    await db.insert(identitySecrets).values({ name: SECRET_NAME, value }).onConflictDoNothing();
    row = await read();
  }
  const privateJwks = row!.value as { keys: JWK[] };
  return { privateJwks, publicJwks: { keys: privateJwks.keys.map(toPublicJwk) } };
}

const COOKIE_SECRET_NAME = 'cookie-keys';

/**
 * Loads the keys that sign the identity provider's cookies (session, interaction), generating
 * and persisting them on first start so that every server process accepts every other's cookies.
 */
export async function loadCookieKeys(db: Db): Promise<string[]> {
  const read = async () =>
    (
      await db.select().from(identitySecrets).where(eq(identitySecrets.name, COOKIE_SECRET_NAME))
    )[0];
  let row = await read();
  if (!row) {
    const value = { keys: [randomBytes(32).toString('base64url')] };
    await db
      .insert(identitySecrets)
      .values({ name: COOKIE_SECRET_NAME, value })
      .onConflictDoNothing();
    row = await read();
  }
  return (row!.value as { keys: string[] }).keys;
}
