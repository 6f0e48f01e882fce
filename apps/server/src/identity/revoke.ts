import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type Provider from 'oidc-provider';
import type { Db } from '../db/client';
import { oidcPayloads } from '../db/schema';

/*
 * Sessions, grants and tokens are ended through oidc-provider's own models (`Session`, `Grant`,
 * the token classes); SQL on its storage only searches (by `sid` or account), never edits.
 */

/** Ends the sessions (by uid) and every grant they hold, plus `extraGrantIds`. */
async function endSessions(
  provider: Provider,
  sessionUids: string[],
  extraGrantIds: string[] = [],
): Promise<number> {
  const grantIds = new Set(extraGrantIds);
  let ended = 0;
  for (const uid of new Set(sessionUids)) {
    const session = await provider.Session.findByUid(uid);
    if (!session) continue;
    for (const clientId of Object.keys(session.authorizations ?? {})) {
      const grantId = session.grantIdFor(clientId);
      if (grantId) grantIds.add(grantId);
    }
    await session.destroy();
    ended += 1;
  }
  for (const grantId of grantIds) await revokeGrantWithModels(provider, grantId);
  return ended;
}

const sessionHoldsSid = (sid: string) =>
  sql`jsonb_path_exists(${oidcPayloads.payload}, '$.authorizations.*.sid ? (@ == $sid)', jsonb_build_object('sid', ${sid}::text))`;

/**
 * Ends the sign-in session whose `sid` (as in the access token's `sid` claim) is given: the
 * session and all its grants, refresh tokens and codes are revoked, so no refresh succeeds and
 * the next authorization request asks for the password again. Access tokens already issued are
 * self-contained JWTs and stay valid until they expire (at most 300 s).
 * Returns whether a session or grant was found.
 */
export async function revokeSessionBySid(
  provider: Provider,
  db: Db,
  sid: string,
): Promise<boolean> {
  const sessions = await db
    .select({ uid: oidcPayloads.uid })
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.type, 'Session'), sessionHoldsSid(sid)));
  const tokens = await db
    .selectDistinct({ grantId: oidcPayloads.grantId })
    .from(oidcPayloads)
    .where(sql`${oidcPayloads.payload}->>'sid' = ${sid}`);
  const uids = sessions.map((row) => row.uid).filter((uid): uid is string => !!uid);
  const grantIds = tokens.map((token) => token.grantId).filter((id): id is string => !!id);
  await endSessions(provider, uids, grantIds);
  return uids.length > 0 || grantIds.length > 0;
}

/**
 * Ends every session of a user and revokes all their grants and refresh tokens (after a
 * password reset), or every one but the session holding `exceptSid` and its grants (after a
 * password change in the portal: the person stays signed in here, other browsers are signed
 * out). Returns the number of sessions ended.
 */
export async function revokeUserSessions(
  provider: Provider,
  db: Db,
  userId: string,
  options: { exceptSid?: string } = {},
): Promise<number> {
  const ofUser = sql`${oidcPayloads.payload}->>'accountId' = ${userId}`;
  const sessions = await db
    .select({
      uid: oidcPayloads.uid,
      kept: options.exceptSid ? sessionHoldsSid(options.exceptSid) : sql<boolean>`false`,
    })
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.type, 'Session'), ofUser));
  const grants = await db
    .select({ id: oidcPayloads.id })
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.type, 'Grant'), ofUser));
  const keptGrants = new Set<string>();
  for (const row of sessions) {
    if (!row.kept || !row.uid) continue;
    const session = await provider.Session.findByUid(row.uid);
    for (const clientId of Object.keys(session?.authorizations ?? {})) {
      const grantId = session?.grantIdFor(clientId);
      if (grantId) keptGrants.add(grantId);
    }
  }
  return endSessions(
    provider,
    sessions
      .filter((row) => !row.kept)
      .map((row) => row.uid)
      .filter((uid): uid is string => !!uid),
    grants.map((grant) => grant.id).filter((id) => !keptGrants.has(id)),
  );
}

/**
 * Ends an impersonation (its id is the grant's): the grant and its refresh tokens are revoked,
 * so no further refresh succeeds. Only a grant of `userId` (the impersonated user) is touched.
 */
export async function revokeImpersonationGrant(
  provider: Provider,
  grantId: string,
  userId: string,
): Promise<boolean> {
  const grant = await provider.Grant.find(grantId, { ignoreExpiration: true });
  if (!grant || grant.accountId !== userId) return false;
  await revokeGrantWithModels(provider, grantId);
  return true;
}

/** Revokes a grant and everything issued under it, through oidc-provider's models. */
async function revokeGrantWithModels(provider: Provider, grantId: string): Promise<void> {
  await Promise.all([
    provider.AccessToken.revokeByGrantId(grantId),
    provider.AuthorizationCode.revokeByGrantId(grantId),
    provider.RefreshToken.revokeByGrantId(grantId),
    provider.DeviceCode.revokeByGrantId(grantId),
    provider.BackchannelAuthenticationRequest.revokeByGrantId(grantId),
  ]);
  await (await provider.Grant.find(grantId, { ignoreExpiration: true }))?.destroy();
}

/**
 * Keycloak's `POST .../logout` with `client_id` and `refresh_token`: ends the session the
 * refresh token belongs to and revokes its grants, through oidc-provider's `RefreshToken`,
 * `Session` and `Grant` models. Returns false when the token is unknown, expired or was
 * issued to another client.
 */
export async function endSessionByRefreshToken(
  provider: Provider,
  refreshToken: string,
  clientId: string,
): Promise<boolean> {
  const token = await provider.RefreshToken.find(refreshToken);
  if (!token || token.clientId !== clientId) return false;
  const session = token.sessionUid ? await provider.Session.findByUid(token.sessionUid) : undefined;
  const grantIds = new Set<string>(token.grantId ? [token.grantId] : []);
  for (const client of Object.keys(session?.authorizations ?? {})) {
    const grantId = session?.grantIdFor(client);
    if (grantId) grantIds.add(grantId);
  }
  for (const grantId of grantIds) await revokeGrantWithModels(provider, grantId);
  await session?.destroy();
  return true;
}

/** The `sid` the provider assigned to `clientId` within the session `sessionUid`. */
export async function findSid(
  provider: Provider,
  sessionUid: string | undefined,
  clientId: string,
): Promise<string | undefined> {
  if (!sessionUid) return undefined;
  return (await provider.Session.findByUid(sessionUid))?.sidFor(clientId);
}

/** Whether a live session holds `sid` (used by the userinfo endpoint, as Keycloak does). */
export async function isSessionActive(db: Db, sid: string): Promise<boolean> {
  const [row] = await db
    .select({ id: oidcPayloads.id })
    .from(oidcPayloads)
    .where(
      and(
        eq(oidcPayloads.type, 'Session'),
        or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, new Date())),
        sessionHoldsSid(sid),
      ),
    )
    .limit(1);
  return !!row;
}
