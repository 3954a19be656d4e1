// The outcome row's columns (analytics_sessions, issue 19 §1), defined once: which columns a turn
// writes and how the fold's upsert merges them into the row (analytics/fold.ts), and which of
// them the rollups count, each with the column of its snapshot (session-rollups.ts).
import { OUTCOME_MERGES, type Merge } from '../../src/core/analytics/index.js';
import type { AnalyticsSessionTable } from '../db/schema.js';

type SnapshotColumn = Extract<keyof AnalyticsSessionTable, `rolled_${string}`>;
type WrittenColumn = Exclude<keyof AnalyticsSessionTable, SnapshotColumn>;

/** Every column a turn writes, in the order of its insert, with its merge (core/analytics/turn-fold.ts). */
export const OUTCOME_COLUMNS = OUTCOME_MERGES satisfies Record<WrittenColumn, Merge>;

export const OUTCOME_COLUMN_NAMES = Object.keys(OUTCOME_COLUMNS) as WrittenColumn[];

const MERGES: Record<Merge, ((c: string) => string) | null> = {
  key: null,
  first: null,
  latest: (c) => `${c} = excluded.${c}`,
  known: (c) => `${c} = coalesce(excluded.${c}, analytics_sessions.${c})`,
  given: (c) => `${c} = case when excluded.${c} = '' then analytics_sessions.${c} else excluded.${c} end`,
  ever: (c) => `${c} = case when excluded.${c} = 1 then 1 else analytics_sessions.${c} end`,
  sum: (c) => `${c} = analytics_sessions.${c} + excluded.${c}`,
};

/** The upsert's merge: where the session is now, its counters added up. */
export const OUTCOME_MERGE = `on conflict (guest_id) do update set ${Object.entries(OUTCOME_COLUMNS)
  .map(([column, merge]) => MERGES[merge]?.(column))
  .filter(Boolean)
  .join(', ')}`;

/**
 * PostgreSQL: the type each written column's values travel as, one array of them per column
 * (fold-postgres.ts): numbers as bigint (an integer column takes them by assignment), texts as text.
 */
export const OUTCOME_POSTGRES_TYPES = {
  guest_id: 'text',
  bot_id: 'bigint',
  flow_name: 'text',
  started_at: 'bigint',
  last_at: 'bigint',
  version: 'bigint',
  last_node: 'text',
  ended: 'bigint',
  completed: 'bigint',
  fallbacks: 'bigint',
  messages_in: 'bigint',
  messages_out: 'bigint',
  ai_calls: 'bigint',
  ai_ms: 'bigint',
  api_calls: 'bigint',
  api_ms: 'bigint',
  channel: 'text',
  language: 'text',
  answers: 'text',
  reached: 'text',
} as const satisfies Record<WrittenColumn, 'bigint' | 'text'>;

/** The figures the rollups count, each with the column of its snapshot (what they hold for the row). */
export const ROLLED_FIGURES = {
  last_at: 'rolled_last_at',
  flow_name: 'rolled_flow',
  version: 'rolled_version',
  last_node: 'rolled_last_node',
  ended: 'rolled_ended',
  completed: 'rolled_completed',
  fallbacks: 'rolled_fallbacks',
  messages_in: 'rolled_messages_in',
  messages_out: 'rolled_messages_out',
  channel: 'rolled_channel',
  language: 'rolled_language',
} as const satisfies Partial<Record<WrittenColumn, SnapshotColumn>>;

type RolledFigure = keyof typeof ROLLED_FIGURES;

/** An outcome row with its snapshot, as the rollups and the dashboard's correction read it. */
export type SessionRollupRow = Pick<
  AnalyticsSessionTable,
  'guest_id' | 'bot_id' | 'started_at' | RolledFigure
> & {
  [K in (typeof ROLLED_FIGURES)[RolledFigure]]: NonNullable<AnalyticsSessionTable[K]> | null;
};

/** The columns a SessionRollupRow reads, with a table alias. */
export const sessionRollupColumns = (alias: string) =>
  ['guest_id', 'bot_id', 'started_at', ...Object.keys(ROLLED_FIGURES), ...Object.values(ROLLED_FIGURES)]
    .map((c) => `${alias}.${c}`)
    .join(', ');

/** `rolled_x = x, …`: the snapshot taken of the figures now. */
export const SNAPSHOT_COPY = Object.entries(ROLLED_FIGURES)
  .map(([figure, snapshot]) => `${snapshot} = ${figure}`)
  .join(', ');
