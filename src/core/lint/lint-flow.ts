import type { FlowNode, NodeId } from '../flow';
import type { Problem } from '../validation';
import { cycles, flowGraph, reachableFrom } from './graph';
import { apiWithoutFailure, choiceUnlinked, deadEnd } from './node-rules';
import { LINT_RULES, type LintIssue } from './types';
import { variablesRead, variablesSet } from './variables';

/** What one node contributes, kept by node identity: an unedited node is never read again. */
interface NodeFacts {
  local: LintIssue[];
  sets: string[];
  reads: string[];
}

const title = (node: FlowNode) => node.name.trim() || node.type;
const ORDER = new Map(LINT_RULES.map((rule, i) => [rule.id, i]));

function factsOf(node: FlowNode): NodeFacts {
  const local: LintIssue[] = [];
  const dead = deadEnd(node);
  if (dead) local.push(dead);
  local.push(...choiceUnlinked(node));
  const api = apiWithoutFailure(node);
  if (api) local.push(api);
  return { local, sets: variablesSet(node), reads: variablesRead(node) };
}

/**
 * The lint of one editor's flow, run in the engine worker after every edit. The per-node rules are
 * answered from a cache keyed by node object (the replica replaces a node when it changes), so an
 * edit costs its own nodes plus the graph passes (reachability, loops, variables), each linear.
 */
export function createFlowLint() {
  let cache = new WeakMap<FlowNode, NodeFacts>();
  const facts = (node: FlowNode) => {
    let found = cache.get(node);
    if (!found) cache.set(node, (found = factsOf(node)));
    return found;
  };

  /** Every lint issue of the flow, by rule (panel order) then flow order. `invalid`: spec 2 §5 problems. */
  function lint(nodes: readonly FlowNode[], invalid: ReadonlyMap<NodeId, readonly Problem[]>): LintIssue[] {
    const issues: LintIssue[] = [];
    for (const node of nodes) {
      const problems = invalid.get(node.id);
      if (problems?.length) {
        const first = problems[0].message;
        const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
        issues.push({ rule: 'invalid-node', nodeId: node.id, message: `"${title(node)}": ${first}${more}` });
      }
    }
    const graph = flowGraph(nodes);
    const reached = reachableFrom(graph, nodes[0]?.id);
    const incoming = new Set<NodeId>();
    for (const targets of graph.out.values()) for (const id of targets) incoming.add(id);
    for (const node of nodes) {
      if (reached.has(node.id)) continue;
      const isolated = !incoming.has(node.id) && graph.out.get(node.id)!.length === 0;
      issues.push({
        rule: 'unreachable',
        nodeId: node.id,
        message: `"${title(node)}" cannot be reached from the start ("${title(nodes[0])}")`,
        // Linked to nothing either way: deleting it changes no path of the flow.
        ...(isolated && {
          fix: { label: 'Delete node', changes: [{ type: 'delete' as const, id: node.id }] },
        }),
      });
    }
    const set = new Set<string>();
    for (const node of nodes) for (const name of facts(node).sets) set.add(name);
    for (const node of nodes) {
      const { local, reads } = facts(node);
      issues.push(...local);
      for (const name of reads) {
        if (!set.has(name)) {
          issues.push({
            rule: 'variable-never-set',
            nodeId: node.id,
            message: `"${title(node)}" reads \${{${name}}}, which no node sets`,
          });
        }
      }
    }
    for (const component of cycles(graph)) {
      const inside = new Set(component);
      const exits = component.some((id) => graph.out.get(id)!.some((to) => !inside.has(to)));
      if (exits) continue;
      const members = nodes.filter((node) => inside.has(node.id));
      const names = members
        .slice(0, 3)
        .map((node) => `"${title(node)}"`)
        .join(', ');
      issues.push({
        rule: 'loop-without-exit',
        nodeId: members[0].id,
        message: `Loop of ${members.length} node${members.length === 1 ? '' : 's'} (${names}${members.length > 3 ? ', …' : ''}) has no way out`,
      });
    }
    const position = new Map(nodes.map((node, i) => [node.id, i]));
    return issues.sort(
      (a, b) => ORDER.get(a.rule)! - ORDER.get(b.rule)! || position.get(a.nodeId)! - position.get(b.nodeId)!,
    );
  }

  return {
    lint,
    reset() {
      cache = new WeakMap();
    },
  };
}

export type FlowLint = ReturnType<typeof createFlowLint>;
