import { eq, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { signInThrottle } from '../db/schema';

/**
 * Limits on guessing passwords and one-time codes, race-free and without lock-out by strangers.
 *
 * Every attempt is claimed in the database before the secret is checked, each claim one
 * statement that counts up a row (parallel claims queue on the row lock and each sees its own
 * count), so N parallel tries never check more secrets than the limits allow:
 *
 * - **pair** (account and address): at most `maxFailures` attempts in 15 minutes, then that
 *   address is refused for that account (429) until the window ends. A successful sign-in
 *   clears the pair.
 * - **fresh** (first attempt of an address without attempts for the account in the window):
 *   checked at once, up to {@link FRESH_PER_HOUR} per account and hour, so the owner signing
 *   in from a clean address gets in while somebody guesses from elsewhere.
 * - **account** (every other attempt): a growing delay instead of a lock: the first
 *   {@link FREE_ATTEMPTS} at once, then 1, 2, 4 … up to {@link MAX_DELAY_SECONDS} seconds
 *   between attempts. Together with the fresh budget, guessing from any number of addresses
 *   stays under 100 checks per account and hour (about 40 + 40).
 * - **address** (every account from one address): {@link ADDRESS_FACTOR} × `maxFailures` in
 *   15 minutes (credential stuffing; generous, since a practice shares one address).
 *
 * The one-time-code step counts on keys of its own, the same way.
 */
/** What is being checked; each has its own counts. `reset`: password-reset mails requested. */
export type SignInStep = 'password' | 'otp' | 'reset';

export const PAIR_WINDOW_SECONDS = 15 * 60;
export const ACCOUNT_WINDOW_SECONDS = 60 * 60;
export const FRESH_PER_HOUR = 40;
export const FREE_ATTEMPTS = 5;
export const MAX_DELAY_SECONDS = 120;
export const ADDRESS_FACTOR = 10;

export type Claim =
  | { allowed: true }
  | { allowed: false; reason: 'locked' | 'slow'; retryAfterSeconds: number };

export const accountKey = (email: string) => email.trim().toLowerCase();

const seconds = (value: number) => sql`make_interval(secs => ${value}::integer)`;

/** Counts one attempt on `key` within a fixed window; answers the count and seconds left. */
async function countAttempt(db: Db, key: string, windowSeconds: number) {
  const expired = sql`${signInThrottle.windowStart} <= now() - ${seconds(windowSeconds)}`;
  const [row] = await db
    .insert(signInThrottle)
    .values({ key, attempts: 1, windowStart: sql`now()`, nextAllowedAt: sql`now()` })
    .onConflictDoUpdate({
      target: signInThrottle.key,
      set: {
        attempts: sql`case when ${expired} then 1 else ${signInThrottle.attempts} + 1 end`,
        windowStart: sql`case when ${expired} then now() else ${signInThrottle.windowStart} end`,
      },
    })
    .returning({
      attempts: signInThrottle.attempts,
      left: sql<number>`greatest(1, ceil(extract(epoch from (${signInThrottle.windowStart} + ${seconds(windowSeconds)} - now()))))::integer`,
    });
  return { attempts: row?.attempts ?? Number.POSITIVE_INFINITY, left: Number(row?.left ?? 1) };
}

/**
 * Claims an account-wide slot: free when the delay since the last claim has passed (or the
 * window ended); the claim sets the next delay, growing with the attempts in the window. No
 * row comes back when the slot is not free yet.
 */
async function claimAccountSlot(db: Db, key: string): Promise<boolean> {
  // The clock when the row is reached, not now() (the transaction's start): a claim that waited
  // for another's row lock started earlier than the time that one wrote, so with now() it found
  // the slot not yet free and was refused though its turn had come (seen once in CI: two of
  // three allowed parallel attempts checked).
  const expired = sql`${signInThrottle.windowStart} <= clock_timestamp() - ${seconds(ACCOUNT_WINDOW_SECONDS)}`;
  const next = sql`case when ${expired} then 1 else ${signInThrottle.attempts} + 1 end`;
  const delay = sql`least(${MAX_DELAY_SECONDS}, case when ${next} < ${FREE_ATTEMPTS} then 0 else power(2, ${next} - ${FREE_ATTEMPTS}) end)`;
  const rows = await db
    .insert(signInThrottle)
    .values({
      key,
      attempts: 1,
      windowStart: sql`clock_timestamp()`,
      nextAllowedAt: sql`clock_timestamp()`,
    })
    .onConflictDoUpdate({
      target: signInThrottle.key,
      set: {
        attempts: next,
        windowStart: sql`case when ${expired} then clock_timestamp() else ${signInThrottle.windowStart} end`,
        nextAllowedAt: sql`clock_timestamp() + make_interval(secs => ${delay})`,
      },
      setWhere: sql`${expired} or ${signInThrottle.nextAllowedAt} <= clock_timestamp()`,
    })
    .returning({ attempts: signInThrottle.attempts });
  return rows.length > 0;
}

/** Seconds until the account's next slot (for Retry-After). */
async function secondsUntilSlot(db: Db, key: string): Promise<number> {
  const [row] = await db
    .select({
      left: sql<number>`greatest(1, ceil(extract(epoch from (${signInThrottle.nextAllowedAt} - now()))))::integer`,
    })
    .from(signInThrottle)
    .where(eq(signInThrottle.key, key));
  return Number(row?.left ?? 1);
}

/**
 * Claims one attempt to check a secret for `account` from `address`. Call before checking;
 * only `allowed: true` may check. Every claim counts, whatever the check then says.
 */
export async function claimSignInAttempt(
  db: Db,
  step: SignInStep,
  account: string,
  address: string,
  maxFailures: number,
): Promise<Claim> {
  const pair = await countAttempt(db, `${step}:pair:${account}|${address}`, PAIR_WINDOW_SECONDS);
  if (pair.attempts > maxFailures) {
    return { allowed: false, reason: 'locked', retryAfterSeconds: pair.left };
  }
  const byAddress = await countAttempt(db, `${step}:address:${address}`, PAIR_WINDOW_SECONDS);
  if (byAddress.attempts > maxFailures * ADDRESS_FACTOR) {
    return { allowed: false, reason: 'locked', retryAfterSeconds: byAddress.left };
  }
  if (pair.attempts === 1) {
    const fresh = await countAttempt(db, `${step}:fresh:${account}`, ACCOUNT_WINDOW_SECONDS);
    if (fresh.attempts <= FRESH_PER_HOUR) return { allowed: true };
  }
  const accountSlot = `${step}:account:${account}`;
  if (await claimAccountSlot(db, accountSlot)) return { allowed: true };
  return {
    allowed: false,
    reason: 'slow',
    retryAfterSeconds: await secondsUntilSlot(db, accountSlot),
  };
}

/** Takes one attempt back from `key`'s count (a successful check's claim). */
async function refundAttempt(db: Db, key: string) {
  await db
    .update(signInThrottle)
    .set({ attempts: sql`greatest(0, ${signInThrottle.attempts} - 1)` })
    .where(eq(signInThrottle.key, key));
}

/**
 * A successful check forgives the pair's attempts (not the account's), and gives back what its
 * own claim took from the shared budgets: the address's count and, when it was the pair's only
 * attempt, the account's fresh count. Guesses are failures: without this, a practice of 50
 * people behind one address that signs in every morning (and again after each sign-out) used up
 * the address's 100 attempts in 15 minutes and was locked out together, and a person signing in
 * more than 40 times an hour was slowed down like someone guessing.
 */
export async function clearSignInPair(db: Db, step: SignInStep, account: string, address: string) {
  const [pair] = await db
    .delete(signInThrottle)
    .where(eq(signInThrottle.key, `${step}:pair:${account}|${address}`))
    .returning({ attempts: signInThrottle.attempts });
  if (!pair) return;
  await refundAttempt(db, `${step}:address:${address}`);
  if (pair.attempts === 1) await refundAttempt(db, `${step}:fresh:${account}`);
}

/**
 * The account's password was set anew (reset or invitation link): its pairs and account-wide
 * delays for passwords and codes are forgiven, so the owner signs in at once.
 */
export async function forgiveAccount(db: Db, account: string) {
  const steps: SignInStep[] = ['password', 'otp'];
  await db
    .delete(signInThrottle)
    .where(
      or(
        ...steps.flatMap((step) => [
          sql`starts_with(${signInThrottle.key}, ${`${step}:pair:${account}|`})`,
          eq(signInThrottle.key, `${step}:account:${account}`),
          eq(signInThrottle.key, `${step}:fresh:${account}`),
        ]),
      ),
    );
}

/** Deletes rows whose windows ended long ago (the sweep). */
export async function deleteOldSignInAttempts(db: Db) {
  await db
    .delete(signInThrottle)
    .where(
      lte(
        signInThrottle.windowStart,
        sql`now() - ${seconds(ACCOUNT_WINDOW_SECONDS + PAIR_WINDOW_SECONDS)}`,
      ),
    );
}
