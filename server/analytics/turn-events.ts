// A turn's analytics (issue 19 §1), made from what `step` reported: the visits (with the
// session's first-visit flags), the timed calls and the session's outcome row. They travel on the
// TurnRecord and are written as one event row in the same batched write as the turn
// (repos/analytics-writes.ts); a fold adds the events up later (analytics/fold.ts).
import {
  firstVisits,
  maskAnswers,
  secretNames,
  textHash,
  type Reached,
  type TurnAnalytics,
  type VisitRow,
} from '../../src/core/analytics/index.js';
import type { RunnableFlow } from '../runtime/ports.js';
import type { GuestSession } from '../runtime/session.js';
import type { StepResult } from '../runtime/step.js';

export type { TurnAnalytics } from '../../src/core/analytics/index.js';

/**
 * What analytics keeps inside the stored session: the nodes reached in its version, and a hash of
 * the answers as last recorded (a turn that changed none records '' instead of them again).
 */
type AnalyticsSession = GuestSession & { reached?: Reached; answersHash?: number };

const secretsOf = new WeakMap<RunnableFlow, Set<string>>();

/** Password names of the flow, computed once per published version (the flow object is cached). */
function secretsFor(flow: RunnableFlow): Set<string> {
  let names = secretsOf.get(flow);
  if (!names) secretsOf.set(flow, (names = secretNames(flow.nodes)));
  return names;
}

/** The session's answers as JSON, masked; a flow without passwords needs no masked copy. */
function answersOf(variables: unknown, secrets: Set<string>): string {
  return JSON.stringify(secrets.size ? maskAnswers(variables, secrets) : variables);
}

/** The answers to record: '' when they are the ones the session's previous turn recorded. */
function changedAnswers(session: AnalyticsSession, answers: string): string {
  const hash = textHash(answers);
  if (hash === session.answersHash) return '';
  session.answersHash = hash;
  return answers;
}

export function turnAnalytics(
  flow: RunnableFlow,
  result: StepResult,
  messagesIn: number,
  messagesOut: number,
): TurnAnalytics {
  const session = result.session as AnalyticsSession;
  const { first, reached } = firstVisits(session.reached, flow.version, result.visits);
  session.reached = reached;
  const visits: VisitRow[] = result.visits.map((visit, index) => ({
    flow: visit.flow,
    node: visit.node,
    from: visit.from,
    language: visit.language,
    first: first[index] ? 1 : 0,
  }));
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
  return {
    version: flow.version,
    visits,
    calls: result.calls,
    outcome: {
      flow: flow.name,
      version: flow.version,
      lastNode: last ? last.node : null,
      ended: result.ended ? 1 : 0,
      completed: result.ended ? 1 : 0,
      fallbacks: result.fallbacks,
      messagesIn,
      messagesOut,
      aiCalls,
      aiMs,
      apiCalls,
      apiMs,
      channel: session.env.ENVIRONMENT,
      language: session.language,
      answers: changedAnswers(session, answersOf(session.variables, secretsFor(flow))),
    },
  };
}
