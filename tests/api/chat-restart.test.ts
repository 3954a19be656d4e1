// A guest's session lives in the database: a server restarted mid-conversation (a new process on
// the same DATA_DIR or PostgreSQL schema) continues where the guest stopped.
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.js';
import {
  chatTest,
  contents,
  guest,
  link,
  listen,
  node,
  publish,
  text,
  type ChatTest,
} from './chat-support.js';

let c: ChatTest;
let restarted: FastifyInstance | null = null;

afterAll(async () => {
  await restarted?.close();
  await c.t.close();
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
