import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Db } from '../db/client';
import { oidcPayloads } from '../db/schema';

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

/** Checks a six-digit TOTP code (SHA-1, 30 s) allowing one step of clock drift either way. */
export function isValidTotp(secret: string, code: string): boolean {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return false;
  try {
    const totp = new TOTP({
      secret: Secret.fromBase32(secret.replace(/\s+/g, '').toUpperCase()),
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
    });
    return totp.validate({ token, window: 1 }) !== null;
  } catch {
    return false;
  }
}
