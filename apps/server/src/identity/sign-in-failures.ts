import { and, count, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../db/client';
import { signInFailures } from '../db/schema';

/** Failures count for 15 minutes. */
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;

const since = () => new Date(Date.now() - FAILURE_WINDOW_MS);

export const accountKey = (email: string) => email.trim().toLowerCase();

/**
 * Whether sign-in is refused for this account or address: `max` failures within the window for
 * either. Kept in the database, so every server process counts the same failures.
 */
export async function isSignInBlocked(
  db: Db,
  account: string,
  address: string,
  max: number,
): Promise<boolean> {
  const [byAccount] = await db
    .select({ value: count() })
    .from(signInFailures)
    .where(and(eq(signInFailures.account, account), gt(signInFailures.failedAt, since())));
  if ((byAccount?.value ?? 0) >= max) return true;
  const [byAddress] = await db
    .select({ value: count() })
    .from(signInFailures)
    .where(and(eq(signInFailures.address, address), gt(signInFailures.failedAt, since())));
  return (byAddress?.value ?? 0) >= max;
}

export async function recordSignInFailure(db: Db, account: string, address: string) {
  await db.insert(signInFailures).values({ account, address });
}

/** A successful sign-in forgives the account's failures. */
export async function clearSignInFailures(db: Db, account: string) {
  await db.delete(signInFailures).where(eq(signInFailures.account, account));
}

export async function deleteOldSignInFailures(db: Db) {
  await db.delete(signInFailures).where(lte(signInFailures.failedAt, since()));
}
