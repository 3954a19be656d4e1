// Where guests leave a flow (issue 19 §2), computed from visit events. The same arithmetic is
// what the server's SQL computes over its tables (server/analytics/queries.ts); this pure version
// states the rules and is what the unit tests pin down:
// - A visit is one entry into a node (a node the guest answers is not entered again by the answer).
// - Numbers are per flow version: a session that was running when the flow was republished counts
//   at the old version's nodes for what it did there, and leaves (or completes) in the new one.
// - A guest "left at" a node when that node is the last one the session entered and the session
//   is not at an end. A guest who completed and then restarted leaves at wherever the new run
//   stopped; the completion still counts towards the completion rate.
// - Guests per node are distinct sessions, so the share who left is at most 100 % even in loops.
// - A link's traffic is the number of times a guest went from one node straight to the next; a
//   restart (the flow starting afresh) is not a link.

/** One entry into a node, as the runtime reports it. */
export interface VisitEvent {
  session: string;
  version: number;
  /** The flow (main or a template's name) the node belongs to. */
  flow: string;
  node: string;
  /** The node entered just before, in this flow (null: the run started here). */
  from: string | null;
  language: string;
  channel: string;
  at: number;
}

/** Where a session is now: whether its current run reached an end, and whether any run did. */
export interface SessionState {
  session: string;
  /** The current run is at an end of the flow (not waiting anywhere). */
  ended: boolean;
}

export interface NodeFigures {
  visits: number;
  guests: number;
  /** Guests whose session stopped here, not at an end. */
  left: number;
}

export interface DropOffFilter {
  version: number;
  flow?: string;
  language?: string;
  channel?: string;
}

export interface DropOff {
  nodes: Map<string, NodeFigures>;
  /** Traffic by link, keyed `from>to`. */
  links: Map<string, number>;
}

export const linkKey = (from: string, to: string) => `${from}>${to}`;

const matches = (event: VisitEvent, filter: DropOffFilter) =>
  event.version === filter.version &&
  (filter.flow === undefined || event.flow === filter.flow) &&
  (filter.language === undefined || event.language === filter.language) &&
  (filter.channel === undefined || event.channel === filter.channel);

function figuresOf(nodes: Map<string, NodeFigures>, node: string): NodeFigures {
  let figures = nodes.get(node);
  if (!figures) nodes.set(node, (figures = { visits: 0, guests: 0, left: 0 }));
  return figures;
}

/** Visits, guests and leavers per node, and traffic per link, for one version (events in time order). */
export function dropOff(
  events: readonly VisitEvent[],
  sessions: readonly SessionState[],
  filter: DropOffFilter,
): DropOff {
  const nodes = new Map<string, NodeFigures>();
  const links = new Map<string, number>();
  const seen = new Set<string>();
  const last = new Map<string, VisitEvent>();
  for (const event of events) {
    last.set(event.session, event);
    if (!matches(event, filter)) continue;
    const figures = figuresOf(nodes, event.node);
    figures.visits++;
    const reach = `${event.session}\n${event.node}`;
    if (!seen.has(reach)) {
      seen.add(reach);
      figures.guests++;
    }
    if (event.from !== null) {
      const key = linkKey(event.from, event.node);
      links.set(key, (links.get(key) ?? 0) + 1);
    }
  }
  for (const { session, ended } of sessions) {
    const event = last.get(session);
    if (!ended && event && matches(event, filter)) figuresOf(nodes, event.node).left++;
  }
  return { nodes, links };
}

/** The share of a node's guests who left there, 0 to 1 (0 for a node nobody reached). */
export function leftShare(figures: NodeFigures): number {
  return figures.guests ? figures.left / figures.guests : 0;
}

export type Severity = 'none' | 'low' | 'medium' | 'high';

/**
 * How alarming a node's drop-off is: some guests always stop at the last question, so a small
 * share is normal; a third or more leaving at one node is worth the author's attention.
 */
export function dropOffSeverity(share: number): Severity {
  if (share <= 0) return 'none';
  if (share < 0.1) return 'low';
  if (share < 0.33) return 'medium';
  return 'high';
}

/** A link's stroke width by its traffic against the busiest link: 1 px idle, up to 10 px. */
export function linkWidth(traffic: number, busiest: number): number {
  if (traffic <= 0 || busiest <= 0) return 1;
  return 1.5 + 8.5 * Math.sqrt(traffic / busiest);
}
