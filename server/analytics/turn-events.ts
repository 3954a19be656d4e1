// A turn's analytics rows (issue 19 §1), made from what `step` reported: the visits (with the
// session's first-visit flags), the timed calls and the session's outcome row. They travel on the
// TurnRecord and are written in the same batched write as the turn (repos/analytics-writes.ts).
import { firstVisits, maskAnswers, secretNames, type Reached } from '../../src/core/analytics/index.js';
import type { RunnableFlow } from '../runtime/ports.js';
import type { GuestSession } from '../runtime/session.js';
import type { StepResult } from '../runtime/step.js';

export interface VisitRow {
  flow: string;
  node: string;
  from: string | null;
  language: string;
  first: 0 | 1;
}

export interface CallRow {
  kind: 'ai' | 'api';
  ms: number;
  node: string | null;
}

/** The session's outcome row as this turn leaves it (the write adds the counters up). */
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
  answers: string;
}

export interface TurnAnalytics {
  version: number;
  visits: VisitRow[];
  calls: CallRow[];
  outcome: OutcomeRow;
}

/** Where analytics keeps, inside the stored session, the nodes reached in its version. */
type AnalyticsSession = GuestSession & { reached?: Reached };

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
      answers: answersOf(session.variables, secretsFor(flow)),
    },
  };
}
