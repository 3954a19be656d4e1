// The live stream across server instances (issue 19 §4): a guest's turn stored by one instance is
// announced on a stream open on another, because each instance watches the database (the bot's
// change stamp), not its own memory.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBot, customer, type Customer } from '../fixtures/bot-api.js';
import { guest, listen, node, publish, text } from './chat-support.js';
import { createTestDatabase, createTestInstance, type TestApp, type TestDatabase } from './helpers.js';

let database: TestDatabase;
let first: TestApp;
let second: TestApp;
let firstBase = '';
let secondBase = '';
let owner: Customer;
let botId = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  first = await createTestInstance(database);
  second = await createTestInstance(database);
  firstBase = await listen(first);
  secondBase = await listen(second);
  owner = await customer(first);
  botId = (await createBot(first, owner, { supported_languages: [2] })).id as number;
  await publish({ t: first, base: firstBase, owner, botId }, [
    node('basic', 'hello', { entries: [text('Hi!')] }),
  ]);
});

afterAll(async () => {
  await first.close();
  await second.close();
  await database.remove();
});

describe('the live stream', () => {
  it('announces on one instance a turn stored by another', async () => {
    const controller = new AbortController();
    const res = await fetch(`${secondBase}/api/bots/${botId}/metrics/stream`, {
      headers: owner.headers,
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    await reader.read(); // the retry line
    await guest({ base: firstBase, botId }).say('Hello');
    let seen = '';
    const deadline = Date.now() + 5000;
    while (!seen.includes('event: change') && Date.now() < deadline) {
      const chunk = await reader.read();
      if (chunk.done) break;
      seen += decoder.decode(chunk.value);
    }
    controller.abort();
    expect(seen).toContain('event: change');
  });
});
