// What a turn reads (the bot, its flow's stamp, the guest's session) is right for every one of
// many turns starting at once — on PostgreSQL they share one query (TurnReader) — and one turn's
// unreadable key does not fail the others.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadChatTurn } from '../../server/runtime/chat-bot.js';
import { newSession } from '../../server/runtime/session.js';
import { TurnWriter } from '../../server/runtime/turn-writer.js';
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
