// A guest's outcome row (analytics_sessions) as the fold makes it: one turn's row from its stored
// event, and the rules that merge a later turn's row into an earlier one's, here in memory and in
// SQL alike (server/analytics/outcome-columns.ts); and the answers the fold takes from the guest's
// stored session (issue 19 §1). Pure.
import { storedEvent, type RecordedAnswers, type StoredEvent, type TurnEvent } from './turn-event';

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
  /** The fold's list of the nodes reached in `version` (first-visits.ts); null: unchanged. */
  reached: string | null;
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
  reached: 'known',
} as const satisfies Record<keyof OutcomeFigures, Merge>;

/** The outcome row one turn writes, from its stored event. */
export function outcomeOfStored(at: number, e: StoredEvent): OutcomeFigures {
  return {
    guest_id: e[0],
    bot_id: e[1],
    flow_name: e[3],
    started_at: at,
    last_at: at,
    version: e[2],
    last_node: e[4],
    ended: e[5],
    completed: e[6],
    fallbacks: e[7],
    messages_in: e[8],
    messages_out: e[9],
    ai_calls: e[10],
    ai_ms: e[11],
    api_calls: e[12],
    api_ms: e[13],
    channel: e[14],
    language: e[15],
    answers: recordedText(e[16]),
    reached: null,
  };
}

/** What an event's answers put in the outcome row as it is folded: the guest's session's come later. */
const recordedText = (answers: RecordedAnswers): string => (typeof answers === 'string' ? answers : '');

/** The outcome row one turn writes (without the nodes reached: the fold keeps those). */
export const outcomeOf = (event: TurnEvent): OutcomeFigures =>
  outcomeOfStored(event.at, storedEvent(event.guest, event.bot, event.analytics));

/**
 * mergeOutcome(into, outcomeOfStored(at, e)) without the row between them, by OUTCOME_MERGES'
 * rules written out: the fold merges every event of a guest after its first, thousands a second,
 * and the general merge reads each column by name (a unit test holds the two to the same rows).
 */
export function mergeStored(into: OutcomeFigures, at: number, e: StoredEvent): void {
  into.flow_name = e[3];
  into.last_at = at;
  into.version = e[2];
  if (e[4] !== null) into.last_node = e[4];
  into.ended = e[5];
  if (e[6] === 1) into.completed = 1;
  into.fallbacks += e[7];
  into.messages_in += e[8];
  into.messages_out += e[9];
  into.ai_calls += e[10];
  into.ai_ms += e[11];
  into.api_calls += e[12];
  into.api_ms += e[13];
  into.channel = e[14];
  into.language = e[15];
  const answers = e[16];
  if (typeof answers === 'string' && answers !== '') into.answers = answers;
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

export interface SessionAnswers {
  outcome: OutcomeFigures;
  version: number;
}

/**
 * A guest's stored session as the fold reads it for its answers: its variables' JSON, and the row
 * version its last turn wrote (the session's `answersAt`; null before analytics recorded one).
 */
export interface StoredAnswers {
  answers_at: number | string | null;
  answers: string | null;
}

/**
 * Gives each outcome of `sessionAnswers` its guest's stored answers (read by `stored`) when the
 * session's last turn is still the folded one (its answersAt): a write that is not a turn (a
 * language or custom variables saved) leaves them the guest's. A later turn's state is not read:
 * that turn may be of a flow with passwords, masked only in its own event, which brings the
 * answers to a later fold; until then the outcome row keeps the ones it has. No row, no answers:
 * kept as well.
 */
export function takeSessionAnswers(
  sessionAnswers: readonly SessionAnswers[],
  stored: (guest: string) => StoredAnswers | undefined,
): void {
  for (const { outcome, version } of sessionAnswers) {
    const row = stored(outcome.guest_id);
    if (row && Number(row.answers_at) === version && row.answers !== null) outcome.answers = row.answers;
  }
}

/**
 * A stored session's answers read from its JSON text (the state guest_sessions keeps): its
 * variables and its answersAt. undefined when the text is not JSON of an object: no answers taken.
 * PostgreSQL's fold reads the text and parses it here, where its json operators took three times
 * the CPU of the read itself (docs/analytics-cost.md).
 */
export function storedAnswersOfState(state: string | null | undefined): StoredAnswers | undefined {
  if (!state) return undefined;
  let session: unknown;
  try {
    session = JSON.parse(state);
  } catch {
    return undefined;
  }
  if (typeof session !== 'object' || session === null || Array.isArray(session)) return undefined;
  const { answersAt, variables } = session as { answersAt?: unknown; variables?: unknown };
  return {
    answers_at: typeof answersAt === 'number' ? answersAt : null,
    answers: variables === undefined ? null : JSON.stringify(variables),
  };
}
