import { and, eq, gt, isNull, lte, or } from 'drizzle-orm';
import { type Adapter, type AdapterConstructor, type AdapterPayload, errors } from 'oidc-provider';
import type { Db } from '../db/client';
import { oidcPayloads } from '../db/schema';

const notExpired = () => or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, new Date()));

function toPayload(row: { payload: unknown; consumedAt: Date | null }): AdapterPayload {
  const payload = row.payload as AdapterPayload;
  if (row.consumedAt) {
    return { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) };
  }
  return payload;
}

/**
 * oidc-provider's storage over the `oidc_payloads` table: sessions, grants, interactions,
 * authorization codes, refresh tokens and the rest, one row per (id, model name). Every server
 * process on one database sees the same rows, so a restart or a second process signs nobody
 * out. Expired rows are ignored on find and swept by {@link deleteExpiredPayloads}.
 */
export function createAdapter(db: Db): AdapterConstructor {
  return class DatabaseAdapter implements Adapter {
    constructor(private readonly name: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      const columns = {
        payload,
        grantId: typeof payload.grantId === 'string' ? payload.grantId : null,
        userCode: typeof payload.userCode === 'string' ? payload.userCode : null,
        uid: typeof payload.uid === 'string' ? payload.uid : null,
        expiresAt,
      };
      await db
        .insert(oidcPayloads)
        .values({ id, type: this.name, ...columns })
        .onConflictDoUpdate({ target: [oidcPayloads.id, oidcPayloads.type], set: columns });
    }

    private async findOne(where: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
      const [row] = await db
        .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
        .from(oidcPayloads)
        .where(and(eq(oidcPayloads.type, this.name), where, notExpired()))
        .limit(1);
      return row ? toPayload(row) : undefined;
    }

    find(id: string) {
      return this.findOne(eq(oidcPayloads.id, id));
    }

    findByUid(uid: string) {
      return this.findOne(eq(oidcPayloads.uid, uid));
    }

    findByUserCode(userCode: string) {
      return this.findOne(eq(oidcPayloads.userCode, userCode));
    }

    /**
     * Marks a single-use token (refresh token, authorization code) used, atomically: of two
     * requests redeeming the same token at the same moment (in one process or in two), both read
     * it unused before either marked it, and both were answered with new tokens: two live chains
     * from one refresh token, past the provider's reuse detection. Only the request whose update
     * finds the token unused may go on; the other is treated as the provider treats a reused
     * token: the whole grant is revoked and the request refused (invalid_grant). The app renews
     * under a lock shared by its tabs, so it never redeems one token twice.
     */
    async consume(id: string): Promise<void> {
      const claimed = await db
        .update(oidcPayloads)
        .set({ consumedAt: new Date() })
        .where(
          and(
            eq(oidcPayloads.id, id),
            eq(oidcPayloads.type, this.name),
            isNull(oidcPayloads.consumedAt),
          ),
        )
        .returning({ id: oidcPayloads.id });
      if (claimed.length > 0) return;
      const [row] = await db
        .select({ grantId: oidcPayloads.grantId })
        .from(oidcPayloads)
        .where(and(eq(oidcPayloads.id, id), eq(oidcPayloads.type, this.name)));
      if (row?.grantId) await deleteGrant(db, row.grantId);
      throw new errors.InvalidGrant(`${this.name} already used`);
    }

    async destroy(id: string): Promise<void> {
      await db
        .delete(oidcPayloads)
        .where(and(eq(oidcPayloads.id, id), eq(oidcPayloads.type, this.name)));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db
        .delete(oidcPayloads)
        .where(and(eq(oidcPayloads.grantId, grantId), eq(oidcPayloads.type, this.name)));
    }
  };
}

/** Everything issued under a grant (its tokens and codes) and the grant itself. */
async function deleteGrant(db: Db, grantId: string): Promise<void> {
  await db
    .delete(oidcPayloads)
    .where(
      or(
        eq(oidcPayloads.grantId, grantId),
        and(eq(oidcPayloads.type, 'Grant'), eq(oidcPayloads.id, grantId)),
      ),
    );
}

/** Removes rows whose lifetime has ended; they are already invisible to the provider. */
export async function deleteExpiredPayloads(db: Db): Promise<void> {
  await db.delete(oidcPayloads).where(lte(oidcPayloads.expiresAt, new Date()));
}
