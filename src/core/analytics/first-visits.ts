// Which visits are a guest's first at their node in a flow version: the hourly rollups add guests
// up from these flags, since distinct guests cannot be summed across hours. The fold decides
// (turn-fold.ts), not the turn: it keeps the nodes each guest has reached in its version on the
// guest's outcome row (`reached`, a JSON list of `flow:node` keys), reads it once for each guest
// of a batch and writes it back with the row it writes anyway. A chat turn used to carry the list
// in its stored session and rewrite it every turn: a session deep in a big flow carries hundreds
// of node ids (docs/analytics-cost.md).

/** A guest's outcome row as the fold reads it for first visits: its flow version and nodes reached. */
export interface StoredReached {
  version: number | string;
  /** JSON list of `flow:node` keys reached in `version`; null before the fold kept one. */
  reached: string | null;
}

/** The reached list of a stored row; empty when it has none or it is not a list of keys. */
function readKeys(text: string | null): string[] {
  if (text === null) return [];
  try {
    const keys: unknown = JSON.parse(text);
    return Array.isArray(keys) && keys.every((k) => typeof k === 'string') ? keys : [];
  } catch {
    return [];
  }
}

/** The nodes one guest has reached in its current flow version, as a fold goes through its turns. */
export class ReachedNodes {
  private keys: Set<string>;
  private changed = false;

  private constructor(
    private version: number,
    keys: string[],
  ) {
    this.keys = new Set(keys);
  }

  /** What the guest's stored row says it has reached (nothing, for a guest without one). */
  static of(stored: StoredReached | undefined): ReachedNodes {
    return stored
      ? new ReachedNodes(Number(stored.version), readKeys(stored.reached))
      : new ReachedNodes(NaN, []);
  }

  /** The guest's turn is in `version`: a new version starts a new count (numbers are per version). */
  at(version: number): void {
    if (version === this.version) return;
    this.version = version;
    this.keys = new Set();
    this.changed = true;
  }

  /**
   * Notes a visit of the current version; true when it is the guest's first at that node. One
   * short joined key a visit: ~40 ns here, where the counters' longer keys cost far more (turn-fold.ts).
   */
  visit(flow: string, node: string): boolean {
    const key = `${flow}:${node}`;
    if (this.keys.has(key)) return false;
    this.keys.add(key);
    this.changed = true;
    return true;
  }

  /** The list to store, or null when the stored one still holds (the row's merge keeps it). */
  text(): string | null {
    return this.changed ? JSON.stringify([...this.keys]) : null;
  }
}
