// The CSV export of conversations (issue 19 §3), streamed: keyset pages of the conversations
// table's query (conversations.ts), read as arrays straight from the driver (no row objects, no
// query building per page), each page written as one string by a hand-written escaper, pulled by
// the response as the client takes it (backpressure), so a million rows stream in flat memory.
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { messageText } from '../../src/core/analytics/index.js';
import { outcomeOf } from '../../src/core/api/analytics.js';
import { directPostgres, directSqlite } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import { readConversation } from '../repos/conversation.js';
import { pageQuery, type ConversationFilter } from './conversations.js';

type Db = Kysely<Database>;

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

/** The columns read, in the order of the CSV's (the outcome comes from `completed`). */
const READ = [
  'guest_id',
  'started_at',
  'last_at',
  'channel',
  'language',
  'version',
  'last_node',
  'completed',
  'fallbacks',
  'messages_in',
  'messages_out',
  'ai_calls',
  'api_calls',
  'answers',
] as const;
const LAST_AT = READ.indexOf('last_at');
const GUEST_ID = READ.indexOf('guest_id');

/** Rows per read: large enough that a read's fixed cost is small per row, small enough to stay flat. */
const EXPORT_PAGE = 10_000;

const QUOTE = /[",\r\n]/;
const QUOTES = /"/g;

/** A text field (RFC 4180), with a formula's leading character defused for spreadsheets. */
export function csvText(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : String(value);
  if (!text) return text;
  const first = text.charCodeAt(0);
  // = + - @ tab carriage return
  if (first === 61 || first === 43 || first === 45 || first === 64 || first === 9 || first === 13)
    text = `'${text}`;
  return QUOTE.test(text) ? `"${text.replace(QUOTES, '""')}"` : text;
}

const iso = (at: unknown) => new Date(Number(at)).toISOString();

/** One row's line; numbers are written as the database gave them (digits either way). */
function csvLine(r: unknown[], transcript?: string): string {
  const line =
    `${csvText(r[0])},${iso(r[1])},${iso(r[2])},${csvText(r[3])},${csvText(r[4])},${Number(r[5])},` +
    `${csvText(r[6])},${outcomeOf({ completed: Number(r[7]) })},${Number(r[8])},${Number(r[9])},` +
    `${Number(r[10])},${Number(r[11])},${Number(r[12])},${csvText(r[13])}`;
  return transcript === undefined ? `${line}\r\n` : `${line},${csvText(transcript)}\r\n`;
}

/** A page of rows as arrays, in READ's order, from the driver itself when it is free. */
async function pageRows(db: Db, botId: number, filter: ConversationFilter): Promise<unknown[][]> {
  const query = pageQuery(db, botId, filter)
    .select([...READ])
    .limit(EXPORT_PAGE)
    .compile();
  const sqlite = directSqlite(db);
  if (sqlite) {
    // Kept statements are shared: raw mode is switched back before anything else can run.
    const statement = sqlite.prepare(query.sql);
    statement.raw(true);
    try {
      return statement.all(query.parameters as unknown[]) as unknown[][];
    } finally {
      statement.raw(false);
    }
  }
  const pool = directPostgres(db);
  if (pool)
    return (await pool.query({ text: query.sql, values: query.parameters as unknown[], rowMode: 'array' }))
      .rows;
  const { rows } = await db.executeQuery<Record<string, unknown>>(query);
  return rows.map((row) => READ.map((column) => row[column]));
}

/** A conversation as one text: `guest: …` / `bot: …` lines (passwords were stored masked). */
async function transcriptText(db: Db, guestId: string): Promise<string> {
  const messages = await readConversation(db, guestId);
  return messages.map((m) => `${m.from}: ${messageText(m.content)}`).join('\n');
}

/** The export as a stream of CSV text, a page per chunk, read as the client takes it. */
export function conversationsCsv(db: Db, botId: number, filter: ConversationFilter, withTranscript: boolean) {
  async function* chunks() {
    yield `${[...CSV_COLUMNS, ...(withTranscript ? ['transcript'] : [])].join(',')}\r\n`;
    let cursor = filter.cursor;
    for (;;) {
      const rows = await pageRows(db, botId, { ...filter, cursor });
      let chunk = '';
      for (const row of rows)
        chunk += csvLine(row, withTranscript ? await transcriptText(db, String(row[GUEST_ID])) : undefined);
      if (chunk) yield chunk;
      if (rows.length < EXPORT_PAGE) return;
      const last = rows[rows.length - 1];
      cursor = `${Number(last[LAST_AT])}:${String(last[GUEST_ID])}`;
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
