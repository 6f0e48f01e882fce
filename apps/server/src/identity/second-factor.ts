import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Db } from '../db/client';
import { oidcPayloads, users } from '../db/schema';

/** Row type in `oidc_payloads` for a sign-in whose password was right and whose code is due. */
const TYPE = 'PortalSecondFactor';

export interface PendingSecondFactor {
  accountId: string;
  /** Lower-cased e-mail address, the key of the failure counter. */
  account: string;
}

export async function savePendingSecondFactor(
  db: Db,
  uid: string,
  pending: PendingSecondFactor,
  expiresAt: Date,
): Promise<void> {
  await db
    .insert(oidcPayloads)
    .values({ id: uid, type: TYPE, payload: pending, uid, expiresAt })
    .onConflictDoUpdate({
      target: [oidcPayloads.id, oidcPayloads.type],
      set: { payload: pending, expiresAt },
    });
}

export async function findPendingSecondFactor(
  db: Db,
  uid: string,
): Promise<PendingSecondFactor | undefined> {
  const [row] = await db
    .select({ payload: oidcPayloads.payload })
    .from(oidcPayloads)
    .where(
      and(
        eq(oidcPayloads.type, TYPE),
        eq(oidcPayloads.id, uid),
        or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, new Date())),
      ),
    )
    .limit(1);
  return row?.payload as PendingSecondFactor | undefined;
}

export async function deletePendingSecondFactor(db: Db, uid: string): Promise<void> {
  await db.delete(oidcPayloads).where(and(eq(oidcPayloads.type, TYPE), eq(oidcPayloads.id, uid)));
}

/**
 * The time step (30 s counter) a six-digit TOTP code (SHA-1) belongs to, allowing one step of
 * clock drift either way; null when the code is wrong.
 */
/** Whether a typed code has the one-time code's form: six digits, spaces ignored ("123 456"). */
export const isCodeShaped = (code: string) => /^\d{6}$/.test(code.replace(/\s+/g, ''));

export function totpStep(secret: string, code: string, timestamp = Date.now()): number | null {
  const token = code.replace(/\s+/g, '');
  if (!isCodeShaped(token)) return null;
  try {
    const totp = new TOTP({
      secret: Secret.fromBase32(secret.replace(/\s+/g, '').toUpperCase()),
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
    });
    const delta = totp.validate({ token, timestamp, window: 1 });
    return delta === null ? null : totp.counter({ timestamp }) + delta;
  } catch {
    return null;
  }
}

/** How a code was taken: accepted, not the code of the secret, or a code already used. */
export type TotpCheck = 'accepted' | 'invalid' | 'used';

/**
 * Accepts a code for `userId` once (RFC 6238, 5.2): the code's step must be later than the last
 * accepted one, recorded in the same statement, so a code seen over someone's shoulder or
 * replayed by a second process is refused. A right code whose step (or a later one) was already
 * accepted answers `used`: the person signed in with it moments ago (another tab, signed out and
 * in again) and must wait for the app's next code, which 'ungültig' would not tell them.
 */
export async function checkTotp(
  db: Db,
  userId: string,
  secret: string,
  code: string,
  timestamp = Date.now(),
): Promise<TotpCheck> {
  const step = totpStep(secret, code, timestamp);
  if (step === null) return 'invalid';
  const accepted = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return accepted.length === 1 ? 'accepted' : 'used';
}
