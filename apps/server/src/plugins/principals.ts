import type { InstitutionRole } from '@portal/contract';
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { listenForInvalidation, NotifiedCache } from '../db/notified-cache';
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

/**
 * Principals by token subject, forgotten by user id: the notifications name the user, the
 * lookups use the subject (usually the same id; a linked external identity's differs).
 */
export class PrincipalCache {
  readonly #bySub = new NotifiedCache<Principal>(MAX_ENTRIES);
  /** The subjects each user was looked up by, recorded before a principal is kept. */
  readonly #subsByUser = new Map<string, Set<string>>();

  constructor(private readonly db: Db) {}

  /** The principal of a token subject, from memory when possible. */
  get(sub: string): Promise<Principal | undefined> {
    return this.#bySub.get(sub, async () => {
      const principal = await loadPrincipal(this.db, sub);
      if (principal) this.#remember(principal.user.id, sub);
      return principal;
    });
  }

  #remember(userId: string, sub: string) {
    if (this.#subsByUser.size >= MAX_ENTRIES) this.invalidate('*');
    let subs = this.#subsByUser.get(userId);
    if (!subs) {
      subs = new Set();
      this.#subsByUser.set(userId, subs);
    }
    subs.add(sub);
  }

  /** The principal of a token subject when memory holds it, without a promise; else undefined. */
  peek(sub: string): Principal | undefined {
    return this.#bySub.peek(sub);
  }

  /** Forgets one user (`userId`) or everybody (`*`). */
  invalidate(userId: string) {
    if (userId === '*') {
      this.#subsByUser.clear();
      return this.#bySub.invalidate('*');
    }
    this.#bySub.forget(this.#subsByUser.get(userId) ?? []);
    this.#subsByUser.delete(userId);
  }

  setLive(live: boolean) {
    this.#subsByUser.clear();
    this.#bySub.setLive(live);
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
    const cache = new PrincipalCache(app.db);
    app.decorate('principals', cache);
    await listenForInvalidation(app, PRINCIPAL_CHANNEL, cache);
  },
  { name: 'principals', dependencies: ['db'] },
);
