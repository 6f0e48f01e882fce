import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, or } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { accountTokens } from '../../db/schema';

export type AccountTokenKind = (typeof accountTokens.$inferInsert)['kind'];

export const HOUR_MS = 60 * 60 * 1000;
/** A password-reset link is valid for one hour. */
export const RESET_TOKEN_TTL_MS = HOUR_MS;
/** A confirmed current password allows a password or e-mail change for five minutes. */
export const PASSWORD_CONFIRMATION_TTL_MS = 5 * 60 * 1000;
/** The link that confirms a new e-mail address is valid for 24 hours. */
export const EMAIL_CHANGE_TTL_MS = 24 * HOUR_MS;

/**
 * The link an invitation, reset or e-mail-change mail carries: the provider's action-token page.
 */
export const actionTokenLink = (config: Config, token: string) =>
  `${config.auth.issuer}/login-actions/action-token?key=${encodeURIComponent(token)}`;

/** Only this hash of a token is stored: a leaked table grants nothing. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Issues a new single-use token of `kind` for the user; earlier unused tokens of the same kind
 * are used up, so only the newest link works. With `keepEarlier` they stay usable until
 * {@link replaceEarlierTokens} (once the new link's mail went out), so a mail that cannot be
 * sent leaves the link the person already has working.
 */
export async function issueToken(
  db: Db,
  userId: string,
  kind: AccountTokenKind,
  ttlMs: number,
  newEmail?: string,
  { keepEarlier = false }: { keepEarlier?: boolean } = {},
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
  if (!keepEarlier) await useUpTokens(db, userId, kind);
  await db.insert(accountTokens).values({
    userId,
    kind,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + ttlMs),
    newEmail: newEmail ?? null,
  });
  return token;
}

/** Uses up the user's unused tokens of `kind`, all of them or those issued before `before`. */
async function useUpTokens(db: Db, userId: string, kind: AccountTokenKind, before?: Date) {
  await db
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.kind, kind),
        isNull(accountTokens.usedAt),
        ...(before ? [lt(accountTokens.createdAt, before)] : []),
      ),
    );
}

/**
 * After the mail with `token`'s link went out: the user's earlier tokens of its kind are used
 * up, so only the newest link works (a token issued with `keepEarlier`).
 */
export async function replaceEarlierTokens(db: Db, token: string): Promise<void> {
  const [row] = await db
    .select({
      userId: accountTokens.userId,
      kind: accountTokens.kind,
      createdAt: accountTokens.createdAt,
    })
    .from(accountTokens)
    .where(eq(accountTokens.tokenHash, hashToken(token)))
    .limit(1);
  if (row) await useUpTokens(db, row.userId, row.kind, row.createdAt);
}

/**
 * Mails the link of `token` (issued with `keepEarlier`) by `send`. Once the mail went out, the
 * user's earlier links of its kind are used up; a mail that could not be sent withdraws the new
 * token instead (so nothing waits for a link that never arrived) and rethrows the mailer's error.
 */
export async function sendTokenMail(
  db: Db,
  token: string,
  kind: AccountTokenKind,
  userId: string,
  send: () => Promise<unknown>,
): Promise<void> {
  try {
    await send();
  } catch (error) {
    await consumeToken(db, token, [kind], userId);
    throw error;
  }
  await replaceEarlierTokens(db, token);
}

/** A token that can be used: its user, kind and (EMAIL_CHANGE) the new address. */
export interface ValidToken {
  userId: string;
  kind: AccountTokenKind;
  newEmail: string | null;
}

/** The user a valid (unused, unexpired) token belongs to, without using it up. */
export async function peekToken(
  db: Db,
  token: string,
  kinds: readonly AccountTokenKind[],
): Promise<ValidToken | undefined> {
  if (!token || token.length > 200) return undefined;
  const [row] = await db
    .select({
      userId: accountTokens.userId,
      kind: accountTokens.kind,
      newEmail: accountTokens.newEmail,
    })
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
): Promise<ValidToken | undefined> {
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
    .returning({
      userId: accountTokens.userId,
      kind: accountTokens.kind,
      newEmail: accountTokens.newEmail,
    });
  const row = rows[0];
  return row && kinds.includes(row.kind) ? row : undefined;
}

/** The new address of the user's e-mail change that waits for its link to be opened, if any. */
export async function findPendingEmail(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ newEmail: accountTokens.newEmail })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.kind, 'EMAIL_CHANGE'),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(accountTokens.createdAt))
    .limit(1);
  return row?.newEmail ?? null;
}

/** The account-token sweep runs at start and this often while the server runs. */
export const TOKEN_SWEEP_INTERVAL_MS = HOUR_MS;

/**
 * Keeps of the single-use tokens only what still serves a purpose (storage limitation, GDPR
 * Art. 5(1)(e)); {@link issueToken} did this for one person at a time, when that person got a
 * new link, so whoever got none kept everything:
 * - an e-mail change's new address once its link was opened, replaced or expired: it was needed
 *   to change the address, and it may be a mistyped one of somebody else. The row stays (without
 *   the address), so the link's page still says the link no longer works and what to do;
 * - a confirmed password (five minutes) and an identification's transaction a day after they
 *   expired or were used (no page tells anything about them).
 * Invitation and reset links stay: their pages say what to do next (an accepted invitation
 * leads to the sign-in; an expired one names the pending invitations), and an institution's
 * user list shows an invitation that ran out.
 */
export async function sweepAccountTokens(db: Db, now = new Date()): Promise<void> {
  await db
    .update(accountTokens)
    .set({ newEmail: null })
    .where(
      and(
        eq(accountTokens.kind, 'EMAIL_CHANGE'),
        isNotNull(accountTokens.newEmail),
        or(isNotNull(accountTokens.usedAt), lte(accountTokens.expiresAt, now)),
      ),
    );
  const dayAgo = new Date(now.getTime() - 24 * HOUR_MS);
  await db
    .delete(accountTokens)
    .where(
      and(
        inArray(accountTokens.kind, ['PASSWORD_CONFIRMATION', 'IDENTIFICATION']),
        or(lt(accountTokens.expiresAt, dayAgo), lt(accountTokens.usedAt, dayAgo)),
      ),
    );
}
