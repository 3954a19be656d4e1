// A turn's analytics as one raw event (issue 19 §1) and its stored text. Each turn writes one
// event row with itself, and the fold reads thousands of them a second (turn-fold.ts): the text
// is an array without key names, visits carry their flow and language only when they differ from
// the turn's, the fold decides which visits are first (first-visits.ts), and the answers are the
// guest's stored session's (RecordedAnswers): a shop turn with three visits and an API call is
// 175 bytes where named JSON took 669 (281 when it carried its answers). Every byte is written,
// read back and parsed once per turn (docs/analytics-cost.md).

/**
 * A turn's answers as its event records them. A flow without passwords records the guest row's
 * version after the turn (a number): the fold takes the answers from the guest's stored session
 * as that turn left it (turn-fold.ts TurnFold.sessionAnswers), so the turn neither makes their
 * JSON nor writes them a second time. A flow with passwords records them masked, as JSON, or ''
 * when they did not change since the guest's previous turn.
 */
export type RecordedAnswers = string | number;

export interface VisitRow {
  flow: string;
  node: string;
  from: string | null;
  language: string;
  /**
   * Whether the turn found it the guest's first visit at the node: only in events stored before
   * the fold decided that itself (first-visits.ts). Those still fold by their flag.
   */
  first?: 0 | 1;
}

export interface CallRow {
  kind: 'ai' | 'api';
  ms: number;
  node: string | null;
}

/** The session's outcome row as this turn leaves it (a fold adds the counters up). */
export interface OutcomeRow {
  flow: string;
  version: number;
  /** null: this turn entered no node (the last one stays). */
  lastNode: string | null;
  ended: 0 | 1;
  completed: 0 | 1;
  fallbacks: number;
  messagesIn: number;
  messagesOut: number;
  aiCalls: number;
  aiMs: number;
  apiCalls: number;
  apiMs: number;
  channel: string;
  language: string;
  answers: RecordedAnswers;
}

export interface TurnAnalytics {
  version: number;
  visits: VisitRow[];
  calls: CallRow[];
  outcome: OutcomeRow;
}

/** One turn's raw event: whose turn, when, and what it did. */
export interface TurnEvent {
  guest: string;
  bot: number;
  at: number;
  analytics: TurnAnalytics;
}

/**
 * A visit as stored: its flow and language only when they differ from the turn's. Events stored
 * before the fold decided first visits carry the turn's flag after `from` (3 or 5 items).
 */
export type StoredVisit =
  | [node: string, from: string | null]
  | [node: string, from: string | null, flow: string, language: string]
  | [node: string, from: string | null, first: 0 | 1]
  | [node: string, from: string | null, first: 0 | 1, flow: string, language: string];
export type StoredCall = [kind: 'ai' | 'api', ms: number, node: string | null];
/** An event as stored: an array without key names (the fold reads it as it is, turn-fold.ts). */
export type StoredEvent = [
  guest: string,
  bot: number,
  version: number,
  flow: string,
  lastNode: string | null,
  ended: 0 | 1,
  completed: 0 | 1,
  fallbacks: number,
  messagesIn: number,
  messagesOut: number,
  aiCalls: number,
  aiMs: number,
  apiCalls: number,
  apiMs: number,
  channel: string,
  language: string,
  answers: RecordedAnswers,
  visits: StoredVisit[],
  calls: StoredCall[],
];

const isText = (value: unknown) => typeof value === 'string';
const isNumber = (value: unknown) => typeof value === 'number';
const isTextOrNull = (value: unknown) => value === null || typeof value === 'string';
/** The index of a stored event's first count (ended); the counts run to API ms. */
const FIRST_COUNT = 5;
const LAST_COUNT = 13;
/**
 * Whether each scalar of a stored event has its type, in the order stored (then come the visits
 * and the calls). Written out, not as a list of checks called from one loop: the fold checks every
 * event it reads, and the list took 0.09 µs an event beside the JSON's parse of 0.7, this 0.02
 * (the recorded bench traffic of bench/analytics-fold-micro.ts).
 */
function hasScalars(e: readonly unknown[]): boolean {
  // guest, bot, version, flow, last node
  if (!isText(e[0]) || !isNumber(e[1]) || !isNumber(e[2]) || !isText(e[3]) || !isTextOrNull(e[4]))
    return false;
  for (let i = FIRST_COUNT; i <= LAST_COUNT; i++) if (!isNumber(e[i])) return false;
  // channel, language, answers (text or the row version)
  return isText(e[14]) && isText(e[15]) && (isText(e[16]) || isNumber(e[16]));
}
/** The number of items of a stored event: its scalars, its visits and its calls. */
const EVENT_LENGTH = 19;
/** Whether a stored visit carries a first-visit flag (an event stored before the fold decided). */
export const hasFirstFlag = (v: StoredVisit) => v.length % 2 === 1;
/**
 * The index of a stored visit's own flow (its language follows), when it has one (4 or 5 items):
 * [node, from, flow, language] or, with the turn's first flag, [node, from, first, flow, language].
 */
export const visitFlowAt = (v: readonly unknown[]) => (v.length === 4 ? 2 : 3);
const isStoredVisit = (v: unknown) =>
  Array.isArray(v) &&
  v.length >= 2 &&
  v.length <= 5 &&
  isText(v[0]) &&
  isTextOrNull(v[1]) &&
  (v.length < 4 || (isText(v[visitFlowAt(v)]) && isText(v[visitFlowAt(v) + 1]))) &&
  (v.length % 2 === 0 || isNumber(v[2]));
const isStoredCall = (c: unknown) =>
  Array.isArray(c) && c.length === 3 && isText(c[0]) && isNumber(c[1]) && isTextOrNull(c[2]);

/** A visit as stored: its flow and language only when they differ from the turn's. */
export function storedVisit(
  visit: { node: string; from: string | null; flow: string; language: string; first?: 0 | 1 },
  turnFlow: string,
  turnLanguage: string,
): StoredVisit {
  const own = visit.flow !== turnFlow || visit.language !== turnLanguage;
  // A flag only where an event of the earlier format is made again (tests, decoded events).
  if (visit.first !== undefined)
    return own
      ? [visit.node, visit.from, visit.first, visit.flow, visit.language]
      : [visit.node, visit.from, visit.first];
  return own ? [visit.node, visit.from, visit.flow, visit.language] : [visit.node, visit.from];
}

/** A call as stored: its latency in whole ms. */
export const storedCall = (c: { kind: 'ai' | 'api'; ms: number; node: string | null }): StoredCall => [
  c.kind,
  Math.round(c.ms),
  c.node,
];

/** A turn's analytics as its stored array. Latencies are kept in whole ms. */
export function storedEvent(guest: string, bot: number, a: TurnAnalytics): StoredEvent {
  const o = a.outcome;
  return [
    guest,
    bot,
    a.version,
    o.flow,
    o.lastNode,
    o.ended,
    o.completed,
    o.fallbacks,
    o.messagesIn,
    o.messagesOut,
    o.aiCalls,
    Math.round(o.aiMs),
    o.apiCalls,
    Math.round(o.apiMs),
    o.channel,
    o.language,
    o.answers,
    a.visits.map((v) => storedVisit(v, o.flow, o.language)),
    a.calls.map(storedCall),
  ];
}

/** The event's stored text (its time is its row's own column). */
export const encodeTurnEvent = (guest: string, bot: number, a: TurnAnalytics): string =>
  JSON.stringify(storedEvent(guest, bot, a));

/**
 * The stored array of an event's text; null when the text is not one (a row written by hand or by
 * a version that stored another shape): the fold skips and counts it.
 */
export function parseStoredEvent(text: string): StoredEvent | null {
  const value = parsedJson(text);
  return value === undefined ? null : storedEventOf(value);
}

/** A text's JSON value; undefined when it is not JSON. */
function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A parsed value as a stored event, checked whole; null when it is not one. */
function storedEventOf(value: unknown): StoredEvent | null {
  // Checked whole, so a row of another shape is skipped rather than added up into wrong sums.
  if (!Array.isArray(value) || value.length !== EVENT_LENGTH || !hasScalars(value)) return null;
  const visits = value[17] as unknown;
  const calls = value[18] as unknown;
  if (!Array.isArray(visits) || !Array.isArray(calls)) return null;
  for (let i = 0; i < visits.length; i++) if (!isStoredVisit(visits[i])) return null;
  for (let i = 0; i < calls.length; i++) if (!isStoredCall(calls[i])) return null;
  return value as StoredEvent;
}

/**
 * The events of a stored row with their times. A row holds one event, at the row's time, or, as
 * PostgreSQL stores the turns one statement saves together (repos/analytics-writes.ts), a list of
 * `[at, event]` pairs: an event array starts with its guest's id, a list with a pair. `events`
 * gets each event; the answer is how many entries were not one (the fold skips and counts them).
 */
export function storedRowEvents(
  at: number,
  text: string,
  events: (at: number, event: StoredEvent) => void,
): number {
  const value = parsedJson(text);
  if (!Array.isArray(value) || !Array.isArray(value[0])) {
    const event = value === undefined ? null : storedEventOf(value);
    if (!event) return 1;
    events(at, event);
    return 0;
  }
  let unreadable = 0;
  for (let i = 0; i < value.length; i++) {
    const entry = value[i] as unknown;
    const event = isTimed(entry) ? storedEventOf(entry[1]) : null;
    if (event) events((entry as [number, unknown])[0], event);
    else unreadable++;
  }
  return unreadable;
}

/** An entry of a list row: `[at, event]`. */
const isTimed = (entry: unknown): entry is [number, unknown] =>
  Array.isArray(entry) && entry.length === 2 && typeof entry[0] === 'number';

/** The events of a stored row, read back (throws when one is not an event). */
export function decodeStoredRow(at: number, text: string): TurnEvent[] {
  const events: TurnEvent[] = [];
  if (storedRowEvents(at, text, (eventAt, event) => events.push(decodedEvent(eventAt, event))))
    throw new Error(`Not turn events: ${text.slice(0, 80)}`);
  return events;
}

/** An event read back from its row (throws when the text is not an event). */
export function decodeTurnEvent(at: number, text: string): TurnEvent {
  const stored = parseStoredEvent(text);
  if (!stored) throw new Error(`Not a turn event: ${text.slice(0, 80)}`);
  return decodedEvent(at, stored);
}

function decodedEvent(at: number, stored: StoredEvent): TurnEvent {
  const [
    guest,
    bot,
    version,
    flow,
    lastNode,
    ended,
    completed,
    fallbacks,
    messagesIn,
    messagesOut,
    aiCalls,
    aiMs,
    apiCalls,
    apiMs,
    channel,
    language,
    answers,
    visits,
    calls,
  ] = stored;
  return {
    guest,
    bot,
    at,
    analytics: {
      version,
      visits: visits.map((v) => decodedVisit(v, flow, language)),
      calls: calls.map(([kind, ms, node]) => ({ kind, ms, node })),
      outcome: {
        flow,
        version,
        lastNode,
        ended,
        completed,
        fallbacks,
        messagesIn,
        messagesOut,
        aiCalls,
        aiMs,
        apiCalls,
        apiMs,
        channel,
        language,
        answers,
      },
    },
  };
}

/** A stored visit with its flow and language (the turn's when it has none of its own). */
function decodedVisit(v: StoredVisit, flow: string, language: string): VisitRow {
  const at = visitFlowAt(v);
  const visit: VisitRow = {
    flow: v.length > 3 ? (v[at] as string) : flow,
    node: v[0],
    from: v[1],
    language: v.length > 3 ? (v[at + 1] as string) : language,
  };
  if (hasFirstFlag(v)) visit.first = v[2] as 0 | 1;
  return visit;
}
