// Which of a turn's visits are a session's first at their node in this flow version: the hourly
// rollups add guests up from these flags, since distinct guests cannot be summed across hours.
// The session carries the nodes it has reached in its current version (a short list: a flow's
// node ids), so this needs no read of past events. Every chat turn runs this, so it allocates
// nothing for a turn that reaches no new node: the session keeps the list it had.

export interface Reached {
  version: number;
  /** `flow:node` keys reached in `version`. */
  nodes: string[];
}

/** Up to this many reached nodes, a turn's visits are looked up in the list itself. */
const LINEAR_SEARCH_NODES = 64;

export interface FirstVisitInput {
  flow: string;
  node: string;
}

/** The flags (one per visit, in order) and what the session has reached after the turn. */
export function firstVisits(
  reached: Reached | undefined,
  version: number,
  visits: readonly FirstVisitInput[],
): { first: boolean[]; reached: Reached } {
  // A new version starts a new count: numbers are per version.
  const kept = reached && reached.version === version ? reached : undefined;
  const known = kept ? kept.nodes : [];
  // A linear search while the list is short (most sessions reach a few dozen nodes, and a Set
  // built every turn cost more); a session deep in a big flow gets a Set.
  const seen = known.length > LINEAR_SEARCH_NODES ? new Set(known) : null;
  let nodes = known;
  const first = visits.map((visit) => {
    const key = `${visit.flow}:${visit.node}`;
    if (seen ? seen.has(key) : nodes.includes(key)) return false;
    if (nodes === known) nodes = [...known];
    nodes.push(key);
    seen?.add(key);
    return true;
  });
  return { first, reached: kept && nodes === known ? kept : { version, nodes } };
}
