// A turn's analytics (issue 19 §1), made from what `step` reported: the visits (the fold decides
// which are first, core/analytics/first-visits.ts), the timed calls and the session's outcome
// row, as the event's stored array. It travels on the TurnRecord and is written as one event row
// in the same batched write as the turn (repos/analytics-writes.ts); a fold adds the events up
// later (analytics/fold.ts).
import {
  maskAnswers,
  secretNames,
  storedCall,
  storedVisit,
  textHash,
  type RecordedAnswers,
  type StoredEvent,
} from '../../src/core/analytics/index.js';
import type { RunnableFlow } from '../runtime/ports.js';
import type { GuestSession } from '../runtime/session.js';
import type { StepResult } from '../runtime/step.js';

/**
 * What analytics keeps inside the stored session: the guest row's version its last turn wrote
 * (`answersAt`: the fold takes the session's variables as that turn's answers only while it is
 * still the last turn, core/analytics/turn-fold.ts takeSessionAnswers); and, in a flow with
 * passwords, a hash of the masked answers as last recorded (a turn that changed none records ''
 * instead of them again).
 */
type AnalyticsSession = GuestSession & {
  /** The nodes reached, which sessions kept before the fold did: dropped at the next turn. */
  reached?: unknown;
  answersAt?: number;
  answersHash?: number;
};

const secretsOf = new WeakMap<RunnableFlow, Set<string>>();

/** Password names of the flow, computed once per published version (the flow object is cached). */
function secretsFor(flow: RunnableFlow): Set<string> {
  let names = secretsOf.get(flow);
  if (!names) secretsOf.set(flow, (names = secretNames(flow.nodes)));
  return names;
}

/** The masked answers to record: '' when they are the ones the session's previous turn recorded. */
function changedAnswers(session: AnalyticsSession, answers: string): string {
  const hash = textHash(answers);
  if (hash === session.answersHash) return '';
  session.answersHash = hash;
  return answers;
}

/**
 * The answers the event records (core/analytics/turn-event.ts RecordedAnswers). A flow without
 * passwords records the guest row's version after the turn: the fold reads the answers from the
 * stored session, where the turn writes them anyway, so the turn does not make their JSON nor
 * write them a second time (the event took 5.3 µs a turn with them, 3.3 without, in
 * bench/analytics-event-micro.ts; docs/analytics-cost.md). Passwords are masked here, on the
 * turn, as before.
 */
function recordedAnswers(flow: RunnableFlow, session: AnalyticsSession, rowVersion: number): RecordedAnswers {
  // Every turn, with passwords or not: a later turn's state is never read as an earlier one's.
  session.answersAt = rowVersion;
  const secrets = secretsFor(flow);
  if (!secrets.size) {
    // A later flow with passwords records its answers again rather than '' for no change.
    if (session.answersHash !== undefined) session.answersHash = undefined;
    return rowVersion;
  }
  return changedAnswers(session, JSON.stringify(maskAnswers(session.variables, secrets)));
}

/**
 * A turn's event as stored (core/analytics/turn-event.ts), made straight from the step's report:
 * every chat turn runs this, so it builds the stored array and no named copy of it first.
 */
export function turnEvent(
  flow: RunnableFlow,
  result: StepResult,
  guest: { id: string; botId: number; rowVersion: number },
  messagesIn: number,
  messagesOut: number,
): StoredEvent {
  const session = result.session as AnalyticsSession;
  // Undefined, not deleted: the state's JSON leaves it out, and the session object keeps its shape.
  if (session.reached !== undefined) session.reached = undefined;
  const language = session.language;
  const visits = result.visits.map((visit) => storedVisit(visit, flow.name, language));
  let aiCalls = 0;
  let aiMs = 0;
  let apiCalls = 0;
  let apiMs = 0;
  for (const call of result.calls) {
    if (call.kind === 'ai') {
      aiCalls++;
      aiMs += call.ms;
    } else {
      apiCalls++;
      apiMs += call.ms;
    }
  }
  const last = result.visits[result.visits.length - 1];
  const ended = result.ended ? 1 : 0;
  return [
    guest.id,
    guest.botId,
    flow.version,
    flow.name,
    last ? last.node : null,
    ended,
    ended, // completed: the run reached an end
    result.fallbacks,
    messagesIn,
    messagesOut,
    aiCalls,
    Math.round(aiMs),
    apiCalls,
    Math.round(apiMs),
    session.env.ENVIRONMENT,
    language,
    recordedAnswers(flow, session, guest.rowVersion),
    visits,
    result.calls.map(storedCall),
  ];
}
