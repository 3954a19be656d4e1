// A turn's analytics is written as one event row (repos/analytics-writes.ts), the same on SQLite
// (one statement of the turn's transaction) and PostgreSQL (a part of the batch's statement), and
// read back by the fold as the event it was.
import { describe, expect, it } from 'vitest';
import { analyticsEvent, analyticsWrites } from '../../server/repos/analytics-writes';
import { decodeTurnEvent, storedEvent, type TurnAnalytics } from '../../src/core/analytics/index.js';
import type { AnalyticsTurnContext } from '../../server/repos/analytics-writes';

const analytics: TurnAnalytics = {
  version: 4,
  visits: [
    { flow: 'main', node: 'ask', from: null, language: 'en', first: 1 },
    { flow: 'sub', node: 'show', from: 'ask', language: 'de', first: 0 },
  ],
  calls: [
    { kind: 'ai', ms: 12.6, node: 'ask' },
    { kind: 'api', ms: 3.2, node: null },
  ],
  outcome: {
    flow: 'main',
    version: 4,
    lastNode: 'show',
    ended: 1,
    completed: 1,
    fallbacks: 2,
    messagesIn: 1,
    messagesOut: 3,
    aiCalls: 1,
    aiMs: 12.6,
    apiCalls: 1,
    apiMs: 3.2,
    channel: 'telegram',
    language: 'de',
    answers: '{"name":"Ann"}',
  },
};
const turn: AnalyticsTurnContext = { now: 1_700_000_000_123, analytics: storedEvent('g-1', 7, analytics) };

/** The turn's analytics as stored: latencies in whole ms. */
const stored = {
  ...analytics,
  calls: [
    { kind: 'ai', ms: 13, node: 'ask' },
    { kind: 'api', ms: 3, node: null },
  ],
  outcome: { ...analytics.outcome, aiMs: 13, apiMs: 3 },
};

describe('analytics writes', () => {
  it('write one event row per turn that reads back as the turn’s event (SQLite)', () => {
    const writes = analyticsWrites(turn);
    expect(writes).toHaveLength(1);
    const [statement, [at, payload]] = writes[0];
    expect(statement.sqlite).toBe('insert into analytics_turns (at, payload) values (?, ?)');
    expect(at).toBe(turn.now);
    expect(decodeTurnEvent(at as number, payload as string)).toEqual({
      guest: 'g-1',
      bot: 7,
      at: turn.now,
      analytics: stored,
    });
  });

  it('store visits of another flow or language with it, and the turn’s own without', () => {
    const own = { flow: 'main', node: 'end', from: 'show', language: 'de', first: 1 as const };
    const visits = [...analytics.visits, own];
    const payload = analyticsWrites({
      ...turn,
      analytics: storedEvent('g-1', 7, { ...analytics, visits }),
    })[0][1][1] as string;
    expect(JSON.parse(payload)[17]).toEqual([
      ['ask', null, 1, 'main', 'en'],
      ['show', 'ask', 0, 'sub', 'de'],
      ['end', 'show', 1],
    ]);
    expect(decodeTurnEvent(0, payload).analytics.visits).toEqual(visits);
  });

  it('write nothing when analytics is off', () => {
    expect(analyticsWrites({ ...turn, analytics: null })).toEqual([]);
  });

  it('put the event into the batch’s JSON as the array whose text PostgreSQL stores', () => {
    // A guest id that needs escaping, as a channel's chat id might.
    const other = { now: turn.now + 5, analytics: storedEvent('g-"2"', 7, analytics) };
    expect(analyticsEvent({ ...turn, analytics: null })).toBeNull();
    const batch = JSON.parse(JSON.stringify([turn, other].map((t) => ({ event: analyticsEvent(t) })))) as {
      event: unknown;
    }[];
    const read = batch.map((row, i) => decodeTurnEvent(i, JSON.stringify(row.event)));
    expect(read.map((e) => e.guest)).toEqual(['g-1', 'g-"2"']);
    expect(read[1].analytics).toEqual(stored);
  });
});
