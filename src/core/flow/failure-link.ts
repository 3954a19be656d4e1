// A failure link has one representation: the last slot of an api or device-permission node,
// marked `onFailure: true` (id 1 by spec 2 §3). The board draws and edits it like any link, the
// runtime follows it when the call or the permission fails, and it is stored as it is.
//
// Flows saved before this (and archives exported then) kept the failure target in a node field
// `onFailure` instead, with no such slot; a client of that time could also send both. They are
// upgraded as they are read: the slot, when there is one, is the truth and the field is dropped;
// otherwise the field's target becomes the slot. A node that has neither gets an empty slot, so
// every api and device-permission node has its failure output.
import { FAILURE_SLOT_ID } from './defaults';

const HAS_FAILURE_LINK = new Set(['api', 'device-permission']);

type RawRecord = Record<string, unknown>;

const isRecord = (value: unknown): value is RawRecord =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Whether the node (as read, before its schema) keeps a failure link. */
function keepsFailureLink(node: RawRecord): boolean {
  return typeof node.type === 'string' && HAS_FAILURE_LINK.has(node.type) && Array.isArray(node.next);
}

/**
 * One node in today's form; the same object when it already is (most nodes, every time after the
 * first save). Anything that is not a node is left for the schema to refuse.
 */
export function upgradeFailureLink(raw: unknown): unknown {
  if (!isRecord(raw) || !keepsFailureLink(raw)) return raw;
  const next = raw.next as unknown[];
  const hasSlot = next.some((slot) => isRecord(slot) && slot.onFailure === true);
  if (hasSlot && !('onFailure' in raw)) return raw;
  const { onFailure: target, ...node } = raw;
  if (hasSlot) return node;
  const ids = next.map((slot) => (isRecord(slot) && typeof slot.id === 'number' ? slot.id : 0));
  // Id 1 by the spec; only a node saved by an older client could already use it for another path.
  const id = ids.includes(FAILURE_SLOT_ID) ? Math.max(...ids) + 1 : FAILURE_SLOT_ID;
  const slot = { id, node: typeof target === 'string' ? target : null, onFailure: true };
  return { ...node, next: [...next, slot] };
}

/** A node list in today's form; the same list when no node needed it. */
export function upgradeFailureLinks(nodes: unknown): unknown {
  if (!Array.isArray(nodes)) return nodes;
  let changed = false;
  const upgraded = nodes.map((node) => {
    const result = upgradeFailureLink(node);
    if (result !== node) changed = true;
    return result;
  });
  return changed ? upgraded : nodes;
}
