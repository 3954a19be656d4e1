// Shared steps of the flow API tests (tests/api/flow-*.test.ts).
import { newNode, type FlowNode } from '../../src/core/flow/index.js';
import type { TestApp } from './helpers.js';
import { createBot, type Customer } from '../fixtures/bot-api.js';

export { customer, type Customer } from '../fixtures/bot-api.js';

/** A bot of that customer, created through the real route; answers its id. */
export async function botOf(t: TestApp, who: Customer): Promise<number> {
  return (await createBot(t, who)).id as number;
}

/**
 * A small flow as the editor sends it: a greeting that goes to an API call, whose success goes
 * to a choice and whose failure (the last, onFailure slot) goes back to the greeting.
 */
export function sampleFlow(): FlowNode[] {
  const greet = newNode('basic', 'greet', 0, 0, 'Greeting');
  const fetch = newNode('api', 'fetch', 240, 0, 'Fetch order');
  const ask = newNode('choice', 'ask', 480, 0, 'Ask');
  greet.next[0].node = 'fetch';
  fetch.api.url = 'https://shop.example.com/orders';
  // Shown to the guest, so the node needs no store name: the sample flow is one the editor publishes.
  fetch.showResult = true;
  fetch.next[0].node = 'ask';
  fetch.next[1].node = 'greet';
  fetch.next[1].isNew = true;
  ask.message = { en: 'Anything else?' };
  return [greet, fetch, ask];
}

export function publish(t: TestApp, who: Customer, botId: number, body: unknown, version?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/flow/${botId}`,
    headers: { ...who.headers, ...(version === undefined ? {} : { 'if-match': version }) },
    payload: body as object,
  });
}

export function getFlow(t: TestApp, who: Customer, botId: number) {
  return t.app.inject({ method: 'GET', url: `/api/flow/${botId}`, headers: who.headers });
}

/** The stored row of a flow, straight from the database. */
export function storedFlow(t: TestApp, botId: number, name = 'main') {
  return t.app.db
    .selectFrom('flows')
    .selectAll()
    .where('bot_id', '=', botId)
    .where('name', '=', name)
    .executeTakeFirst();
}
