// What a turn reads (the bot, its flow's stamp, the guest's session) is right for every one of
// many turns starting at once — on PostgreSQL they share one query (TurnReader) — and one turn's
// unreadable key does not fail the others.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { directSqlite } from '../../server/db/connect.js';
import { loadChatTurn } from '../../server/conversations/chat-bot.js';
import { newSession } from '../../server/runtime/session.js';
import { TurnWriter } from '../../server/conversations/turn-writer.js';
import { createBot, customer } from '../fixtures/bot-api.js';
import { createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
const bots: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const owner = await customer(t);
  for (let i = 0; i < 3; i++) bots.push((await createBot(t, owner)).id as number);
  const writer = new TurnWriter(t.app.db);
  await Promise.all(
    bots.map((botId, i) => {
      const session = newSession('main', 'en');
      session.variables.bot = i;
      const record = { guestId: `guest-${i}`, botId, expectedVersion: null, session };
      return writer.write({ ...record, messages: [], firstSeq: 0, subscriptions: [], now: 1 });
    }),
  );
});

afterAll(() => t.close());

describe('loadChatTurn', () => {
  it('answers each of many concurrent turns with its own bot and guest', async () => {
    const asks = bots.flatMap((botId, i) => [
      { botId, guestId: `guest-${i}` as string | null, variable: i as number | undefined },
      { botId, guestId: null, variable: undefined },
      // Another bot's guest is no guest of this bot.
      { botId, guestId: `guest-${(i + 1) % bots.length}`, variable: undefined },
    ]);
    const answers = await Promise.all(asks.map((a) => loadChatTurn(t.app.db, a.botId, 'main', a.guestId)));
    answers.forEach((answer, n) => {
      expect(answer?.bot.id).toBe(asks[n].botId);
      expect(answer?.bot.flow).toBeNull();
      expect(answer?.guest?.session.variables.bot).toBe(asks[n].variable);
    });
    expect(answers[0]?.guest?.version).toBe(1);
  });

  it('answers null for a missing bot, and keeps the others when a key cannot be read', async () => {
    const [missing, odd, fine] = await Promise.all([
      loadChatTurn(t.app.db, 999_999, 'main', 'guest-0'),
      loadChatTurn(t.app.db, bots[0], 'main', 'bad\u0000id'),
      loadChatTurn(t.app.db, bots[1], 'main', 'guest-1'),
    ]);
    expect(missing).toBeNull();
    expect(odd?.guest ?? null).toBeNull();
    expect(fine?.guest?.session.variables.bot).toBe(1);
  });
});

describe.skipIf(process.env.API_DATABASE_URL)('loadChatTurn on SQLite', () => {
  it('reads the turns starting together in one batch, on the SQLite thread', async () => {
    const thread = directSqlite(t.app.db)!.thread!;
    const read = vi.spyOn(thread, 'read');
    const answers = await Promise.all(
      bots.map((botId, i) => loadChatTurn(t.app.db, botId, 'main', `guest-${i}`)),
    );
    expect(answers.map((a) => a?.guest?.session.variables.bot)).toEqual([0, 1, 2]);
    expect(read).toHaveBeenCalledTimes(1);
    expect(read.mock.calls[0][1]).toHaveLength(bots.length);
    read.mockRestore();
  });

  it('reads on the main thread once the SQLite thread has stopped', async () => {
    void directSqlite(t.app.db)!.thread!.stop();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(directSqlite(t.app.db)!.thread).toBeNull();
    const answer = await loadChatTurn(t.app.db, bots[2], 'main', 'guest-2');
    expect(answer?.guest?.session.variables.bot).toBe(2);
  });
});
