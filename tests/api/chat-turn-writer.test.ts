// Group commit: turns that end together share one transaction; one turn's lost race or failure
// does not undo the others (on SQLite and PostgreSQL alike).
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directSqlite } from '../../server/db/connect.js';
import { readConversation } from '../../server/repos/conversation.js';
import { findGuest, GuestConflictError, type TurnRecord } from '../../server/repos/guests.js';
import { TurnWriter } from '../../server/conversations/turn-writer.js';
import { newSession } from '../../server/runtime/session.js';
import { createBot, customer } from '../fixtures/bot-api.js';
import { createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
let botId: number;

beforeAll(async () => {
  t = await createTestApp();
  botId = (await createBot(t, await customer(t))).id as number;
});

afterAll(() => t.close());

function record(guestId: string, expectedVersion: number | null, text: string): TurnRecord {
  const session = newSession('main', 'en');
  session.variables.said = text;
  return {
    guestId,
    botId,
    expectedVersion,
    session,
    messages: [{ sender: 'bot', payload: { type: 'text', content: text }, languageCode: 'en' }],
    firstSeq: expectedVersion === null ? 0 : expectedVersion,
    subscriptions: [],
    now: 1,
  };
}

const said = async (guestId: string) =>
  (await readConversation(t.app.db, guestId)).map((message) => message.content);

describe('TurnWriter', () => {
  it('commits a batch together and rejects only the turn that lost its race', async () => {
    const writer = new TurnWriter(t.app.db);
    await Promise.all(['a', 'b', 'c'].map((id) => writer.write(record(id, null, `hello ${id}`))));
    const results = await Promise.allSettled([
      writer.write(record('a', 1, 'a again')),
      writer.write(record('b', 7, 'b from a stale copy')),
      writer.write(record('c', 1, 'c again')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(GuestConflictError);
    expect(await said('a')).toEqual(['hello a', 'a again']);
    expect(await said('b')).toEqual(['hello b']);
    const versions = await t.app.db
      .selectFrom('guest_sessions')
      .select(['id', 'version'])
      .orderBy('id')
      .execute();
    expect(versions).toEqual([
      { id: 'a', version: 2 },
      { id: 'b', version: 1 },
      { id: 'c', version: 2 },
    ]);
  });

  it('writes the others when one turn of a batch fails, and nothing of the failed one', async () => {
    const writer = new TurnWriter(t.app.db);
    const broken = record('d', null, 'hello d');
    broken.botId = 999_999; // no such bot: the insert fails on its foreign key
    const results = await Promise.allSettled([
      writer.write(record('e', null, 'hello e')),
      writer.write(broken),
      writer.write(record('f', null, 'hello f')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await said('d')).toEqual([]);
    expect(await said('f')).toHaveLength(1);
  });

  it('stores text PostgreSQL json cannot carry (NUL, a lone surrogate) exactly, beside ordinary turns', async () => {
    const writer = new TurnWriter(t.app.db);
    const odd = 'a\u0000b\ud800c';
    await Promise.all([
      writer.write(record('odd', null, odd)),
      writer.write(record('plain', null, 'hello plain')),
    ]);
    expect((await findGuest(t.app.db, 'odd'))?.session.variables.said).toBe(odd);
    expect(await said('odd')).toEqual([odd]);
    expect(await said('plain')).toEqual(['hello plain']);
  });

  it('rolls back a lone turn that fails, leaving nothing half written', async () => {
    const writer = new TurnWriter(t.app.db);
    await expect(writer.write(record('a', 1, 'stale'))).rejects.toBeInstanceOf(GuestConflictError);
    expect(await said('a')).toHaveLength(2);
  });
});

describe.skipIf(process.env.API_DATABASE_URL)('turns on SQLite, stored by the SQLite thread', () => {
  it('leave transactions that read first able to write: they take the write lock when they begin', async () => {
    let otherWrite: unknown = null;
    await t.app.db.transaction().execute(async (trx) => {
      await trx.selectFrom('bots').select('id').execute();
      // Another connection to the file (as the SQLite thread is) writes in between: it must wait
      // for this transaction, not slip in and leave it a snapshot it can no longer write over.
      const other = new SQLite(path.join(t.config.dataDir, 'botflow.sqlite'), { timeout: 0 });
      try {
        other.prepare('update bots set description = ? where id = ?').run('from elsewhere', botId);
      } catch (error) {
        otherWrite = error;
      } finally {
        other.close();
      }
      await trx.updateTable('bots').set({ name: 'Renamed' }).where('id', '=', botId).execute();
    });
    expect(String(otherWrite)).toMatch(/database is locked/);
    const bot = await t.app.db.selectFrom('bots').select('name').where('id', '=', botId).executeTakeFirst();
    expect(bot?.name).toBe('Renamed');
  });

  it('are stored on the main thread once the SQLite thread has stopped', async () => {
    const thread = directSqlite(t.app.db)!.thread!;
    void thread.stop();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(directSqlite(t.app.db)!.thread).toBeNull();
    const writer = new TurnWriter(t.app.db);
    await writer.write(record('h', null, 'hello h'));
    await expect(writer.write(record('h', 7, 'stale'))).rejects.toBeInstanceOf(GuestConflictError);
    expect(await said('h')).toEqual(['hello h']);
  });
});
