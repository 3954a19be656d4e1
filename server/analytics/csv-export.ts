// The CSV export of conversations (issue 19 §3), streamed: keyset pages of the conversations
// table's query (conversations.ts), each row's CSV line made by the database itself (csv-sql.ts)
// and read straight from the driver as arrays [line, last_at, guest_id], so a row costs one
// string and no row object, no per-field work in JavaScript; a page is joined into one chunk and
// pulled by the response as the client takes it (backpressure), so a million rows stream in flat
// memory.
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { messageText } from '../../src/core/analytics/index.js';
import { directPostgres, directSqlite } from '../db/connect.js';
import { isPostgres } from '../db/dialect.js';
import type { Database } from '../db/schema.js';
import { readConversation } from '../repos/conversation.js';
import {
  pageQuery,
  searchCandidates,
  type ConversationFilter,
  type SearchCandidates,
} from './conversations.js';
import { CSV_COLUMNS, csvLineSql, csvText } from './csv-sql.js';

type Db = Kysely<Database>;

export { csvText };

/** Rows per read: large enough that a read's fixed cost is small per row, small enough to stay flat. */
const EXPORT_PAGE = 10_000;

/** A page of rows as [line, last_at, guest_id], from the driver itself when it is free. */
async function pageRows(
  db: Db,
  botId: number,
  filter: ConversationFilter,
  candidates: Promise<SearchCandidates | null>,
): Promise<unknown[][]> {
  const query = pageQuery(db, botId, filter, await candidates)
    .select([csvLineSql(isPostgres(db)).as('line'), 'last_at', 'guest_id'])
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
  return rows.map((row) => [row.line, row.last_at, row.guest_id]);
}

/** A conversation as one text: `guest: …` / `bot: …` lines (passwords were stored masked). */
async function transcriptText(db: Db, guestId: string): Promise<string> {
  const messages = await readConversation(db, guestId);
  return messages.map((m) => `${m.from}: ${messageText(m.content)}`).join('\n');
}

/** The keyset cursor after a page's last row. */
const cursorAfter = (rows: unknown[][]) => {
  const [, lastAt, guestId] = rows[rows.length - 1];
  return `${Number(lastAt)}:${String(guestId)}`;
};

/**
 * The export as a stream of CSV text, a page per chunk, read as the client takes it. The next
 * page is asked for before this one is handed on, so on PostgreSQL the server reads it while this
 * one is written out (two pages at most in memory).
 */
export function conversationsCsv(db: Db, botId: number, filter: ConversationFilter, withTranscript: boolean) {
  // Whether the search reads its index, decided once for the whole export.
  const candidates = searchCandidates(db, filter);
  candidates.catch(() => undefined);
  const page = (cursor: string | undefined) => {
    const rows = pageRows(db, botId, { ...filter, cursor }, candidates);
    // Awaited below; a stream closed early must not leave its read unhandled.
    rows.catch(() => undefined);
    return rows;
  };
  async function* chunks() {
    yield `${[...CSV_COLUMNS, ...(withTranscript ? ['transcript'] : [])].join(',')}\r\n`;
    let next = page(filter.cursor);
    for (;;) {
      const rows = await next;
      const more = rows.length === EXPORT_PAGE;
      if (more) next = page(cursorAfter(rows));
      const lines: string[] = new Array<string>(rows.length);
      for (let i = 0; i < rows.length; i++) {
        const [line, , guestId] = rows[i];
        lines[i] = withTranscript
          ? `${String(line)},${csvText(await transcriptText(db, String(guestId)))}\r\n`
          : `${String(line)}\r\n`;
      }
      if (lines.length) yield lines.join('');
      if (!more) return;
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
