import type { FlowNode, NodeId, Slot } from '../flow/schema';

// How a conversation goes on from a node, as the interpreter runs it (server/runtime): the facts
// the "dead end" and "loop with no exit" rules are built on. A path ends where the branch a node
// takes is unlinked: the chat ends there (in a flow template, it goes back to the flow-template
// node that ran the template, step.ts).

/** The slots the interpreter may take as the node's normal way on (failure slots are not branches). */
const branches = (node: FlowNode): Slot[] => node.next.filter((slot) => !slot.onFailure);

/** The normal way on: the linked branches, and the success target an api node falls back to. */
export function normalTargets(node: FlowNode): NodeId[] {
  const targets: NodeId[] = [];
  for (const slot of branches(node)) if (slot.node !== null) targets.push(slot.node);
  if (node.type === 'api' && node.store.successTarget !== null) targets.push(node.store.successTarget);
  return targets;
}

/**
 * Can a normal run end the chat at this node? (branches.ts) The first true condition whose slot is
 * linked wins, else the default branch — the last slot without a condition — so the chat ends when
 * that default is unlinked or missing (every condition false). A choice ends when the guest picks
 * an unlinked option; its unlinked no-match slot asks again instead. A failure path is not counted:
 * the chat stopping because a call failed is not a way out the author designed (the api rule says so).
 */
export function canEndHere(node: FlowNode): boolean {
  if (node.type === 'choice') return node.next.slice(0, -1).some((slot) => slot.node === null);
  const fallback = branches(node).findLast((slot) => !slot.condition?.en?.trim());
  if (fallback?.node) return false;
  return !(node.type === 'api' && node.store.successTarget !== null);
}

/** Does the node stop and wait for the guest (an answer, a choice, a call or voice session)? */
export function waitsForGuest(node: FlowNode): boolean {
  switch (node.type) {
    case 'choice':
    case 'call':
    case 'realtime-ai':
    case 'device-permission':
      return true;
    case 'wizard':
      return node.wizard.fields.length > 0;
    case 'ai':
      return node.waitForUserQuery;
    case 'basic':
      return node.entries.some(
        (entry) => entry.type === 'variable' && entry.wait && entry.variableType !== 'variable',
      );
    default:
      return false;
  }
}

/**
 * Is the conversation meant to be able to end at this node? Yes when the node's last act is
 * something the guest gets in full and it leaves nothing behind for a later node:
 * - basic: a message — unless one of its variables waits for the guest's answer (asked, never used);
 * - ai: its answer shown — not when hidden (it then only fills a variable for later nodes);
 * - api: only when it shows its result (otherwise what it fetched is stored for later nodes);
 * - call, realtime-ai: a call or voice session is a natural last act;
 * - notification: subscribing the guest to pushes is a natural last act;
 * - flow-template: the template ran (where it ends is the template's own business);
 * - choice: never counted here — each unlinked option is already its own "choice" issue.
 * Not meant to end: wizard (the form's answers go nowhere), device-permission (the location goes
 * nowhere), language-changer (switches the language for nothing) and dynamic (passes through).
 */
export function meantToEnd(node: FlowNode): boolean {
  switch (node.type) {
    case 'basic':
      return !waitsForGuest(node);
    case 'ai':
      return !node.hideAIResponse;
    case 'api':
      return node.showResult;
    case 'call':
    case 'realtime-ai':
    case 'notification':
    case 'flow-template':
    case 'choice':
      return true;
    default:
      return false;
  }
}
