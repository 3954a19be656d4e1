// LISTEN / NOTIFY between two handles on one PostgreSQL schema (server/db/listen.ts), as two
// server instances use it to wake each other's runner of channel turns: a handle hears the
// other's notification on its channel, not its own, and not another schema's.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/connect.js';
import { listen, notifyParams } from '../../server/db/listen.js';
import { createTestDatabase, type TestDatabase } from './helpers.js';

let database: TestDatabase;
let other: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  other = await createTestDatabase();
});

afterAll(async () => {
  await database?.remove();
  await other?.remove();
});

const open = (d: TestDatabase) => openDatabase(d);

async function until(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe.skipIf(!process.env.API_DATABASE_URL)('LISTEN / NOTIFY on PostgreSQL', () => {
  it('wakes the other handle on the schema, not the sender or another schema', async () => {
    const sender = open(database);
    const listener = open(database);
    const elsewhere = open(other);
    const heard = { sender: 0, listener: 0, elsewhere: 0 };
    const stops = [
      listen(sender, 'wake_test', () => heard.sender++),
      listen(listener, 'wake_test', () => heard.listener++),
      listen(elsewhere, 'wake_test', () => heard.elsewhere++),
    ];
    try {
      // Each listener is listening once its LISTEN ran: a notification it hears says so.
      const notify = async (db: typeof sender) => {
        const [channel, from] = notifyParams(db, 'wake_test')!;
        await sql`select pg_notify(${channel}, ${from})`.execute(db);
      };
      for (let i = 0; i < 20 && heard.listener === 0; i++) {
        await notify(sender);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(heard.listener).toBeGreaterThan(0);
      await notify(elsewhere);
      for (let i = 0; i < 20 && heard.sender === 0; i++) {
        await notify(listener);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(heard.sender).toBeGreaterThan(0);
      const before = { ...heard };
      await notify(sender);
      await until(() => heard.listener > before.listener);
      // The sender does not hear its own; the other schema heard nothing of this one's.
      expect(heard.listener).toBe(before.listener + 1);
      expect(heard.sender).toBe(before.sender);
      expect(heard.elsewhere).toBe(0);
    } finally {
      await Promise.all(stops.map((stop) => stop()));
      await Promise.all([sender.destroy(), listener.destroy(), elsewhere.destroy()]);
    }
  });

  it('has no channel on SQLite', async () => {
    const db = open({ ...database, databaseUrl: '' });
    try {
      expect(notifyParams(db, 'wake_test')).toBeNull();
    } finally {
      await db.destroy();
    }
  });
});
