// A turn's analytics as one raw event, and the fold that adds a batch of them up (issue 19 §1,
// §5). Each turn writes one event row with itself (nothing else: each further row a turn writes
// costs the runtime more than the 5 % the issue allows, docs/analytics-cost.md); a fold reads the
// events in the order they were stored and turns thousands of them into a few dozen hourly
// counters and one outcome row per guest (merged by outcome-row.ts's rules). Pure: the server
// reads and writes the rows.
import { ReachedNodes, type StoredReached } from './first-visits';
import { hourOf } from './session-rollup';
import { emptyHistogram, latencyBucket } from './latency-histogram';
import { mergeStored, outcomeOfStored, type OutcomeFigures, type SessionAnswers } from './outcome-row';
import {
  hasFirstFlag,
  storedRowEvents,
  visitFlowAt,
  storedEvent,
  type StoredEvent,
  type TurnEvent,
} from './turn-event';

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
  /**
   * The outcomes whose answers are the guest's stored session's, each with the guest row's version
   * its last turn left (the event recorded it instead of the answers): see takeSessionAnswers.
   */
  sessionAnswers: SessionAnswers[];
}

/** One bot, version, hour and channel's counters: visits by node and link, calls by kind. */
interface FoldGroup {
  visits: Map<string, Map<string, NodeHourCount[]>>;
  calls: Map<string, CallHourCount[]>;
}

/**
 * Adds events up one at a time, read as they are stored (no objects per visit or call): the fold
 * reads thousands a second, and every microsecond it spends per event is taken from the turns
 * (docs/analytics-cost.md). Counters are found through maps of the names as they come (node,
 * link, kind) and a short list for flow and language, not one joined key per visit: joining and
 * hashing a key string cost ~0.8 µs a visit, more than the rest of the fold.
 */
class TurnFolder {
  private readonly groups = new Map<string, FoldGroup>();
  private readonly nodeHours: NodeHourCount[] = [];
  private readonly callHours: CallHourCount[] = [];
  private readonly outcomes = new Map<string, OutcomeFigures>();
  /** By guest: the nodes reached in its version, from its stored row and the batch's turns. */
  private readonly reached = new Map<string, ReachedNodes>();
  /** By guest: the last turn's row version, where it recorded that instead of the answers. */
  private readonly sessionAnswers = new Map<string, SessionAnswers>();
  // The group of the last event and what it was for: consecutive events mostly share it.
  private group: FoldGroup | null = null;
  private groupOf: [bot: number, version: number, hour: number, channel: string] = [NaN, NaN, NaN, ''];

  /** `storedReached`: a guest's outcome row as stored, read once for each guest of the batch. */
  constructor(private readonly storedReached: ReachedOf) {}

  private groupFor(bot: number, version: number, hour: number, channel: string): FoldGroup {
    const of = this.groupOf;
    if (this.group && of[0] === bot && of[1] === version && of[2] === hour && of[3] === channel)
      return this.group;
    const key = `${bot} ${version} ${hour} ${channel}`;
    let group = this.groups.get(key);
    if (!group) {
      group = { visits: new Map(), calls: new Map() };
      this.groups.set(key, group);
    }
    this.groupOf = [bot, version, hour, channel];
    this.group = group;
    return group;
  }

  add(at: number, e: StoredEvent): void {
    // Indexes, not destructuring: destructuring an array runs its iterator.
    const bot = e[1];
    const version = e[2];
    const channel = e[14];
    const hour = hourOf(at);
    const group = this.groupFor(bot, version, hour, channel);
    const guest = e[0];
    let reached = this.reached.get(guest);
    if (!reached) this.reached.set(guest, (reached = ReachedNodes.of(this.storedReached(guest))));
    reached.at(version);
    const visits = e[17];
    for (let i = 0; i < visits.length; i++) {
      const v = visits[i];
      const node = v[0];
      const from = v[1] ?? '';
      const own = v.length > 3 ? visitFlowAt(v) : 0;
      const flow = own ? (v[own] as string) : e[3];
      const language = own ? (v[own + 1] as string) : e[15];
      const firstHere = reached.visit(flow, node);
      let links = group.visits.get(node);
      if (!links) group.visits.set(node, (links = new Map()));
      let counts = links.get(from);
      if (!counts) links.set(from, (counts = []));
      let count = counts.find((c) => c.flow_name === flow && c.language === language);
      if (!count) {
        count = {
          bot_id: bot,
          flow_name: flow,
          flow_version: version,
          hour,
          node_id: node,
          from_node: from,
          channel,
          language,
          visits: 0,
          guests: 0,
        };
        counts.push(count);
        this.nodeHours.push(count);
      }
      count.visits++;
      // An event stored with the turn's flag counts by it (the fold still notes the node above).
      if (hasFirstFlag(v) ? v[2] === 1 : firstHere) count.guests++;
    }
    const calls = e[18];
    const language = e[15];
    for (let i = 0; i < calls.length; i++) {
      const kind = calls[i][0];
      const ms = calls[i][1];
      let counts = group.calls.get(kind);
      if (!counts) group.calls.set(kind, (counts = []));
      let count = counts.find((c) => c.language === language);
      if (!count) {
        count = { bot_id: bot, hour, kind, channel, language, counts: emptyHistogram() };
        counts.push(count);
        this.callHours.push(count);
      }
      count.counts[latencyBucket(Math.round(ms))]++;
    }
    let outcome = this.outcomes.get(guest);
    if (outcome) mergeStored(outcome, at, e);
    else this.outcomes.set(guest, (outcome = outcomeOfStored(at, e)));
    const answers = e[16];
    if (typeof answers === 'number') this.sessionAnswers.set(guest, { outcome, version: answers });
    // Answers recorded as JSON are the latest: a flow with passwords after one without.
    else if (answers !== '') this.sessionAnswers.delete(guest);
  }

  result(): TurnFold {
    for (const [guest, outcome] of this.outcomes) outcome.reached = this.reached.get(guest)!.text();
    return {
      nodeHours: this.nodeHours,
      callHours: this.callHours,
      outcomes: [...this.outcomes.values()],
      sessionAnswers: [...this.sessionAnswers.values()],
    };
  }
}

/** A guest's outcome row as stored, for the nodes it has reached (undefined: it has none yet). */
export type ReachedOf = (guest: string) => StoredReached | undefined;

const noneReached: ReachedOf = () => undefined;

/** Adds up a batch of events, given in the order they were stored. */
export function foldTurns(events: Iterable<TurnEvent>, storedReached = noneReached): TurnFold {
  const folder = new TurnFolder(storedReached);
  for (const { guest, bot, at, analytics } of events) folder.add(at, storedEvent(guest, bot, analytics));
  return folder.result();
}

/** A batch of stored events parsed, with the guests they are of (whose rows the fold reads). */
export interface ParsedTurns {
  events: { at: number; event: StoredEvent }[];
  guests: Set<string>;
  /** Texts that are not an event: skipped, so one bad row cannot stop the fold for good. */
  unreadable: number;
}

/**
 * Parses a batch of stored rows (their time and text), in the order they were stored: each row's
 * one event, or the list of events one PostgreSQL statement stored (turn-event.ts storedRowEvents).
 */
export function parseStoredTurns(rows: Iterable<{ at: number; text: string }>): ParsedTurns {
  const parsed: ParsedTurns = { events: [], guests: new Set(), unreadable: 0 };
  const take = (at: number, event: StoredEvent) => {
    parsed.events.push({ at, event });
    parsed.guests.add(event[0]);
  };
  for (const { at, text } of rows) parsed.unreadable += storedRowEvents(at, text, take);
  return parsed;
}

/**
 * Adds up a parsed batch. `storedReached` answers a guest's stored outcome row (read by the
 * caller for `parsed.guests`): the fold decides first visits from it (first-visits.ts).
 */
export function foldParsedTurns(
  parsed: ParsedTurns,
  storedReached: ReachedOf,
): TurnFold & { unreadable: number } {
  const folder = new TurnFolder(storedReached);
  for (const { at, event } of parsed.events) folder.add(at, event);
  return { ...folder.result(), unreadable: parsed.unreadable };
}

/**
 * Adds up a batch of stored events (their rows' time and text), in the order they were stored;
 * the texts that are not an event are skipped and counted, so the server can say so.
 */
export const foldStoredTurns = (
  rows: Iterable<{ at: number; text: string }>,
  storedReached = noneReached,
): TurnFold & { unreadable: number } => foldParsedTurns(parseStoredTurns(rows), storedReached);

/**
 * How many of the events read after `cursor` (their ids, in order) a fold may add up: those up to
 * `settled` (stored for good), then those whose ids follow on without a gap. On PostgreSQL a
 * missing id is an insert still running or one that failed, and the events after it wait: the
 * cursor is one id, so whatever it passes must all be there.
 */
export function foldablePrefix(ids: readonly number[], cursor: number, settled: number): number {
  let last = cursor;
  let n = 0;
  while (n < ids.length && (ids[n] <= settled || ids[n] === last + 1)) last = ids[n++];
  return n;
}
