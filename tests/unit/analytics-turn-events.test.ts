// A turn's event as the chat service makes it (server/analytics/turn-events.ts turnEvent): read
// back by the fold's decoder, it is the turn the step reported (the fold, not the turn, decides
// first visits, so the session keeps no list of nodes reached), the calls summed, passwords
// masked and unchanged answers left out; a flow without passwords records the guest row's
// version for the fold to read the answers by.
import { describe, expect, it } from 'vitest';
import { turnEvent } from '../../server/analytics/turn-events';
import { runnableFlow } from '../../server/runtime/ports';
import type { StepResult } from '../../server/runtime/step';
import { decodeTurnEvent, MASK } from '../../src/core/analytics/index.js';
import { newNode } from '../../src/core/flow/index.js';

const ask = newNode('basic', 'ask', 0, 0, 'ask');
ask.entries = [{ type: 'variable', name: 'pin', default: '', variableType: 'password', wait: true }];
const flow = runnableFlow('main', 3, [ask]);
const plain = newNode('basic', 'ask', 0, 0, 'ask');
plain.entries = [{ type: 'variable', name: 'name', default: '', variableType: 'text', wait: true }];
const plainFlow = runnableFlow('main', 3, [plain]);

function step(session: Record<string, unknown>, over: Partial<StepResult> = {}): StepResult {
  return {
    replies: [],
    session: session as never,
    secretInput: false,
    visits: [
      { flow: 'main', node: 'ask', from: null, language: 'en' },
      { flow: 'sub', node: 'show', from: 'ask', language: 'de' },
    ],
    calls: [
      { kind: 'ai', ms: 10.4, node: 'ask' },
      { kind: 'ai', ms: 2.3, node: 'ask' },
      { kind: 'api', ms: 7.6, node: null },
    ],
    fallbacks: 1,
    ended: true,
    ...over,
  };
}

describe('turnEvent', () => {
  it('reads back as the turn the step reported', () => {
    const session = {
      env: { ENVIRONMENT: 'telegram' },
      language: 'en',
      variables: { name: 'Ann', pin: '1234' },
    };
    const event = turnEvent(flow, step(session), { id: 'g-1', botId: 7, rowVersion: 4 }, 1, 2);
    expect(decodeTurnEvent(99, JSON.stringify(event))).toEqual({
      guest: 'g-1',
      bot: 7,
      at: 99,
      analytics: {
        version: 3,
        visits: [
          { flow: 'main', node: 'ask', from: null, language: 'en' },
          { flow: 'sub', node: 'show', from: 'ask', language: 'de' },
        ],
        calls: [
          { kind: 'ai', ms: 10, node: 'ask' },
          { kind: 'ai', ms: 2, node: 'ask' },
          { kind: 'api', ms: 8, node: null },
        ],
        outcome: {
          flow: 'main',
          version: 3,
          lastNode: 'show',
          ended: 1,
          completed: 1,
          fallbacks: 1,
          messagesIn: 1,
          messagesOut: 2,
          aiCalls: 2,
          aiMs: 13,
          apiCalls: 1,
          apiMs: 8,
          channel: 'telegram',
          language: 'en',
          answers: JSON.stringify({ name: 'Ann', pin: MASK }),
        },
      },
    });
  });

  it('stores visits without a flag nor any list in the session, and keeps the turn’s own flow short', () => {
    // A session stored before the fold decided first visits: its list goes with the next turn.
    const session = {
      env: { ENVIRONMENT: 'web' },
      language: 'en',
      variables: {},
      reached: { version: 3, nodes: ['main:ask'] },
    };
    const event = turnEvent(flow, step(session), { id: 'g-1', botId: 7, rowVersion: 4 }, 1, 1);
    expect(event[17]).toEqual([
      ['ask', null],
      ['show', 'ask', 'sub', 'de'],
    ]);
    expect(JSON.parse(JSON.stringify(session))).not.toHaveProperty('reached');
  });

  it('leaves unchanged answers out on the next turn', () => {
    const session = { env: { ENVIRONMENT: 'web' }, language: 'en', variables: { name: 'Ann' } };
    turnEvent(flow, step(session), { id: 'g-1', botId: 7, rowVersion: 4 }, 1, 1);
    const again = step(session, {
      visits: [{ flow: 'main', node: 'ask', from: null, language: 'en' }],
      calls: [],
    });
    const next = decodeTurnEvent(
      0,
      JSON.stringify(turnEvent(flow, again, { id: 'g-1', botId: 7, rowVersion: 4 }, 1, 1)),
    );
    expect(next.analytics.outcome).toMatchObject({ answers: '', lastNode: 'ask', aiCalls: 0, apiMs: 0 });
  });

  it('records the row version instead of the answers in a flow without passwords', () => {
    const session = { env: { ENVIRONMENT: 'web' }, language: 'en', variables: { name: 'Ann' } };
    const first = turnEvent(plainFlow, step(session), { id: 'g-1', botId: 7, rowVersion: 1 }, 1, 1);
    expect(decodeTurnEvent(0, JSON.stringify(first)).analytics.outcome.answers).toBe(1);
    const next = turnEvent(plainFlow, step(session), { id: 'g-1', botId: 7, rowVersion: 2 }, 1, 1);
    expect(decodeTurnEvent(0, JSON.stringify(next)).analytics.outcome.answers).toBe(2);
    // The stored session says which turn's answers it holds.
    expect(session).toMatchObject({ answersAt: 2 });
  });

  it('records masked answers again when a flow with passwords follows one without', () => {
    const session = { env: { ENVIRONMENT: 'web' }, language: 'en', variables: { pin: '1234' } };
    turnEvent(flow, step(session), { id: 'g-1', botId: 7, rowVersion: 1 }, 1, 1);
    turnEvent(plainFlow, step(session), { id: 'g-1', botId: 7, rowVersion: 2 }, 1, 1);
    const back = turnEvent(flow, step(session), { id: 'g-1', botId: 7, rowVersion: 3 }, 1, 1);
    expect(decodeTurnEvent(0, JSON.stringify(back)).analytics.outcome.answers).toBe(
      JSON.stringify({ pin: MASK }),
    );
  });
});
