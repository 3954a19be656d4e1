// A flow's node list on its way in and out of the database: checked with the src/core schemas
// and the graph check, then put in its stored form.
//
// Stored form (spec 2 §4 "Saving a flow drops the failure links first"): an api or
// device-permission node draws its failure path as a last slot marked onFailure (id 1). The board
// edits that slot only, so the node's own `onFailure` field can be stale. On save the slot is the
// truth: its target is written to `onFailure` and the slot is dropped from `next`, so the stored
// `next` holds only the paths taken on success and the runtime reads one field for failure. On the
// way out the server assigns the slot again from `onFailure` (the "server-assigned next" of the
// publish answer), so the editor gets back exactly the links it drew. A list sent without the
// failure slot (an older client) keeps its `onFailure` as sent.
import { z } from 'zod';
import {
  checkFlowGraph,
  FAILURE_SLOT_ID,
  flowNodeSchema,
  type FlowNode,
  type Slot,
} from '../../src/core/flow/index.js';

/** One refused node, for the editor to mark. */
export interface NodeProblem {
  node_id: string | null;
  message: string;
}

/** A node list the server will not store; the errors plugin answers it as a 400. */
export class FlowInputError extends Error {
  readonly statusCode = 400;
  constructor(
    message: string,
    readonly problems: NodeProblem[] = [],
  ) {
    super(message);
  }
}

/** Enough problems for the editor to mark a badly broken flow without answering megabytes. */
const MAX_PROBLEMS = 20;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** How a message names a node: by name and id when it has them, else by its place in the list. */
function nodeLabel(raw: unknown, index: number): string {
  const name = isRecord(raw) && typeof raw.name === 'string' && raw.name.trim() ? raw.name : null;
  const id = isRecord(raw) && (typeof raw.id === 'string' || typeof raw.id === 'number') ? raw.id : null;
  if (name && id !== null) return `Node "${name}" (id ${id})`;
  if (id !== null) return `Node with id ${id}`;
  return `Node ${index + 1}`;
}

const TYPES = flowNodeSchema.options.map((option) => option.shape.type.value);

/** The first schema issue of one node, in words an author can act on. */
function describeNodeIssue(raw: unknown, index: number, error: z.ZodError): string {
  const label = nodeLabel(raw, index);
  if (!isRecord(raw)) return `${label} is not a node`;
  if (!TYPES.includes(raw.type as (typeof TYPES)[number])) {
    return raw.type === undefined
      ? `${label} has no type`
      : `${label} has an unknown type ${JSON.stringify(raw.type)}`;
  }
  const issue = error.issues[0];
  const field = issue.path.map(String).join('.');
  if (issue.code === 'invalid_type' && /received undefined/.test(issue.message)) {
    return `${label} is missing ${field}`;
  }
  return `${label} has an invalid ${field}: ${issue.message}`;
}

/**
 * Checks a node list sent by a client or read from an archive: every node against its type's
 * schema, then the graph as a whole (unique ids, links to nodes of the same list). Throws
 * FlowInputError naming the node at fault.
 */
export function checkNodes(input: unknown, what = 'nodes'): FlowNode[] {
  if (input === undefined || input === null) throw new FlowInputError(`${what} is required`);
  if (!Array.isArray(input)) throw new FlowInputError(`${what} must be a list of nodes`);
  const nodes: FlowNode[] = [];
  const problems: NodeProblem[] = [];
  input.forEach((raw, index) => {
    const parsed = flowNodeSchema.safeParse(raw);
    if (parsed.success) nodes.push(parsed.data);
    else if (problems.length < MAX_PROBLEMS) {
      const id = isRecord(raw) && raw.id !== undefined ? String(raw.id) : null;
      problems.push({ node_id: id, message: describeNodeIssue(raw, index, parsed.error) });
    }
  });
  // Links are only worth checking between nodes that are themselves well formed.
  if (!problems.length) {
    for (const problem of checkFlowGraph(nodes).slice(0, MAX_PROBLEMS)) {
      problems.push({ node_id: problem.nodeId, message: problem.message });
    }
  }
  if (problems.length) throw new FlowInputError(problems[0].message, problems);
  return nodes;
}

function hasFailureSlot(node: FlowNode): node is Extract<FlowNode, { type: 'api' | 'device-permission' }> {
  return node.type === 'api' || node.type === 'device-permission';
}

/** Without the editor's isNew marker: once saved, nothing is new any more. */
function withoutIsNew<T extends { isNew?: boolean }>(item: T): T {
  if (!('isNew' in item)) return item;
  const { isNew: _isNew, ...rest } = item;
  return rest as T;
}

/** The nodes as they are stored: isNew markers cleared and failure links dropped (see above). */
export function toStoredNodes(nodes: readonly FlowNode[]): FlowNode[] {
  return nodes.map((node) => {
    const saved = withoutIsNew({ ...node, next: node.next.map(withoutIsNew) });
    if (!hasFailureSlot(saved)) return saved;
    const failure = saved.next.filter((slot) => slot.onFailure);
    if (!failure.length) return saved;
    return {
      ...saved,
      next: saved.next.filter((slot) => !slot.onFailure),
      onFailure: failure[failure.length - 1].node,
    };
  });
}

/** The nodes as the editor draws them: each failure path back as the last slot. */
export function toEditorNodes(nodes: readonly FlowNode[]): FlowNode[] {
  return nodes.map((node) => {
    if (!hasFailureSlot(node) || node.next.some((slot) => slot.onFailure)) return node;
    const ids = node.next.map((slot) => slot.id);
    // Id 1 by the spec; only a node saved by an older client could already use it for another path.
    const id = ids.includes(FAILURE_SLOT_ID) ? Math.max(...ids) + 1 : FAILURE_SLOT_ID;
    const slot: Slot = { id, node: node.onFailure, onFailure: true };
    return { ...node, next: [...node.next, slot] };
  });
}

/** A stored node list (written by toStoredNodes after checkNodes, so it is trusted as it is). */
export function parseStoredNodes(text: string): FlowNode[] {
  return JSON.parse(text) as FlowNode[];
}
