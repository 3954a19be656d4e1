// The SQLite writes lay a turn's parameters out by hand (repos/analytics-writes.ts): they must
// match the rows the PostgreSQL path writes, column for column.
import { describe, expect, it } from 'vitest';
import { analyticsBatch, analyticsRows, analyticsWrites } from '../../server/repos/analytics-writes';
import type { AnalyticsTurnContext } from '../../server/repos/analytics-writes';
import { OUTCOME_COLUMN_NAMES } from '../../server/analytics/outcome-columns';

const turn: AnalyticsTurnContext = {
  guestId: 'g-1',
  botId: 7,
  now: 1_700_000_000_123,
  analytics: {
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
  },
};

describe('analytics writes on SQLite', () => {
  it('lay out the same values as the rows, in the insert columns order', () => {
    const rows = analyticsRows(turn)!;
    const [visits, calls, session] = analyticsWrites(turn);
    expect(visits[0].sqlite).toContain('insert into analytics_visits');
    const visitColumns = /\(([^)]*)\)/.exec(visits[0].sqlite)![1].split(', ');
    expect(visits[1]).toEqual(rows.visits.flatMap((r) => visitColumns.map((c) => r[c as keyof typeof r])));
    const callColumns = /\(([^)]*)\)/.exec(calls[0].sqlite)![1].split(', ');
    expect(calls[1]).toEqual(rows.calls.flatMap((r) => callColumns.map((c) => r[c as keyof typeof r])));
    expect(session[1]).toEqual(OUTCOME_COLUMN_NAMES.map((c) => rows.session[c]));
  });

  it('write only the outcome row when the turn entered no node and made no call', () => {
    const quiet = { ...turn, analytics: { ...turn.analytics!, visits: [], calls: [] } };
    expect(analyticsWrites(quiet).map(([s]) => s.name)).toEqual(['analytics_upsert_session']);
    expect(analyticsWrites({ ...turn, analytics: null })).toEqual([]);
  });
});

describe('analytics writes on PostgreSQL', () => {
  it('carry the rows of a whole batch, one JSON array per table, each call with its turn’s guest', () => {
    const other = { ...turn, guestId: 'g-2', now: turn.now + 5 };
    const [visits, calls, sessions] = analyticsBatch([turn, { ...turn, analytics: null }, other]).map(
      (text) => JSON.parse(text),
    );
    const rows = [analyticsRows(turn)!, analyticsRows(other)!];
    expect(visits).toEqual(rows.flatMap((r) => r.visits));
    expect(calls).toEqual([
      ...rows[0].calls.map((c) => ({ ...c, guest_id: 'g-1' })),
      ...rows[1].calls.map((c) => ({ ...c, guest_id: 'g-2' })),
    ]);
    expect(sessions).toEqual(rows.map((r) => r.session));
  });
});
