import type { FlowNode, NodeId } from '../flow';
import { nodeTargets } from '../flow/targets';
import type { Problem } from '../validation';
import { canEndHere, waitsForGuest } from './endings';
import { createStructureCache, type NodeLinks } from './flow-structure';
import { apiWithoutFailure, choiceUnlinked, deadEnd } from './node-rules';
import { LINT_RULES, type LintIssue, type LintRuleId } from './types';
import { variablesRead, variablesSet } from './variables';

/** What one node contributes, kept by node identity: an unedited node is never read again. */
interface NodeFacts {
  local: LintIssue[];
  sets: string[];
  reads: string[];
  links: NodeLinks;
  /** The graph rules' issues last made for this node, given again while their words still hold. */
  made: {
    unreachable?: { start: string; isolated: boolean; issue: LintIssue };
    neverSet?: Map<string, LintIssue>;
  };
}

export interface LintOptions {
  /** The flow is a flow template: where its paths end, the chat goes back to the caller. */
  template?: boolean;
}

const title = (node: FlowNode) => node.name.trim() || node.type;

/** Not reachable from the start (made once per node and start name: 10,000 of them are common). */
function unreachableIssue(node: FlowNode, facts: NodeFacts, start: string, isolated: boolean): LintIssue {
  const made = facts.made.unreachable;
  if (made && made.start === start && made.isolated === isolated) return made.issue;
  const issue: LintIssue = {
    rule: 'unreachable',
    nodeId: node.id,
    message: `"${title(node)}" cannot be reached from the start ("${start}")`,
    // Linked to nothing either way: deleting it changes no path of the flow.
    ...(isolated && { fix: { label: 'Delete node', changes: [{ type: 'delete' as const, id: node.id }] } }),
  };
  facts.made.unreachable = { start, isolated, issue };
  return issue;
}

function neverSetIssue(node: FlowNode, facts: NodeFacts, name: string): LintIssue {
  const made = (facts.made.neverSet ??= new Map());
  let issue = made.get(name);
  if (!issue) {
    issue = {
      rule: 'variable-never-set',
      nodeId: node.id,
      message: `"${title(node)}" reads \${{${name}}}, which no node sets`,
    };
    made.set(name, issue);
  }
  return issue;
}

/** A loop with no exit (flow-structure.ts), named by its first nodes in flow order. */
function loopIssue(members: readonly FlowNode[], waits: boolean): LintIssue {
  const names = members
    .slice(0, 3)
    .map((node) => `"${title(node)}"`)
    .join(', ');
  const how = waits
    ? 'the guest can only go round it'
    : 'it never waits for the guest, so each turn runs until the chat is stopped';
  const count = `${members.length} node${members.length === 1 ? '' : 's'}`;
  return {
    rule: 'loop-without-exit',
    nodeId: members[0].id,
    message: `Loop of ${count} (${names}${members.length > 3 ? ', …' : ''}) has no way out: ${how}`,
  };
}

function factsOf(node: FlowNode): NodeFacts {
  const local: LintIssue[] = [];
  const dead = deadEnd(node);
  if (dead) local.push(dead);
  local.push(...choiceUnlinked(node));
  const api = apiWithoutFailure(node);
  if (api) local.push(api);
  return {
    local,
    sets: variablesSet(node),
    reads: variablesRead(node),
    links: { targets: nodeTargets(node), canEnd: canEndHere(node), waits: waitsForGuest(node) },
    made: {},
  };
}

/** The same node but for where it stands (a move): its facts are the same, so they are kept. */
function movedOnly(before: FlowNode, after: FlowNode): boolean {
  const a = before as unknown as Record<string, unknown>;
  const b = after as unknown as Record<string, unknown>;
  const keys = Object.keys(b);
  if (keys.length !== Object.keys(a).length) return false;
  return keys.every((key) => key === 'x' || key === 'y' || a[key] === b[key]);
}

/**
 * The lint of one editor's flow, run in the engine worker after every edit, incrementally: the
 * per-node facts are cached by node object (the replica replaces a node when it changes), and a
 * node only moved keeps the facts of the object it replaced; the graph passes (reachability,
 * Tarjan's components) run again only when some node's links changed (flow-structure.ts). An edit
 * then costs its own nodes plus linear passes over cached facts.
 */
export function createFlowLint() {
  let cache = new WeakMap<FlowNode, NodeFacts>();
  let previous = new Map<NodeId, FlowNode>();
  let structure = createStructureCache();
  const facts = (node: FlowNode) => {
    let found = cache.get(node);
    if (!found) {
      const before = previous.get(node.id);
      const kept = before && before !== node && movedOnly(before, node) ? cache.get(before) : undefined;
      cache.set(node, (found = kept ?? factsOf(node)));
    }
    return found;
  };

  /**
   * Every lint issue of the flow, by rule (panel order) then flow order. `invalid`: spec 2 §5
   * problems. The first node is the start.
   */
  function lint(
    nodes: readonly FlowNode[],
    invalid: ReadonlyMap<NodeId, readonly Problem[]>,
    options: LintOptions = {},
  ): LintIssue[] {
    // One list per rule, each filled in flow order: the panel's order with no sort of the whole.
    const byRule = new Map<LintRuleId, LintIssue[]>(LINT_RULES.map((rule) => [rule.id, []]));
    const add = (issue: LintIssue) => byRule.get(issue.rule)!.push(issue);
    const all = nodes.map(facts);
    previous = new Map(nodes.map((node) => [node.id, node]));
    const { reached, incoming, trapping } = structure(
      nodes.map((node) => node.id),
      all.map((f) => f.links),
    );
    const start = nodes.length > 0 ? title(nodes[0]) : '';
    const set = new Set<string>();
    for (const f of all) for (const name of f.sets) set.add(name);
    nodes.forEach((node, i) => {
      const problems = invalid.get(node.id);
      if (problems?.length) {
        const first = problems[0].message;
        const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
        add({ rule: 'invalid-node', nodeId: node.id, message: `"${title(node)}": ${first}${more}` });
      }
      const { local, reads, links } = all[i];
      if (!reached.has(node.id)) {
        const isolated = !incoming.has(node.id) && links.targets.length === 0;
        add(unreachableIssue(node, all[i], start, isolated));
      }
      for (const issue of local) if (!(options.template && issue.rule === 'dead-end')) add(issue);
      for (const name of reads) if (!set.has(name)) add(neverSetIssue(node, all[i], name));
    });
    if (trapping.length > 0) {
      const position = new Map(nodes.map((node, i) => [node.id, i]));
      const loops = trapping.map((loop) => ({
        ...loop,
        members: loop.members.map((id) => position.get(id)!).sort((a, b) => a - b),
      }));
      for (const loop of loops.sort((a, b) => a.members[0] - b.members[0])) {
        add(
          loopIssue(
            loop.members.map((i) => nodes[i]),
            loop.waits,
          ),
        );
      }
    }
    return LINT_RULES.flatMap((rule) => byRule.get(rule.id)!);
  }

  return {
    lint,
    reset() {
      cache = new WeakMap();
      previous = new Map();
      structure = createStructureCache();
    },
  };
}

export type FlowLint = ReturnType<typeof createFlowLint>;
