// PostgreSQL's LISTEN / NOTIFY, for wake-ups between server instances: a statement notifies a
// channel as it commits (notifyParams), and every other instance listening hears it at once
// instead of at its next poll. One connection per listener, kept open and opened again after it
// drops; meanwhile the poll still finds the work. SQLite has one instance: nothing to do.
import type { Kysely } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';
import { postgresListening } from './connect.js';

const REOPEN_MS = 1_000;
/** PostgreSQL's longest identifier. */
const MAX_NAME = 63;

const channelOf = (name: string, scope: string) => `${name}_${scope}`.slice(0, MAX_NAME);

/**
 * The parameters of `pg_notify(?, ?)` for `name` on this database (its channel, this handle as
 * sender), or null on SQLite.
 */
export function notifyParams(db: Kysely<Database>, name: string): [string, string] | null {
  const listening = postgresListening(db);
  return listening ? [channelOf(name, listening.scope), listening.self] : null;
}

/** Calls `heard` when another handle notifies `name`; the function that stops listening. */
export function listen(db: Kysely<Database>, name: string, heard: () => void): () => Promise<void> {
  const listening = postgresListening(db);
  if (!listening) return async () => {};
  const channel = channelOf(name, listening.scope);
  let client: pg.Client | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  const reopen = () => {
    client = null;
    if (!stopped && !timer) timer = setTimeout(open, REOPEN_MS);
  };
  const open = () => {
    timer = null;
    if (stopped) return;
    const c = new pg.Client({ connectionString: listening.connectionString, options: listening.options });
    client = c;
    c.on('notification', (message) => {
      if (message.channel === channel && message.payload !== listening.self) heard();
    });
    c.on('error', () => reopen());
    c.on('end', () => reopen());
    c.connect()
      .then(() => c.query(`listen "${channel.replace(/"/g, '""')}"`))
      .catch(() => {
        void c.end().catch(() => {});
        reopen();
      });
  };
  open();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await (client as pg.Client | null)?.end().catch(() => {});
  };
}
