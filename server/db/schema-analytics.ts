// The analytics tables of the Database (see schema.ts, which joins every part into one interface).

import type { Generated } from 'kysely';
import type { NodeHourCount, OutcomeFigures } from '../../src/core/analytics/index.js';

// --- Analytics (016) -----------------------------------------------------------------------------

/** One turn's analytics as a raw event (021): the fold adds them up (analytics/fold.ts). */
export interface AnalyticsTurnTable {
  id: Generated<number>;
  at: number;
  /** The event as JSON (core/analytics/turn-event.ts encodeTurnEvent). */
  payload: string;
}

/** The columns a turn's outcome writes (core/analytics/turn-fold.ts), then the rollups' snapshot. */
export interface AnalyticsSessionTable extends OutcomeFigures {
  /** The snapshot the rollups hold for the row (018f); null until the job first rolls it. */
  rolled_last_at?: number | null;
  rolled_flow?: string | null;
  rolled_version?: number | null;
  rolled_last_node?: string | null;
  rolled_ended?: number | null;
  rolled_completed?: number | null;
  rolled_fallbacks?: number | null;
  rolled_messages_in?: number | null;
  rolled_messages_out?: number | null;
  rolled_channel?: string | null;
  rolled_language?: string | null;
}

/** Visits per node, link, hour, channel and language: the fold's counts (core/analytics/turn-fold.ts). */
export type AnalyticsNodeHourTable = NodeHourCount;

export interface AnalyticsSessionHourTable {
  bot_id: number;
  hour: number;
  channel: string;
  language: string;
  conversations: number;
  completed: number;
  fallbacks: number;
  messages_in: number;
  messages_out: number;
}

export interface AnalyticsLeftHourTable {
  bot_id: number;
  flow_name: string;
  flow_version: number;
  hour: number;
  node_id: string;
  channel: string;
  language: string;
  guests_left: number;
}

/** Plus one count column per latency bucket, b0…b63 (core/analytics/latency-histogram.ts). */
export interface AnalyticsCallHourTable {
  bot_id: number;
  hour: number;
  kind: string;
  channel: string;
  language: string;
}

/** The daily rollups (019e): each row the sum of its UTC day's hourly rows. */
export type AnalyticsNodeDayTable = Omit<AnalyticsNodeHourTable, 'hour'> & { day: number };
export type AnalyticsLeftDayTable = Omit<AnalyticsLeftHourTable, 'hour'> & { day: number };
export type AnalyticsCallDayTable = Omit<AnalyticsCallHourTable, 'hour'> & { day: number };

export interface AnalyticsRollupTable {
  name: string;
  rolled_until: number;
}

export interface AnalyticsTables {
  analytics_turns: AnalyticsTurnTable;
  analytics_sessions: AnalyticsSessionTable;
  analytics_node_hours: AnalyticsNodeHourTable;
  analytics_session_hours: AnalyticsSessionHourTable;
  analytics_left_hours: AnalyticsLeftHourTable;
  analytics_call_hours: AnalyticsCallHourTable;
  analytics_node_days: AnalyticsNodeDayTable;
  analytics_left_days: AnalyticsLeftDayTable;
  analytics_call_days: AnalyticsCallDayTable;
  analytics_rollups: AnalyticsRollupTable;
}
