import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountTokens } from '../../db/schema';

export type AccountTokenKind = (typeof accountTokens.$inferInsert)['kind'];

export const HOUR_MS = 60 * 60 * 1000;
/** A password-reset link is valid for one hour. */
export const RESET_TOKEN_TTL_MS = HOUR_MS;
/** A confirmed current password allows a password change for five minutes. */
export const PASSWORD_CONFIRMATION_TTL_MS = 5 * 60 * 1000;

/** Only this hash of a token is stored: a leaked table grants nothing. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Issues a new single-use token of `kind` for the user; earlier unused tokens of the same kind
 * are used up, so only the newest link works.
 */
export async function issueToken(
  db: Db,
  userId: string,
  kind: AccountTokenKind,
  ttlMs: number,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  // The user's tokens that can no longer be used go now (no table that only grows).
  const dayAgo = new Date(Date.now() - 24 * HOUR_MS);
  await db
    .delete(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, userId),
        or(lt(accountTokens.expiresAt, dayAgo), lt(accountTokens.usedAt, dayAgo)),
      ),
    );
  await db
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.kind, kind),
        isNull(accountTokens.usedAt),
      ),
    );
  await db.insert(accountTokens).values({
    userId,
    kind,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return token;
}

/** The user a valid (unused, unexpired) token belongs to, without using it up. */
export async function peekToken(
  db: Db,
  token: string,
  kinds: readonly AccountTokenKind[],
): Promise<{ userId: string; kind: AccountTokenKind } | undefined> {
  if (!token || token.length > 200) return undefined;
  const [row] = await db
    .select({ userId: accountTokens.userId, kind: accountTokens.kind })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row && kinds.includes(row.kind) ? row : undefined;
}

/**
 * The user and kind of a token whatever its state (used up or expired too): what a page for a
 * link that no longer works needs to say what to do next. Undefined for an unknown token.
 */
export async function findAnyToken(
  db: Db,
  token: string,
): Promise<{ userId: string; kind: AccountTokenKind } | undefined> {
  if (!token || token.length > 200) return undefined;
  const [row] = await db
    .select({ userId: accountTokens.userId, kind: accountTokens.kind })
    .from(accountTokens)
    .where(eq(accountTokens.tokenHash, hashToken(token)))
    .limit(1);
  return row;
}

/**
 * Uses a token up, once: the conditional update succeeds for exactly one caller, so a link
 * opened twice at the same moment works only once.
 */
export async function consumeToken(
  db: Db,
  token: string,
  kinds: readonly AccountTokenKind[],
  userId?: string,
): Promise<{ userId: string; kind: AccountTokenKind } | undefined> {
  if (!token || token.length > 200) return undefined;
  const rows = await db
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, new Date()),
        ...(userId ? [eq(accountTokens.userId, userId)] : []),
      ),
    )
    .returning({ userId: accountTokens.userId, kind: accountTokens.kind });
  const row = rows[0];
  return row && kinds.includes(row.kind) ? row : undefined;
}
