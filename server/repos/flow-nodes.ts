// A flow's node list on its way in and out of the database: checked with the src/core schemas
// and the graph check, then stored as the editor drew it (less the editor's isNew markers).
//
// A failure link is the last slot of an api or device-permission node, marked onFailure, and is
// stored as such. Lists saved or exported before kept it in a node field `onFailure` instead: they
// are upgraded as they are read, from a client, an archive or the database
// (src/core/flow/failure-link.ts).
import { z } from 'zod';
import {
  checkFlowGraph,
  flowNodeSchema,
  upgradeFailureLinks,
  type FlowNode,
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
  (upgradeFailureLinks(input) as unknown[]).forEach((raw, index) => {
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

/** Without the editor's isNew marker: once saved, nothing is new any more. */
function withoutIsNew<T extends { isNew?: boolean }>(item: T): T {
  if (!('isNew' in item)) return item;
  const { isNew: _isNew, ...rest } = item;
  return rest as T;
}

/** The nodes as they are stored: isNew markers cleared. */
export function toStoredNodes(nodes: readonly FlowNode[]): FlowNode[] {
  return nodes.map((node) => withoutIsNew({ ...node, next: node.next.map(withoutIsNew) }));
}

/**
 * A stored node list (written by toStoredNodes after checkNodes, so it is trusted as it is), in
 * today's form: a list stored before failure links were slots is upgraded.
 */
export function parseStoredNodes(text: string): FlowNode[] {
  return upgradeFailureLinks(JSON.parse(text)) as FlowNode[];
}
