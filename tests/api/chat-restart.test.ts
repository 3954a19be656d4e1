// A guest's session lives in the database: a server restarted mid-conversation (a new process on
// the same DATA_DIR or PostgreSQL schema) continues where the guest stopped.
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.js';
import { readConversation } from '../../server/repos/conversation.js';
import {
  chatTest,
  contents,
  guest,
  link,
  listen,
  node,
  PAGE,
  publish,
  startApi,
  text,
  type ChatTest,
} from './chat-support.js';

let c: ChatTest;
let restarted: FastifyInstance | null = null;
const closeLater: (() => Promise<unknown>)[] = [];

afterAll(async () => {
  await restarted?.close();
  await c.t.close();
  for (const close of closeLater.reverse()) await close();
});

describe('a restart mid-conversation', () => {
  it('continues at the node the guest was waiting at, with its variables', async () => {
    c = await chatTest();
    const ask = link(
      node('basic', 'ask', {
        entries: [
          text('Your age?'),
          { type: 'variable', name: 'age', default: '', variableType: 'number', wait: true },
          text('Your city?'),
          { type: 'variable', name: 'city', default: '', variableType: 'text', wait: true },
        ],
      }),
      'done',
    );
    await publish(c, [ask, node('basic', 'done', { entries: [text('${{age}} in ${{city}}')] })]);
    const g = guest(c);
    expect(contents(await g.say('Hello', { ignore_saving: '1' }))).toEqual(['Your age?']);
    expect(contents(await g.say('42'))).toEqual(['Your city?']);

    await c.t.app.close();
    restarted = await buildApp(c.t.config);
    const base = await listen({ ...c.t, app: restarted });
    const again = guest({ base, botId: c.botId });
    // The same guest id, sent by the widget after the restart.
    const replies = await again.say('Lyon', { guest_id: g.id });
    expect(contents(replies)).toEqual(['42 in Lyon']);
    expect(again.id).toBe(g.id);
  });
});

/** A bot whose first turn waits 300 ms on an order API, for a server to close meanwhile. */
async function botWithSlowApi() {
  const closing = await chatTest();
  closeLater.push(() => closing.t.close());
  const slow = await startApi(() => ({ status: 200, body: { state: 'shipped' }, delayMs: 300 }));
  closeLater.push(slow.close);
  const lookup = link(node('api', 'lookup'), 'answer');
  lookup.api = { ...lookup.api, url: `${slow.url}/orders/7`, retries: 0 };
  lookup.store = { ...lookup.store, name: 'order' };
  await publish(closing, [lookup, node('basic', 'answer', { entries: [text('Order is ${{order.state}}')] })]);
  return { closing, slow };
}

describe('a server closing while a turn is being answered', () => {
  it('stores the turn of a guest who left, before the database closes', async () => {
    const { closing, slow } = await botWithSlowApi();

    const form = new FormData();
    form.append('bot_id', String(closing.botId));
    form.append('message', 'Hello');
    const guestLeaves = new AbortController();
    const asked = fetch(`${closing.base}/api/chat`, {
      method: 'POST',
      body: form,
      headers: { 'x-botflow-origin': PAGE },
      signal: guestLeaves.signal,
    }).catch(() => 'left');
    // The turn is waiting on the slow API when the guest's tab closes and the server stops:
    // with no connection left, the server closes at once, with the turn still running.
    while (slow.seen.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    guestLeaves.abort();
    expect(await asked).toBe('left');
    await closing.t.app.close();

    const reopened = await buildApp(closing.t.config);
    closeLater.push(() => reopened.close());
    const guests = await reopened.db.selectFrom('guest_sessions').select('id').execute();
    const stored = await readConversation(reopened.db, guests[0].id);
    expect(guests).toHaveLength(1);
    expect(stored.map((message) => [message.from, message.content])).toEqual([
      ['user', 'Hello'],
      ['bot', 'Order is shipped'],
    ]);
  });

  it('answers a guest mid-turn and lets go of its connection, so it does not hold the shutdown', async () => {
    const { closing, slow } = await botWithSlowApi();

    // fetch keeps its connection alive, as a browser does.
    const answered = guest(closing).say('Hello', { ignore_saving: '1' });
    while (slow.seen.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    const closed = closing.t.app.close().then(() => 'closed');
    expect(contents(await answered)).toEqual(['Order is shipped']);
    // Without Connection: close the idle connection would hold the server for its 72 s timeout.
    const soon = new Promise((resolve) => setTimeout(() => resolve('still open'), 3000));
    expect(await Promise.race([closed, soon])).toBe('closed');
  });
});
