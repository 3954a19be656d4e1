// The fold's arithmetic (core/analytics/turn-fold.ts): a batch of turn events becomes hourly
// node and call counts and one outcome row per guest, the fold decides first visits from each
// guest's stored row, and folding in any batches gives the same outcome row and guest counts as
// folding turn by turn. Stored texts that are not events are skipped and counted.
import { describe, expect, it } from 'vitest';
import {
  encodeTurnEvent,
  foldablePrefix,
  foldStoredTurns,
  foldTurns,
  hourOf,
  latencyBucket,
  mergeOutcome,
  outcomeOf,
  storedAnswersOfState,
  takeSessionAnswers,
  type OutcomeFigures,
  type OutcomeRow,
  type StoredReached,
  type TurnEvent,
  type VisitRow,
} from '../../src/core/analytics/index.js';

const HOUR = 3_600_000;
const T0 = 1_700_002_800_000 + 50 * 60_000; // 10 minutes before an hour's end

const outcome = (over: Partial<OutcomeRow> = {}): OutcomeRow => ({
  flow: 'main',
  version: 3,
  lastNode: 'menu',
  ended: 0,
  completed: 0,
  fallbacks: 0,
  messagesIn: 1,
  messagesOut: 2,
  aiCalls: 0,
  aiMs: 0,
  apiCalls: 0,
  apiMs: 0,
  channel: 'web',
  language: 'en',
  answers: '{}',
  ...over,
});

const event = (guest: string, at: number, over: Partial<TurnEvent['analytics']> = {}): TurnEvent => ({
  guest,
  bot: 7,
  at,
  analytics: { version: 3, visits: [], calls: [], outcome: outcome(), ...over },
});

/** A visit of the current format: the fold decides whether it is first. */
const at = (node: string, from: string | null = null, over: Partial<VisitRow> = {}): VisitRow => ({
  flow: 'main',
  node,
  from,
  language: 'en',
  ...over,
});

/** `[version, node, visits, guests]` of each node's counts, links and hours added together. */
function nodeCounts(folds: { nodeHours: OutcomeFoldHours }[]) {
  const sums = new Map<string, [number, string, number, number]>();
  for (const h of folds.flatMap((f) => f.nodeHours)) {
    const key = `${h.flow_version} ${h.flow_name}:${h.node_id}`;
    const sum = sums.get(key) ?? [h.flow_version, `${h.flow_name}:${h.node_id}`, 0, 0];
    sum[2] += h.visits;
    sum[3] += h.guests;
    sums.set(key, sum);
  }
  return [...sums.values()];
}
type OutcomeFoldHours = ReturnType<typeof foldTurns>['nodeHours'];

describe('foldTurns', () => {
  it('counts visits and first visits per node, link, hour and language', () => {
    const fold = foldTurns([
      event('a', T0, { visits: [at('greet'), at('menu', 'greet')] }),
      // A loop back to the menu: a visit, not a new guest.
      event('a', T0 + 1000, { visits: [at('menu', 'menu')] }),
      event('b', T0 + 2000, { visits: [at('menu', 'greet')] }),
      // The next hour, and a language change within the turn.
      event('b', T0 + 20 * 60_000, { visits: [at('menu', 'greet', { language: 'fr' })] }),
    ]);
    const hour = T0 - (T0 % HOUR);
    expect(
      fold.nodeHours.map((h) => [h.hour - hour, h.node_id, h.from_node, h.language, h.visits, h.guests]),
    ).toEqual([
      [0, 'greet', '', 'en', 1, 1],
      [0, 'menu', 'greet', 'en', 2, 2],
      [0, 'menu', 'menu', 'en', 1, 0],
      [HOUR, 'menu', 'greet', 'fr', 1, 0],
    ]);
    expect(fold.outcomes.map((o) => [o.guest_id, o.reached])).toEqual([
      ['a', '["main:greet","main:menu"]'],
      ['b', '["main:menu"]'],
    ]);
  });

  it('decides first visits from each guest’s stored row: per version, per flow, once', () => {
    const stored = new Map<string, StoredReached>([
      ['a', { version: 3, reached: '["main:greet"]' }],
      ['b', { version: 2, reached: '["main:greet","main:menu"]' }], // an older version's
    ]);
    const read: string[] = [];
    const fold = foldTurns(
      [
        event('a', T0, { visits: [at('greet'), at('menu', 'greet')] }),
        event('b', T0 + 1, { visits: [at('greet'), at('menu', 'greet', { flow: 'sub' })] }),
        event('a', T0 + 2, { visits: [at('menu', 'menu')] }),
        event('c', T0 + 3, { visits: [at('greet')] }),
      ],
      (guest) => (read.push(guest), stored.get(guest)),
    );
    expect(read).toEqual(['a', 'b', 'c']); // once each
    expect(nodeCounts([fold])).toEqual([
      [3, 'main:greet', 3, 2],
      [3, 'main:menu', 2, 1],
      [3, 'sub:menu', 1, 1],
    ]);
    expect(fold.outcomes.map((o) => o.reached)).toEqual([
      '["main:greet","main:menu"]',
      '["main:greet","sub:menu"]',
      '["main:greet"]',
    ]);
  });

  it('counts the same guests folded in batches, each reading the rows the one before wrote', () => {
    const turns = [
      event('a', T0, { visits: [at('greet'), at('menu', 'greet')] }),
      event('b', T0 + 1, { visits: [at('greet')] }),
      event('a', T0 + 2, { visits: [at('menu', 'menu'), at('track', 'menu')] }),
      event('a', T0 + 3, { version: 4, visits: [at('greet')] }),
      event('b', T0 + 4, { visits: [at('greet'), at('menu', 'greet')] }),
      event('a', T0 + 5, { version: 4, visits: [at('greet'), at('menu', 'greet')] }),
    ];
    const whole = nodeCounts([foldTurns(turns)]);
    for (const size of [1, 2, 4]) {
      const rows = new Map<string, OutcomeFigures>();
      const folds = [];
      for (let i = 0; i < turns.length; i += size) {
        const fold = foldTurns(turns.slice(i, i + size), (guest) => rows.get(guest));
        // The upsert: the row's version is the latest, its list the fold's when it has one.
        for (const o of fold.outcomes) {
          const before = rows.get(o.guest_id);
          rows.set(o.guest_id, before ? mergeOutcome(before, o) : o);
        }
        folds.push(fold);
      }
      expect(nodeCounts(folds)).toEqual(whole);
    }
    expect(whole).toContainEqual([4, 'main:greet', 2, 1]);
  });

  it('counts an event stored with the turn’s flags by them, and notes its nodes for the turns after', () => {
    const fold = foldTurns([
      event('a', T0, {
        visits: [
          { ...at('greet'), first: 1 },
          { ...at('menu', 'greet'), first: 0 },
        ],
      }),
      event('a', T0 + 1, { visits: [at('greet'), at('menu', 'menu')] }),
    ]);
    expect(nodeCounts([fold])).toEqual([
      [3, 'main:greet', 2, 1],
      [3, 'main:menu', 2, 0],
    ]);
  });

  it('counts by the flags of events stored with them, per node, link, hour and language', () => {
    const fold = foldTurns([
      event('a', T0, {
        visits: [
          { flow: 'main', node: 'greet', from: null, language: 'en', first: 1 },
          { flow: 'main', node: 'menu', from: 'greet', language: 'en', first: 1 },
        ],
      }),
      // A loop back to the menu: a visit, not a new guest.
      event('a', T0 + 1000, {
        visits: [{ flow: 'main', node: 'menu', from: 'menu', language: 'en', first: 0 }],
      }),
      event('b', T0 + 2000, {
        visits: [{ flow: 'main', node: 'menu', from: 'greet', language: 'en', first: 1 }],
      }),
      // The next hour, and a language change within the turn.
      event('b', T0 + 20 * 60_000, {
        visits: [{ flow: 'main', node: 'menu', from: 'greet', language: 'fr', first: 0 }],
      }),
    ]);
    const hour = T0 - (T0 % HOUR);
    const counts = fold.nodeHours.map((h) => [
      h.hour - hour,
      h.node_id,
      h.from_node,
      h.language,
      h.visits,
      h.guests,
    ]);
    expect(counts).toEqual([
      [0, 'greet', '', 'en', 1, 1],
      [0, 'menu', 'greet', 'en', 2, 2],
      [0, 'menu', 'menu', 'en', 1, 0],
      [HOUR, 'menu', 'greet', 'fr', 1, 0],
    ]);
    expect(fold.nodeHours.every((h) => h.bot_id === 7 && h.flow_version === 3 && h.channel === 'web')).toBe(
      true,
    );
  });

  it('keeps each flow version’s visits apart', () => {
    const visit = { flow: 'main', node: 'menu', from: null, language: 'en', first: 1 as const };
    const fold = foldTurns([
      event('a', T0, { visits: [visit] }),
      event('a', T0 + 1, { version: 4, visits: [visit] }),
    ]);
    expect(fold.nodeHours.map((h) => [h.flow_version, h.visits])).toEqual([
      [3, 1],
      [4, 1],
    ]);
  });

  it('puts each call’s latency in its hour’s histogram, by kind', () => {
    const fold = foldTurns([
      event('a', T0, { calls: [{ kind: 'ai', ms: 812.4, node: 'ask' }] }),
      event('b', T0 + 5, {
        calls: [
          { kind: 'ai', ms: 5000, node: 'ask' },
          { kind: 'api', ms: 40, node: null },
        ],
      }),
    ]);
    expect(fold.callHours).toHaveLength(2);
    const ai = fold.callHours.find((h) => h.kind === 'ai')!;
    expect(ai.counts[latencyBucket(812)]).toBe(1);
    expect(ai.counts[latencyBucket(5000)]).toBe(1);
    expect(ai.counts.reduce((n, c) => n + c, 0)).toBe(2);
    const api = fold.callHours.find((h) => h.kind === 'api')!;
    expect(api.counts[latencyBucket(40)]).toBe(1);
  });

  it('merges a guest’s turns into one outcome row: first start, latest state, summed counters', () => {
    const fold = foldTurns([
      event('a', T0, { outcome: outcome({ fallbacks: 1, aiCalls: 1, aiMs: 300.4 }) }),
      event('b', T0 + 1, { outcome: outcome({ lastNode: 'greet' }) }),
      event('a', T0 + 2, { outcome: outcome({ lastNode: null, language: 'fr', answers: '{"x":1}' }) }),
      event('a', T0 + 3, {
        outcome: outcome({ lastNode: 'bye', ended: 1, completed: 1, aiCalls: 1, aiMs: 100 }),
      }),
      // Restarted after the end: no longer ended, but it did complete once.
      event('a', T0 + 4, { outcome: outcome({ lastNode: 'greet', ended: 0, completed: 0 }) }),
    ]);
    expect(fold.outcomes.map((o) => o.guest_id)).toEqual(['a', 'b']);
    expect(fold.outcomes[0]).toMatchObject({
      started_at: T0,
      last_at: T0 + 4,
      last_node: 'greet',
      ended: 0,
      completed: 1,
      fallbacks: 1,
      messages_in: 4,
      messages_out: 8,
      ai_calls: 2,
      ai_ms: 400,
      language: 'en',
      answers: '{}',
    });
  });

  it('gives the same outcome row folded in any batches as turn by turn', () => {
    const turns = [
      event('a', T0, { outcome: outcome({ fallbacks: 2 }) }),
      event('a', T0 + 1, { outcome: outcome({ lastNode: null, completed: 1 }) }),
      event('a', T0 + 2, { version: 4, outcome: outcome({ version: 4, lastNode: 'x', messagesIn: 3 }) }),
    ];
    // The turns reach no node: the list the fold keeps is that of version 4, empty.
    const oneByOne = {
      ...turns.map(outcomeOf).reduce((row, next) => mergeOutcome(row, next)),
      reached: '[]',
    };
    const [first, rest] = [foldTurns(turns.slice(0, 1)), foldTurns(turns.slice(1))];
    expect(mergeOutcome(first.outcomes[0], rest.outcomes[0])).toEqual(oneByOne);
    expect(foldTurns(turns).outcomes[0]).toEqual(oneByOne);
  });

  it('merges every column by its rule, each one changing from turn to turn', () => {
    // Each turn differs from the one before in every column a turn writes, both ways for the
    // kept-when-empty ones (last node null, answers ''), and completed goes 1 then 0.
    const turns = [
      event('a', T0, { outcome: outcome({ fallbacks: 1, aiCalls: 1, aiMs: 20, apiCalls: 2, apiMs: 7 }) }),
      event('a', T0 + 1, {
        version: 4,
        outcome: outcome({
          flow: 'sub',
          version: 4,
          lastNode: null,
          ended: 1,
          completed: 1,
          messagesIn: 2,
          messagesOut: 5,
          channel: 'telegram',
          language: 'de',
          answers: '',
        }),
      }),
      event('a', T0 + 2, {
        outcome: outcome({ lastNode: 'bye', fallbacks: 3, answers: '{"x":2}', aiCalls: 1, aiMs: 9 }),
      }),
      event('a', T0 + 3, { outcome: outcome({ lastNode: null, answers: '', apiCalls: 1, apiMs: 30 }) }),
    ];
    const oneByOne = {
      ...turns.map(outcomeOf).reduce((row, next) => mergeOutcome(row, next)),
      reached: '[]',
    };
    expect(foldTurns(turns).outcomes[0]).toEqual(oneByOne);
    expect(oneByOne).toMatchObject({ last_node: 'bye', completed: 1, ended: 0, answers: '{"x":2}' });
  });
});

describe('answers recorded as the guest row version', () => {
  const withAnswers = (guest: string, at: number, answers: string | number) =>
    event(guest, at, { outcome: outcome({ answers }) });
  const fold = foldTurns([
    withAnswers('a', T0, 1),
    withAnswers('b', T0, '{"x":1}'),
    withAnswers('a', T0 + 1, 2),
    withAnswers('b', T0 + 1, 3),
    withAnswers('c', T0, 5),
    withAnswers('c', T0 + 1, '{"pin":"•"}'), // then a flow with passwords: its own answers
    withAnswers('d', T0, 1),
  ]);
  const byGuest = (guest: string) => fold.outcomes.find((o) => o.guest_id === guest)!;

  it('leaves the outcome to the stored session at the last turn’s version', () => {
    expect(fold.sessionAnswers.map((s) => [s.outcome.guest_id, s.version])).toEqual([
      ['a', 2],
      ['b', 3],
      ['d', 1],
    ]);
    expect(byGuest('a').answers).toBe('');
    expect(byGuest('b').answers).toBe('{"x":1}');
    expect(byGuest('c').answers).toBe('{"pin":"•"}');
  });

  it('takes the stored answers only while the session’s last turn is that one', () => {
    const stored = new Map([
      ['a', { answers_at: 2, answers: '{"name":"Ann"}' }],
      // A later turn was written since: its own event brings its answers to the next fold.
      ['b', { answers_at: 4, answers: '{"x":9}' }],
      // No row for d: the outcome keeps what it had.
    ]);
    takeSessionAnswers(fold.sessionAnswers, (guest) => stored.get(guest));
    expect(['a', 'b', 'c', 'd'].map((g) => byGuest(g).answers)).toEqual([
      '{"name":"Ann"}',
      '{"x":1}',
      '{"pin":"•"}',
      '',
    ]);
  });
});

describe('storedAnswersOfState', () => {
  it('reads the answers and their turn from a stored session’s text', () => {
    const state = JSON.stringify({ flow: 'main', variables: { name: 'Ann', n: 2 }, answersAt: 7 });
    expect(storedAnswersOfState(state)).toEqual({ answers_at: 7, answers: '{"name":"Ann","n":2}' });
  });

  it('gives no turn for a session stored before analytics recorded one', () => {
    expect(storedAnswersOfState('{"variables":{}}')).toEqual({ answers_at: null, answers: '{}' });
  });

  it('gives nothing for a missing or unreadable session, so the outcome keeps its answers', () => {
    for (const state of [null, undefined, '', 'not json', '[1]', 'null', '"text"'])
      expect(storedAnswersOfState(state)).toBeUndefined();
  });
});

describe('foldStoredTurns', () => {
  const visit = { flow: 'main', node: 'menu', from: 'greet', language: 'en', first: 1 as const };
  const good = event('a', T0, { visits: [visit], calls: [{ kind: 'api', ms: 40, node: 'menu' }] });
  const text = encodeTurnEvent(good.guest, good.bot, good.analytics);
  const stored = JSON.parse(text) as unknown[];
  const altered = (index: number, value: unknown) =>
    JSON.stringify(stored.map((item, i) => (i === index ? value : item)));

  it('adds stored texts up as foldTurns adds the events they were made from', () => {
    const { unreadable, ...fold } = foldStoredTurns([{ at: T0, text }]);
    expect(unreadable).toBe(0);
    expect(fold).toEqual(foldTurns([good]));
  });

  it('skips and counts texts that are not events, and adds up the ones around them', () => {
    const unreadable = [
      'not json',
      JSON.stringify({ guest: 'a', visits: [] }), // named JSON, as an older format
      JSON.stringify(stored.slice(0, 18)), // an item short
      altered(0, 5), // the guest as a number
      altered(3, null), // no flow
      altered(8, '1'), // messages in as text: would be joined, not added
      altered(13, null), // the last count (API ms) missing
      altered(14, null), // no channel
      altered(17, { menu: 'greet' }), // visits not a list
      altered(18, {}), // calls not a list
      altered(4, 7), // the last node as a number
      altered(16, true), // answers neither text nor a row version
      altered(17, [['menu', 'greet', 'main']]), // a visit with its own flow but not its language
      altered(17, [['menu', 'greet', 1, 'main']]), // the same with a first-visit flag
      altered(17, [['menu', 'greet', '1']]), // a first-visit flag as text
      altered(17, [null]),
      altered(18, [['api', '40', null]]), // a latency as text
    ];
    const fold = foldStoredTurns([
      { at: T0, text },
      ...unreadable.map((bad) => ({ at: T0, text: bad })),
      { at: T0 + 1, text },
    ]);
    expect(fold.unreadable).toBe(unreadable.length);
    expect(fold.nodeHours.map((h) => h.visits)).toEqual([2]);
    expect(fold.outcomes[0].messages_in).toBe(2);
  });

  it('adds a row of several timed events (one PostgreSQL statement’s) as those events’ rows apart', () => {
    // The second event is in the next hour: it counts there, by its own time, not the row's.
    const later = event('b', T0 + HOUR, { visits: [visit], calls: [] });
    const laterText = encodeTurnEvent(later.guest, later.bot, later.analytics);
    const list = `[[${T0},${text}],[${T0 + HOUR},${laterText}]]`;
    const apart = foldStoredTurns([
      { at: T0, text },
      { at: T0 + HOUR, text: laterText },
    ]);
    expect(foldStoredTurns([{ at: T0, text: list }])).toEqual(apart);
    expect(apart.nodeHours.map((h) => h.hour)).toEqual([hourOf(T0), hourOf(T0 + HOUR)]);
  });

  it('skips and counts the entries of a list row that are not timed events, and adds up the others', () => {
    const list = JSON.stringify([
      [T0, stored],
      [String(T0), stored], // a time as text
      [T0, stored, 1], // an entry too long
      [T0, JSON.parse(altered(3, null))], // an event without its flow
      [T0 + 1, stored],
    ]);
    const fold = foldStoredTurns([{ at: 0, text: list }]);
    expect(fold.unreadable).toBe(3);
    expect(fold.outcomes[0].messages_in).toBe(2);
    expect(foldStoredTurns([{ at: T0, text: '[]' }]).unreadable).toBe(1);
  });
});

describe('foldablePrefix', () => {
  it('passes ids that follow the cursor without a gap', () => {
    expect(foldablePrefix([11, 12, 13], 10, 0)).toBe(3);
    expect(foldablePrefix([], 10, 0)).toBe(0);
  });

  it('stops at a missing id: an insert still running holds the events after it back', () => {
    expect(foldablePrefix([11, 12, 14, 15], 10, 0)).toBe(2);
    expect(foldablePrefix([12, 13], 10, 0)).toBe(0);
  });

  it('passes gaps up to the settled id (failed inserts), then needs the ids to follow on again', () => {
    expect(foldablePrefix([12, 13, 15, 16, 18], 10, 15)).toBe(4);
    expect(foldablePrefix([12, 13], 10, 11)).toBe(0);
  });
});
