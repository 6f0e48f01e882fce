import { createHmac, randomBytes } from 'node:crypto';
import { type AnalyticsIdentity, analyticsIdentity } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { identitySecrets } from '../../db/schema';
import { problemResponses } from '../shared/responses';

const KEY_NAME = 'analytics-pseudonym-key';

/** ANALYTICS_PSEUDONYM_KEY, else a random key stored once and shared by every process. */
async function pseudonymKey(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const read = async () =>
    (await db.select().from(identitySecrets).where(eq(identitySecrets.name, KEY_NAME)))[0]?.value;
  const existing = await read();
  if (typeof existing === 'string') return existing;
  await db
    .insert(identitySecrets)
    .values({ name: KEY_NAME, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const stored = await read();
  if (typeof stored !== 'string') throw new Error('analytics pseudonym key missing');
  return stored;
}

/** The pseudonym of a user id: HMAC-SHA256 with the key, hex, 32 characters. */
export const pseudonym = (key: string, userId: string) =>
  createHmac('sha256', key).update(userId).digest('hex').slice(0, 32);

export const analyticsRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (
  app,
  { config },
) => {
  let key: Promise<string> | undefined;
  app.get(
    '/analytics/identity',
    {
      schema: {
        tags: ['system'],
        summary: 'What the app may send to analytics about the caller (pseudonymous by default)',
        description:
          '`userId` is a keyed hash (HMAC-SHA256) of the user id; `name` and `email` only when ' +
          'the operator sets ANALYTICS_PERSONAL_DATA=true (needs a legal basis). While acting as ' +
          "a customer's user: the support user's own pseudonym only.",
        response: { 200: analyticsIdentity, ...problemResponses(401) },
      },
    },
    async (request): Promise<AnalyticsIdentity> => {
      if (!key) {
        // Shared by the requests that come while it loads; a failed load (the database away for
        // a moment) is forgotten, so the next request tries again instead of failing for as
        // long as the process runs.
        const loading = pseudonymKey(app.db, config.analytics.pseudonymKey);
        key = loading;
        loading.catch(() => {
          if (key === loading) key = undefined;
        });
      }
      // Acting as a customer's user, the person browsing (and who consented in this browser) is
      // the support user: their own pseudonym, and nothing of the customer's user, who agreed to
      // nothing and whose profile must not collect what support staff did (decision 016).
      const impersonator = request.auth.impersonator;
      const identity: AnalyticsIdentity = {
        userId: pseudonym(await key, impersonator ? impersonator.id : request.auth.sub),
      };
      if (config.analytics.personalData && !impersonator) {
        const name = [request.auth.givenName, request.auth.familyName].filter(Boolean).join(' ');
        if (name) identity.name = name;
        if (request.auth.email) identity.email = request.auth.email;
      }
      return identity;
    },
  );
};
