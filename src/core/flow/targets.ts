// From the concrete schema files, not the barrel: schema/flow.ts imports this file.
import type { NodeId } from './schema/common';
import type { FlowNode } from './schema/nodes';

// Every place a node points at another node. Slots are the drawn links (the failure link of api and
// device-permission nodes among them: failure-link.ts); api nodes also keep the success and failure
// targets of their stored outputs (spec 2 §3), and deleting or duplicating a node has to find those
// too.

/** The ids this node links to (may repeat), in slot order then the failure targets. */
export function nodeTargets(node: FlowNode): NodeId[] {
  const targets: NodeId[] = [];
  for (const slot of node.next) if (slot.node !== null) targets.push(slot.node);
  if (node.type === 'api') {
    if (node.store.successTarget !== null) targets.push(node.store.successTarget);
    if (node.store.failureTarget !== null) targets.push(node.store.failureTarget);
  }
  return targets;
}

/**
 * Does this node point at `id` anywhere? The same places as nodeTargets, checked without building
 * a list: deleting a node asks this of every other node, so it must not allocate.
 */
export function linksTo(node: FlowNode, id: NodeId): boolean {
  const slots = node.next;
  for (let i = 0; i < slots.length; i++) if (slots[i].node === id) return true;
  return node.type === 'api' && (node.store.successTarget === id || node.store.failureTarget === id);
}

/**
 * The node with every pointer that `keep` refuses set to null; the same object when nothing
 * changes, so untouched nodes keep their identity.
 */
export function withTargetsCleared(node: FlowNode, keep: (target: NodeId) => boolean): FlowNode {
  let next = node.next;
  if (next.some((slot) => slot.node !== null && !keep(slot.node))) {
    next = next.map((slot) => (slot.node !== null && !keep(slot.node) ? { ...slot, node: null } : slot));
  }
  let result: FlowNode = next === node.next ? node : { ...node, next };
  if (result.type === 'api') {
    const { successTarget, failureTarget } = result.store;
    const clearSuccess = successTarget !== null && !keep(successTarget);
    const clearFailure = failureTarget !== null && !keep(failureTarget);
    if (clearSuccess || clearFailure) {
      result = {
        ...result,
        store: {
          ...result.store,
          successTarget: clearSuccess ? null : successTarget,
          failureTarget: clearFailure ? null : failureTarget,
        },
      };
    }
  }
  return result;
}

/**
 * The node with every pointer renamed by `rename` (null: the link is dropped), in the same places
 * as nodeTargets. A paste uses it to point copied links at the copies' new ids.
 */
export function withTargetsMapped(node: FlowNode, rename: (target: NodeId) => NodeId | null): FlowNode {
  const map = (target: NodeId | null) => (target === null ? null : rename(target));
  let result: FlowNode = { ...node, next: node.next.map((slot) => ({ ...slot, node: map(slot.node) })) };
  if (result.type === 'api') {
    result = {
      ...result,
      store: {
        ...result.store,
        successTarget: map(result.store.successTarget),
        failureTarget: map(result.store.failureTarget),
      },
    };
  }
  return result;
}
