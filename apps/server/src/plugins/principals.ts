import type { InstitutionRole } from '@portal/contract';
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Database, Db } from '../db/client';
import { institutions, institutionUserRoles, users } from '../db/schema';

/**
 * The signed-in user with everything the request path needs (user row, institution roles and
 * whether each institution is trusted), read in one statement and kept in memory with exact
 * invalidation: triggers on `users`, `institution_user_roles` and `institutions.trusted`
 * `NOTIFY portal_principal` with the user id (or `*`), and every process LISTENs (PGlite in
 * process, PostgreSQL on a dedicated connection). A removed member loses access with the
 * notification; while the listening connection is down nothing is served from memory.
 */

export const PRINCIPAL_CHANNEL = 'portal_principal';
/** More cached principals than this and the cache starts over. */
const MAX_ENTRIES = 10_000;

export type UserRow = typeof users.$inferSelect;

export interface Membership {
  institutionId: string;
  role: InstitutionRole;
  trusted: boolean;
}

export interface Principal {
  user: UserRow;
  /** In the order the roles were given (oldest first). */
  memberships: Membership[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The user whose id is the subject (preferred) or who is linked to it, with their roles: one
 * statement.
 */
export async function loadPrincipal(db: Db, sub: string): Promise<Principal | undefined> {
  const isId = UUID.test(sub);
  const byId = isId ? sql`${users.id} = ${sub}::uuid` : sql`false`;
  const rows = await db
    .select({
      user: users,
      memberships: sql<Membership[]>`coalesce(
        json_agg(json_build_object(
          'institutionId', ${institutionUserRoles.institutionId},
          'role', ${institutionUserRoles.role},
          'trusted', ${institutions.trusted}
        ) order by ${institutionUserRoles.createdAt}, ${institutionUserRoles.institutionId})
        filter (where ${institutionUserRoles.userId} is not null),
        '[]'::json)`,
    })
    .from(users)
    .leftJoin(institutionUserRoles, sql`${institutionUserRoles.userId} = ${users.id}`)
    .leftJoin(institutions, sql`${institutions.id} = ${institutionUserRoles.institutionId}`)
    .where(sql`${byId} or ${users.identitySubject} = ${sub}`)
    .groupBy(users.id)
    .orderBy(isId ? sql`(${users.id} = ${sub}::uuid) desc` : users.id)
    .limit(1);
  const row = rows[0];
  if (!row) return undefined;
  const memberships =
    typeof row.memberships === 'string' ? JSON.parse(row.memberships) : row.memberships;
  return { user: row.user, memberships };
}

export class PrincipalCache {
  readonly #bySub = new Map<string, Principal>();
  readonly #subsByUser = new Map<string, Set<string>>();
  readonly #pending = new Map<string, Promise<Principal | undefined>>();
  /** Counts invalidations: a load that saw another generation is not kept. */
  #generation = 0;
  /** Only while notifications are sure to arrive. */
  #live = false;

  constructor(private readonly db: Db) {}

  /** The principal of a token subject, from memory when possible. */
  get(sub: string): Promise<Principal | undefined> {
    const cached = this.#live ? this.#bySub.get(sub) : undefined;
    if (cached) return Promise.resolve(cached);
    const pending = this.#pending.get(sub);
    if (pending) return pending;
    const generation = this.#generation;
    const load = loadPrincipal(this.db, sub).finally(() => this.#pending.delete(sub));
    this.#pending.set(sub, load);
    return load.then((principal) => {
      if (principal && this.#live && generation === this.#generation) this.#store(sub, principal);
      return principal;
    });
  }

  #store(sub: string, principal: Principal) {
    if (this.#bySub.size >= MAX_ENTRIES) this.clear();
    this.#bySub.set(sub, principal);
    let subs = this.#subsByUser.get(principal.user.id);
    if (!subs) {
      subs = new Set();
      this.#subsByUser.set(principal.user.id, subs);
    }
    subs.add(sub);
  }

  /** Forgets one user (`userId`) or everybody (`*`). */
  invalidate(userId: string) {
    this.#generation += 1;
    // Loads under way may have read the old state: they must not be kept, nor shared.
    this.#pending.clear();
    if (userId === '*') return this.clear();
    for (const sub of this.#subsByUser.get(userId) ?? []) this.#bySub.delete(sub);
    this.#subsByUser.delete(userId);
  }

  clear() {
    this.#bySub.clear();
    this.#subsByUser.clear();
  }

  setLive(live: boolean) {
    this.#generation += 1;
    this.#pending.clear();
    this.clear();
    this.#live = live;
  }

  get size() {
    return this.#bySub.size;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Signed-in users with their roles, cached with exact invalidation. */
    principals: PrincipalCache;
  }
}

export const principalsPlugin = fp(
  async (app) => {
    const database: Database = app.database;
    const cache = new PrincipalCache(app.db);
    app.decorate('principals', cache);
    const stop = await database.listen(PRINCIPAL_CHANNEL, {
      onNotify: (payload) => cache.invalidate(payload),
      onReady: () => cache.setLive(true),
      onLost: () => cache.setLive(false),
    });
    app.addHook('onClose', async () => {
      cache.setLive(false);
      await stop().catch(() => undefined);
    });
  },
  { name: 'principals', dependencies: ['db'] },
);
