import fp from 'fastify-plugin';
import type { Database, Db } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Drizzle database (PGlite or PostgreSQL). */
    db: Db;
    database: Database;
  }
}

export const dbPlugin = fp<{ database: Database; ownsDatabase: boolean }>(
  async (app, { database, ownsDatabase }) => {
    app.decorate('db', database.db);
    app.decorate('database', database);
    if (ownsDatabase) app.addHook('onClose', () => database.close());
  },
  { name: 'db' },
);
