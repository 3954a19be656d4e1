// The interpreter: one guest turn over a published flow. `step` resumes the node the guest was
// waiting at with the guest's input (or starts the flow when nothing was waiting), then walks the
// links — entering templates and coming back from them — until a node waits for the guest or the
// flow ends. It touches nothing outside its ports and returns a new session; the caller stores it.
import type { FlowNode } from '../../src/core/flow/index.js';
import { chooseBranch } from './branches.js';
import { handlerFor } from './nodes/index.js';
import type { RunnableFlow, RuntimePorts } from './ports.js';
import type { RenderedReply } from './replies.js';
import type { GuestSession, TurnInput } from './session.js';
import { go, Turn, type Outcome } from './turn.js';
import { timedPorts, type NodeVisit, type TimedCall } from './visits.js';

/** Nodes one turn may run without waiting for the guest: a loop in a flow never hangs the server. */
export const MAX_NODES_PER_TURN = 100;
/** Templates running inside templates; deeper means a template calls itself. */
export const MAX_TEMPLATE_DEPTH = 20;

export const LOOP_STOPPED =
  'This conversation stopped because the flow kept going without waiting for an answer (it may loop). Please contact the owner of this bot.';

export interface StepResult {
  replies: RenderedReply[];
  session: GuestSession;
  /** The guest's input was a password: it is stored masked. */
  secretInput: boolean;
  /** For analytics: the nodes entered, in order, and the timed AI and API calls. */
  visits: NodeVisit[];
  calls: TimedCall[];
  /** Answers the flow could not take (no choice matched, a refused input, a failed AI call). */
  fallbacks: number;
  /** The run reached an end of the flow (nothing waits for the guest). */
  ended: boolean;
}

/** Flows by name for one turn: the flow being run, and templates loaded through the port once. */
function flowResolver(root: RunnableFlow, ports: RuntimePorts) {
  const loaded = new Map<string, Promise<RunnableFlow | null>>([[root.name, Promise.resolve(root)]]);
  return (name: string): Promise<RunnableFlow | null> => {
    let flow = loaded.get(name);
    if (!flow) {
      flow = ports.flows.template(name);
      loaded.set(name, flow);
    }
    return flow;
  };
}

export async function step(
  flow: RunnableFlow,
  session: GuestSession,
  input: TurnInput,
  ports: RuntimePorts,
): Promise<StepResult> {
  const draft = structuredClone(session);
  draft.lastInput = input.text;
  const visits: NodeVisit[] = [];
  const calls: TimedCall[] = [];
  // The node a visit comes from: the one resumed, then each one entered.
  let previous: { flow: string; node: string } | null = null;
  const turn = new Turn(
    draft,
    timedPorts(ports, calls, () => previous?.node ?? null),
  );
  const flowNamed = flowResolver(flow, ports);

  let current = flow;
  let node: FlowNode | undefined;
  let outcome: Outcome | undefined;
  const cursor = draft.at;
  draft.at = null;
  if (cursor) {
    const waitingIn = await flowNamed(cursor.flow);
    node = waitingIn?.byId.get(cursor.node);
    const handler = node && handlerFor(node);
    // A node gone from a republished flow (or changed type) cannot resume: start afresh.
    if (waitingIn && node && handler?.resume) {
      current = waitingIn;
      previous = { flow: current.name, node: node.id };
      outcome = await handler.resume(node, cursor.wait, input, turn);
    }
  }
  if (!outcome) {
    draft.stack = [];
    previous = null;
    outcome = go(flow.start?.id ?? null);
  }

  let count = 0;
  for (;;) {
    if (outcome.kind === 'wait' && node) {
      draft.at = { flow: current.name, node: node.id, wait: outcome.wait };
      break;
    }
    if (outcome.kind === 'template' && node) {
      if (draft.stack.length >= MAX_TEMPLATE_DEPTH) {
        outcome = turn.branch(node);
        continue;
      }
      draft.stack.push({ flow: current.name, node: node.id });
      current = outcome.flow;
      outcome = go(current.start?.id ?? null);
    }
    let target: string | null = outcome.kind === 'go' ? outcome.to : null;
    // The end of a template's path: back to the flow-template node that ran it, along its branches.
    while (target === null && draft.stack.length) {
      const frame = draft.stack.pop()!;
      const caller = await flowNamed(frame.flow);
      const callerNode = caller?.byId.get(frame.node);
      if (!caller || !callerNode) continue;
      current = caller;
      node = callerNode;
      target = chooseBranch(callerNode.next, turn.scope());
    }
    node = target === null ? undefined : current.byId.get(target);
    if (!node) break;
    if (++count > MAX_NODES_PER_TURN) {
      turn.say({ type: 'text', content: LOOP_STOPPED });
      draft.stack = [];
      break;
    }
    visits.push({
      flow: current.name,
      node: node.id,
      from: previous && previous.flow === current.name ? previous.node : null,
      language: turn.language,
    });
    previous = { flow: current.name, node: node.id };
    outcome = await handlerFor(node).enter(node, turn);
  }
  return {
    replies: turn.replies,
    session: draft,
    secretInput: turn.secretInput,
    visits,
    calls,
    fallbacks: turn.fallbacks,
    ended: draft.at === null && count <= MAX_NODES_PER_TURN,
  };
}
