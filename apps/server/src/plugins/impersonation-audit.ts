import { and, eq, inArray } from 'drizzle-orm';
import type { JWTPayload } from 'jose';
import type { Db } from '../db/client';
import { impersonationAudit, users } from '../db/schema';

/** Who acts as whom, for which institutions (the portal's user ids). */
export interface Impersonation {
  impersonatorId: string;
  impersonatorUsername: string;
  userId: string;
  /** The caller's institutions owning a relationship with the user's institutions. */
  contractorIds: string[];
  /** The user's institutions served by those contractors. */
  customerIds: string[];
}

export interface ImpersonationEvent {
  event: 'start' | 'refresh' | 'end';
  sessionId: string;
  impersonation: Impersonation;
  address?: string;
  userAgent?: string;
  /** Epoch seconds. */
  expiresAt?: number;
}

/** Where a request came from, for the audit entry. */
export interface SeenFrom {
  address?: string;
  userAgent?: string;
}

/**
 * The impersonation an access token belongs to: the embedded provider names it in the token's
 * `impersonation.session` (the grant's id); an external provider (Keycloak) by the session the
 * impersonation runs in (`sid`, older versions `session_state`), the same in every token of it.
 */
export function impersonationSessionOf(claims: JWTPayload): string | undefined {
  const impersonation = claims.impersonation as { session?: unknown } | undefined;
  for (const candidate of [impersonation?.session, claims.sid, claims.session_state]) {
    if (typeof candidate === 'string' && candidate) return candidate;
  }
  return undefined;
}

/** The values of one audit row (names resolved now, kept as written). */
async function auditRow(db: Db, entry: ImpersonationEvent) {
  const { impersonation } = entry;
  const ids = [impersonation.impersonatorId, impersonation.userId];
  const named = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(users)
    .where(inArray(users.id, ids));
  const nameOf = (id: string) => {
    const u = named.find((row) => row.id === id);
    return u ? `${u.firstName} ${u.lastName}`.trim() || u.email : '';
  };
  return {
    event: entry.event,
    sessionId: entry.sessionId,
    impersonatorId: impersonation.impersonatorId,
    impersonatorName: nameOf(impersonation.impersonatorId) || impersonation.impersonatorUsername,
    userId: impersonation.userId,
    userName: nameOf(impersonation.userId),
    contractorIds: impersonation.contractorIds,
    customerIds: impersonation.customerIds,
    address: entry.address?.slice(0, 200) || null,
    userAgent: entry.userAgent?.slice(0, 500) || null,
    expiresAt: entry.expiresAt ? new Date(entry.expiresAt * 1000) : null,
  };
}

/** Appends one entry to the impersonation audit log. */
export async function recordImpersonationEvent(db: Db, entry: ImpersonationEvent): Promise<void> {
  await db.insert(impersonationAudit).values(await auditRow(db, entry));
}

/**
 * Records an access token of an external provider's impersonation the first time this process
 * sees it: the impersonation's first token writes its `start`, each later one a `refresh` with
 * the token's expiry (Support-Zugriffe counts an impersonation without `end` as running until
 * the last of these). Keycloak's token exchange writes nothing into the portal, so this is the
 * only record of it. The start is written once even when several requests or processes see the
 * first token at once (a unique index on the session's `start`).
 */
export async function recordSeenImpersonation(
  db: Db,
  entry: Omit<ImpersonationEvent, 'event'>,
): Promise<void> {
  const started = await db
    .insert(impersonationAudit)
    .values(await auditRow(db, { ...entry, event: 'start' }))
    .onConflictDoNothing()
    .returning({ id: impersonationAudit.id });
  if (started.length === 0) await recordImpersonationEvent(db, { ...entry, event: 'refresh' });
}

/** The `start` entry of an impersonation, if recorded. */
export async function findImpersonationStart(db: Db, sessionId: string) {
  const [start] = await db
    .select()
    .from(impersonationAudit)
    .where(and(eq(impersonationAudit.sessionId, sessionId), eq(impersonationAudit.event, 'start')))
    .limit(1);
  return start;
}

/** Whether an impersonation was ended (`POST /api/impersonation/end` wrote its `end`). */
export async function hasImpersonationEnded(db: Db, sessionId: string): Promise<boolean> {
  const rows = await db
    .select({ id: impersonationAudit.id })
    .from(impersonationAudit)
    .where(and(eq(impersonationAudit.sessionId, sessionId), eq(impersonationAudit.event, 'end')))
    .limit(1);
  return rows.length > 0;
}
