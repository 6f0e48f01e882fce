import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

/** Finds a user by e-mail address, ignoring case. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return user;
}

/** OpenID Connect standard claims of a user, as Keycloak sets them. */
export function standardClaims(user: UserRow) {
  return {
    sub: user.id,
    email: user.email,
    email_verified: true,
    preferred_username: user.email.toLowerCase(),
    given_name: user.firstName,
    family_name: user.lastName,
    name: `${user.firstName} ${user.lastName}`.trim(),
  };
}

/** Keycloak-shaped role claims: realm roles, repeated as the client's resource roles. */
export function roleClaims(user: UserRow, clientId: string) {
  const roles = [...user.realmRoles];
  return {
    realm_access: { roles },
    resource_access: { [clientId]: { roles: [...roles] } },
  };
}
