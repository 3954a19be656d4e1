import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import { finishBeforeClosing } from '../db/close-hooks.js';
import { directSqlite, migrateToLatest, openDatabase } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import { loadSecretKey, useTokenKey } from '../repos/token-box.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
  }
}

/** Opens the database, brings its schema up to date and closes it with the server. */
export default fp(async (app, opts: { config: Config }) => {
  const db = openDatabase(opts.config);
  await migrateToLatest(db, opts.config.databaseSchema);
  app.decorate('db', db);
  // Channel tokens are stored encrypted with this key (repos/token-box.ts).
  useTokenKey(db, loadSecretKey(opts.config));
  app.addHook('onClose', async () => {
    await finishBeforeClosing(db);
    // The SQLite threads close their connections before the server counts as closed: a caller
    // that then removes or copies the data directory finds no file still being written.
    const sqlite = directSqlite(db);
    await Promise.all([sqlite?.foldThread.stop(), sqlite?.thread?.stop()]);
    await db.destroy();
  });
});
