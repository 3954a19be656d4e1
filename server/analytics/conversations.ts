// The conversations table and its CSV export (issue 3 §3): the outcome rows of a bot's sessions,
// newest activity first, paged by keyset (last_at, guest_id) so page 10,000 costs what page 1
// does. The export walks the same pages and streams them: memory stays flat however many rows.
import { Readable } from 'node:stream';
import { sql, type Kysely } from 'kysely';
import { messageText } from '../../src/core/analytics/index.js';
import { outcomeOf, type ConversationRow, type ConversationsQuery } from '../../src/core/api/analytics.js';
import type { AnalyticsSessionTable, Database } from '../db/schema.js';
import { readConversation } from '../repos/conversation.js';
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

/** One page of rows after `cursor` (`lastAt:guestId`), newest first. */
export async function conversationPage(
  db: Db,
  botId: number,
  filter: ConversationFilter,
  limit: number,
): Promise<{ rows: AnalyticsSessionTable[]; next: string | null }> {
  const range = rangeOf(filter);
  let query = db
    .selectFrom('analytics_sessions')
    .selectAll()
    .where('bot_id', '=', botId)
    .where('last_at', '>=', range.from)
    .where('last_at', '<', range.to);
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
  }
  if (filter.cursor) {
    const split = filter.cursor.indexOf(':');
    const lastAt = Number(filter.cursor.slice(0, split));
    const guestId = filter.cursor.slice(split + 1);
    // A row-value comparison: both databases seek the index to it (an OR of the two conditions
    // would read every row before the page, making a full export quadratic).
    query = query.where(sql<boolean>`(last_at, guest_id) < (${lastAt}, ${guestId})`);
  }
  const rows = await query
    .orderBy('last_at', 'desc')
    .orderBy('guest_id', 'desc')
    .limit(limit + 1)
    .execute();
  const more = rows.length > limit;
  if (more) rows.pop();
  const last = rows[rows.length - 1];
  return { rows, next: more && last ? `${Number(last.last_at)}:${last.guest_id}` : null };
}

const CSV_COLUMNS = [
  'guest_id',
  'started_at_utc',
  'last_at_utc',
  'channel',
  'language',
  'flow_version',
  'last_node',
  'outcome',
  'fallbacks',
  'messages_in',
  'messages_out',
  'ai_calls',
  'api_calls',
  'answers',
];

/** A CSV field (RFC 4180), with a formula's leading character defused for spreadsheets. */
export function csvField(value: unknown): string {
  if (typeof value === 'number') return String(value);
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvLine(row: AnalyticsSessionTable, transcript?: string): string {
  const fields = [
    row.guest_id,
    new Date(Number(row.started_at)).toISOString(),
    new Date(Number(row.last_at)).toISOString(),
    row.channel,
    row.language,
    Number(row.version),
    row.last_node,
    outcomeOf(row),
    Number(row.fallbacks),
    Number(row.messages_in),
    Number(row.messages_out),
    Number(row.ai_calls),
    Number(row.api_calls),
    row.answers,
  ];
  if (transcript !== undefined) fields.push(transcript);
  return `${fields.map(csvField).join(',')}\r\n`;
}

/** A conversation as one text: `guest: …` / `bot: …` lines (passwords were stored masked). */
async function transcriptText(db: Db, guestId: string): Promise<string> {
  const messages = await readConversation(db, guestId);
  return messages.map((m) => `${m.from}: ${messageText(m.content)}`).join('\n');
}

/** Rows per read of the export: large enough that a read's fixed cost is small per row. */
const EXPORT_PAGE = 5000;

/** The export as a stream of CSV lines, read page by page as the client takes them. */
export function conversationsCsv(db: Db, botId: number, filter: ConversationFilter, withTranscript: boolean) {
  async function* lines() {
    yield `${[...CSV_COLUMNS, ...(withTranscript ? ['transcript'] : [])].join(',')}\r\n`;
    let cursor = filter.cursor;
    for (;;) {
      const page = await conversationPage(db, botId, { ...filter, cursor }, EXPORT_PAGE);
      let chunk = '';
      for (const row of page.rows) {
        chunk += csvLine(row, withTranscript ? await transcriptText(db, row.guest_id) : undefined);
      }
      if (chunk) yield chunk;
      if (!page.next) return;
      cursor = page.next;
    }
  }
  return Readable.from(lines());
}
