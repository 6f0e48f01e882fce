import { inArray } from 'drizzle-orm';
import { verifyPassword } from '../../identity/passwords';
import type { Db } from '../client';
import { users } from '../schema';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-ids';

/**
 * The e-mail addresses of demo accounts in this database that still sign in with the published
 * demo password. A portal that ran as the demo (`npm start`) and then went on as a deployment
 * on the same data folder or database keeps them: anyone who read the README could sign in as
 * an administrator or as support staff of a trusted institution. One query when there are none.
 */
export async function demoAccountsWithPublishedPassword(db: Db): Promise<string[]> {
  const rows = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(inArray(users.id, Object.values(DEMO_USERS)));
  const open = await Promise.all(
    rows.map(async (row) =>
      (await verifyPassword(DEMO_PASSWORD, row.passwordHash)) ? row.email : undefined,
    ),
  );
  return open.filter((email): email is string => email !== undefined).sort();
}
