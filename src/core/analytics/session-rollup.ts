// What one conversation's outcome row adds to the hourly rollups (issue 19 §5), and how a changed
// row moves them. An outcome row keeps changing while the guest talks (counters grow, the last
// node moves, an end is reached), so the rollup job keeps on each row a snapshot of what it last
// added ("rolled"); rolling a row again adds its figures now and takes its snapshot's away. The
// dashboard does the same for the rows changed since the last roll, so its sums are exact at
// every moment: rollups + (each changed row now − its snapshot).
import { HOUR_MS } from './stats';

/** The figures of an outcome row the rollups count (a row now, or its snapshot). */
export interface SessionFigures {
  botId: number;
  startedAt: number;
  lastAt: number;
  flow: string;
  version: number;
  lastNode: string | null;
  ended: number;
  completed: number;
  fallbacks: number;
  messagesIn: number;
  messagesOut: number;
  channel: string;
  language: string;
}

/** Conversations by the hour they started in: the charts, totals and rates. */
export interface StartedCount {
  botId: number;
  hour: number;
  channel: string;
  language: string;
  conversations: number;
  completed: number;
  fallbacks: number;
  messagesIn: number;
  messagesOut: number;
}

/** Guests who stopped at a node (not at an end), by the hour of their last turn: the drop-off. */
export interface LeftCount {
  botId: number;
  hour: number;
  flow: string;
  version: number;
  node: string;
  channel: string;
  language: string;
  left: number;
}

export const hourOf = (at: number) => at - (((at % HOUR_MS) + HOUR_MS) % HOUR_MS);

/** The row's started figures, times `sign` (1 to add, -1 to take away). */
export function startedPart(s: SessionFigures, sign: number): StartedCount {
  return {
    botId: s.botId,
    hour: hourOf(s.startedAt),
    channel: s.channel,
    language: s.language,
    conversations: sign,
    completed: sign * s.completed,
    fallbacks: sign * s.fallbacks,
    messagesIn: sign * s.messagesIn,
    messagesOut: sign * s.messagesOut,
  };
}

/** The row's drop-off figure, times `sign`; null when the guest is at an end (or nowhere yet). */
export function leftPart(s: SessionFigures, sign: number): LeftCount | null {
  if (s.ended || !s.lastNode) return null;
  return {
    botId: s.botId,
    hour: hourOf(s.lastAt),
    flow: s.flow,
    version: s.version,
    node: s.lastNode,
    channel: s.channel,
    language: s.language,
    left: sign,
  };
}

const startedKey = (c: StartedCount) => `${c.botId}\u0000${c.hour}\u0000${c.channel}\u0000${c.language}`;
const leftKey = (c: LeftCount) =>
  `${c.botId}\u0000${c.hour}\u0000${c.flow}\u0000${c.version}\u0000${c.node}\u0000${c.channel}\u0000${c.language}`;

export interface RollupDeltas {
  started: StartedCount[];
  left: LeftCount[];
}

/**
 * What rolling these rows changes in the rollups: each row's figures now added, its snapshot's
 * (null: never rolled) taken away, summed per rollup row; rows that cancel out are left out.
 */
export function rollupDeltas(rows: readonly { now: SessionFigures; rolled: SessionFigures | null }[]) {
  const started = new Map<string, StartedCount>();
  const left = new Map<string, LeftCount>();
  const addStarted = (c: StartedCount) => {
    const key = startedKey(c);
    const sum = started.get(key);
    if (!sum) return void started.set(key, c);
    sum.conversations += c.conversations;
    sum.completed += c.completed;
    sum.fallbacks += c.fallbacks;
    sum.messagesIn += c.messagesIn;
    sum.messagesOut += c.messagesOut;
  };
  const addLeft = (c: LeftCount | null) => {
    if (!c) return;
    const key = leftKey(c);
    const sum = left.get(key);
    if (sum) sum.left += c.left;
    else left.set(key, c);
  };
  for (const row of rows) {
    addStarted(startedPart(row.now, 1));
    addLeft(leftPart(row.now, 1));
    if (row.rolled) {
      addStarted(startedPart(row.rolled, -1));
      addLeft(leftPart(row.rolled, -1));
    }
  }
  const changed = (c: StartedCount) =>
    c.conversations || c.completed || c.fallbacks || c.messagesIn || c.messagesOut;
  return {
    started: [...started.values()].filter(changed),
    left: [...left.values()].filter((c) => c.left !== 0),
  };
}
