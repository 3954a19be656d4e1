// Group commit: turns that end together share one transaction; one turn's lost race or failure
// does not undo the others (on SQLite and PostgreSQL alike).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConversation } from '../../server/repos/conversation.js';
import { GuestConflictError, type TurnRecord } from '../../server/repos/guests.js';
import { TurnWriter } from '../../server/runtime/turn-writer.js';
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

  it('rolls back a lone turn that fails, leaving nothing half written', async () => {
    const writer = new TurnWriter(t.app.db);
    await expect(writer.write(record('a', 1, 'stale'))).rejects.toBeInstanceOf(GuestConflictError);
    expect(await said('a')).toHaveLength(2);
  });
});
