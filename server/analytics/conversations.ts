// The conversations table (issue 19 §3): the outcome rows of a bot's sessions, newest activity
// first, paged by keyset (last_at, guest_id) so page 10,000 costs what page 1 does. The CSV export
// (csv-export.ts) walks the same pages.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { outcomeOf, type ConversationRow, type ConversationsQuery } from '../../src/core/api/analytics.js';
import { trigramPhrase } from '../../src/core/analytics/search-phrase.js';
import type { AnalyticsSessionTable, Database } from '../db/schema.js';
import { isPostgres } from '../db/dialect.js';
import { rangeOf } from './queries.js';

type Db = Kysely<Database>;

export type ConversationFilter = Omit<ConversationsQuery, 'limit' | 'transcript'>;

function parseAnswers(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

export function presentConversation(row: AnalyticsSessionTable): ConversationRow {
  return {
    guestId: row.guest_id,
    startedAt: Number(row.started_at),
    lastAt: Number(row.last_at),
    channel: row.channel,
    language: row.language,
    version: Number(row.version),
    lastNode: row.last_node,
    outcome: outcomeOf(row),
    fallbacks: Number(row.fallbacks),
    messagesIn: Number(row.messages_in),
    messagesOut: Number(row.messages_out),
    answers: parseAnswers(row.answers),
  };
}

/** LIKE patterns take the search as plain text (escaped with a backslash, the same on both databases). */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Above this many rows holding the search (any bot, any time), the newest-first scan finds a page
 * sooner than reading and sorting them all: a common word matches densely.
 */
const MAX_CANDIDATES = 2_000;

/**
 * The search's candidates from the trigram index (019h, 020c, 020d): the sessions watermark after
 * which rows are read as they are (the rollup job indexes a row when it rolls it, search-index.ts,
 * so the index may lack or hold older text for the rows after it).
 */
export interface SearchCandidates {
  since: number;
  /** The index's entries holding the search (indexed()). */
  index: IndexLookup;
}

interface IndexLookup {
  /** The outcome row's column the entries are keyed by. */
  key: RawBuilder<unknown>;
  query: RawBuilder<unknown>;
}

/**
 * The index's entries holding the search, as a query of their keys (the outcome row's `key`), or
 * null under three characters (no trigram to look up). The one piece per database: SQLite's FTS5
 * phrase by rowid, PostgreSQL's trigram LIKE on the lowered texts by guest id.
 */
function indexed(db: Db, search: string): IndexLookup | null {
  const phrase = trigramPhrase(search);
  if (!phrase) return null;
  if (isPostgres(db)) {
    const query = sql`select guest_id from analytics_sessions_search
      where lowered like lower(${likePattern(search)}) escape '\\'`;
    return { key: sql.raw('guest_id'), query };
  }
  const query = sql`select rowid from analytics_sessions_search where analytics_sessions_search match ${phrase}`;
  return { key: sql.raw('rowid'), query };
}

/**
 * Whether the search reads the index: when the search can use it (3+ characters), the index has
 * been kept (the sessions rollup has run) and it matches few rows; null: scan.
 */
export async function searchCandidates(db: Db, filter: ConversationFilter): Promise<SearchCandidates | null> {
  const index = filter.search ? indexed(db, filter.search) : null;
  if (!index) return null;
  const { rows } = await sql<{ n: number; since: number | null }>`select
    (select count(*) from (${index.query} limit ${MAX_CANDIDATES + 1}) as found) as n,
    (select rolled_until from analytics_rollups where name = 'sessions') as since`.execute(db);
  const since = Number(rows[0]?.since ?? 0);
  return since > 0 && Number(rows[0]?.n) <= MAX_CANDIDATES ? { since, index } : null;
}

/** The rows of the filter after its cursor (`lastAt:guestId`), newest first, as a query to select from. */
export function pageQuery(
  db: Db,
  botId: number,
  filter: ConversationFilter,
  candidates: SearchCandidates | null = null,
) {
  const range = rangeOf(filter);
  const cursor = filter.cursor ? filter.cursor.indexOf(':') : -1;
  const cursorAt = filter.cursor ? Number(filter.cursor.slice(0, cursor)) : Infinity;
  let query = db
    .selectFrom('analytics_sessions')
    .where('bot_id', '=', botId)
    .where('last_at', '>=', range.from);
  // One upper bound on last_at only: SQLite seeks the index by one of them, and must by the cursor's.
  if (cursorAt >= range.to) query = query.where('last_at', '<', range.to);
  if (filter.channel) query = query.where('channel', '=', filter.channel);
  if (filter.language) query = query.where('language', '=', filter.language);
  if (filter.version !== undefined) query = query.where('version', '=', filter.version);
  if (filter.flow) query = query.where('flow_name', '=', filter.flow);
  if (filter.outcome) query = query.where('completed', '=', filter.outcome === 'completed' ? 1 : 0);
  if (filter.node) query = query.where('last_node', '=', filter.node).where('ended', '=', 0);
  if (filter.search) {
    const pattern = likePattern(filter.search);
    const like = (column: string) =>
      sql<boolean>`lower(${sql.ref(column)}) like lower(${pattern}) escape '\\'`;
    query = query.where(sql<boolean>`(${like('guest_id')} or ${like('answers')} or ${like('last_node')})`);
    // The trigram index (searchCandidates) picks the candidates when they are few, with the rows
    // after the watermark it may not hold yet; the LIKE above still decides.
    if (candidates) {
      const { key, query: entries } = candidates.index;
      query = query.where(
        sql<boolean>`${key} in (${entries}
          union all select ${key} from analytics_sessions
          where bot_id = ${botId} and last_at >= ${Math.max(candidates.since, range.from)})`,
      );
    }
  }
  if (filter.cursor) {
    const lastAt = cursorAt;
    const guestId = filter.cursor.slice(cursor + 1);
    // A row-value comparison, exact (an OR of the two conditions would read every row before
    // the page). SQLite seeks the index by it only with no other upper bound on last_at, so the
    // plain bound beside it (and no range bound) is what it seeks by (otherwise every page of an
    // export read the index from the top: quadratic); PostgreSQL seeks by either.
    query = query
      .where('last_at', '<=', lastAt)
      .where(sql<boolean>`(last_at, guest_id) < (${lastAt}, ${guestId})`);
  }
  return query.orderBy('last_at', 'desc').orderBy('guest_id', 'desc');
}

/** One page of rows after `cursor` (`lastAt:guestId`), newest first. */
export async function conversationPage(
  db: Db,
  botId: number,
  filter: ConversationFilter,
  limit: number,
): Promise<{ rows: AnalyticsSessionTable[]; next: string | null }> {
  const rows = (await pageQuery(db, botId, filter, await searchCandidates(db, filter))
    .selectAll()
    .limit(limit + 1)
    .execute()) as AnalyticsSessionTable[];
  const more = rows.length > limit;
  if (more) rows.pop();
  const last = rows[rows.length - 1];
  return { rows, next: more && last ? `${Number(last.last_at)}:${last.guest_id}` : null };
}
