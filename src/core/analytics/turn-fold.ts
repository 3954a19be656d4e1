// A turn's analytics as one raw event, and the fold that adds a batch of them up (issue 19 §1,
// §5). Each turn writes one event row with itself (nothing else: each further row a turn writes
// costs the runtime more than the 5 % the issue allows, docs/analytics-cost.md); a fold reads the
// events in the order they were stored and turns thousands of them into a few dozen hourly
// counters and one outcome row per guest. Pure: the server reads and writes the rows.
import { hourOf } from './session-rollup';
import { emptyHistogram, latencyBucket } from './latency-histogram';
import type { TurnEvent } from './turn-event';

/** An outcome row as stored (analytics_sessions' columns a turn writes). */
export interface OutcomeFigures {
  guest_id: string;
  bot_id: number;
  flow_name: string;
  started_at: number;
  last_at: number;
  version: number;
  last_node: string | null;
  ended: number;
  completed: number;
  fallbacks: number;
  messages_in: number;
  messages_out: number;
  ai_calls: number;
  ai_ms: number;
  api_calls: number;
  api_ms: number;
  channel: string;
  language: string;
  answers: string;
}

/**
 * How a later turn's value meets the stored one: `key`/`first` are kept from the first turn,
 * `latest` takes the later one, `known` the later one unless it has none (null), `given` the later
 * one unless it is '' (unchanged), `ever` stays 1 once 1, `sum` adds up. The same rules merge two turns here and a merged row into the stored one in SQL
 * (server/analytics/outcome-columns.ts), so folding in any batches gives the same row.
 */
export type Merge = 'key' | 'first' | 'latest' | 'known' | 'given' | 'ever' | 'sum';

export const OUTCOME_MERGES = {
  guest_id: 'key',
  bot_id: 'first',
  flow_name: 'latest',
  started_at: 'first',
  last_at: 'latest',
  version: 'latest',
  last_node: 'known',
  ended: 'latest',
  completed: 'ever',
  fallbacks: 'sum',
  messages_in: 'sum',
  messages_out: 'sum',
  ai_calls: 'sum',
  ai_ms: 'sum',
  api_calls: 'sum',
  api_ms: 'sum',
  channel: 'latest',
  language: 'latest',
  answers: 'given',
} as const satisfies Record<keyof OutcomeFigures, Merge>;

/** The outcome row one turn writes. */
export function outcomeOf(event: TurnEvent): OutcomeFigures {
  const o = event.analytics.outcome;
  return {
    guest_id: event.guest,
    bot_id: event.bot,
    flow_name: o.flow,
    started_at: event.at,
    last_at: event.at,
    version: o.version,
    last_node: o.lastNode,
    ended: o.ended,
    completed: o.completed,
    fallbacks: o.fallbacks,
    messages_in: o.messagesIn,
    messages_out: o.messagesOut,
    ai_calls: o.aiCalls,
    ai_ms: Math.round(o.aiMs),
    api_calls: o.apiCalls,
    api_ms: Math.round(o.apiMs),
    channel: o.channel,
    language: o.language,
    answers: o.answers,
  };
}

/** The columns of each merge, listed once: the fold merges thousands of rows a second. */
const COLUMNS_BY_MERGE = (() => {
  const by: Record<Merge, string[]> = {
    key: [],
    first: [],
    latest: [],
    known: [],
    given: [],
    ever: [],
    sum: [],
  };
  for (const [column, merge] of Object.entries(OUTCOME_MERGES)) by[merge].push(column);
  return by;
})();

/** A later turn's outcome row merged into an earlier one's (changes `into`). */
export function mergeOutcome(into: OutcomeFigures, later: OutcomeFigures): OutcomeFigures {
  const row = into as unknown as Record<string, unknown>;
  const next = later as unknown as Record<string, unknown>;
  for (const c of COLUMNS_BY_MERGE.latest) row[c] = next[c];
  for (const c of COLUMNS_BY_MERGE.known) row[c] = next[c] ?? row[c];
  for (const c of COLUMNS_BY_MERGE.given) if (next[c] !== '') row[c] = next[c];
  for (const c of COLUMNS_BY_MERGE.ever) if (next[c] === 1) row[c] = 1;
  for (const c of COLUMNS_BY_MERGE.sum) row[c] = (row[c] as number) + (next[c] as number);
  return into;
}

/** Visits and first visits of one node from one link, in one hour, channel and language. */
export interface NodeHourCount {
  bot_id: number;
  flow_name: string;
  flow_version: number;
  hour: number;
  node_id: string;
  /** '' when the run started at the node. */
  from_node: string;
  channel: string;
  language: string;
  visits: number;
  guests: number;
}

/** The latency histogram of one hour's AI or API calls in one channel and language. */
export interface CallHourCount {
  bot_id: number;
  hour: number;
  kind: string;
  channel: string;
  language: string;
  counts: number[];
}

export interface TurnFold {
  nodeHours: NodeHourCount[];
  callHours: CallHourCount[];
  /** One row per guest: its turns of the batch merged, in order. */
  outcomes: OutcomeFigures[];
}

const SEP = '\u0000';

/** Adds up a batch of events, given in the order they were stored. */
export function foldTurns(events: Iterable<TurnEvent>): TurnFold {
  const nodes = new Map<string, NodeHourCount>();
  const calls = new Map<string, CallHourCount>();
  const outcomes = new Map<string, OutcomeFigures>();
  for (const event of events) {
    const { bot, at, analytics: a } = event;
    const hour = hourOf(at);
    const { channel, language } = a.outcome;
    for (const v of a.visits) {
      const from = v.from ?? '';
      const key = `${bot}${SEP}${v.flow}${SEP}${a.version}${SEP}${hour}${SEP}${v.node}${SEP}${from}${SEP}${channel}${SEP}${v.language}`;
      let count = nodes.get(key);
      if (!count) {
        count = {
          bot_id: bot,
          flow_name: v.flow,
          flow_version: a.version,
          hour,
          node_id: v.node,
          from_node: from,
          channel,
          language: v.language,
          visits: 0,
          guests: 0,
        };
        nodes.set(key, count);
      }
      count.visits++;
      count.guests += v.first;
    }
    for (const c of a.calls) {
      const key = `${bot}${SEP}${hour}${SEP}${c.kind}${SEP}${channel}${SEP}${language}`;
      let count = calls.get(key);
      if (!count) {
        count = { bot_id: bot, hour, kind: c.kind, channel, language, counts: emptyHistogram() };
        calls.set(key, count);
      }
      count.counts[latencyBucket(Math.round(c.ms))]++;
    }
    const outcome = outcomeOf(event);
    const earlier = outcomes.get(event.guest);
    if (earlier) mergeOutcome(earlier, outcome);
    else outcomes.set(event.guest, outcome);
  }
  return { nodeHours: [...nodes.values()], callHours: [...calls.values()], outcomes: [...outcomes.values()] };
}
