// A conversation's CSV line as SQL (issue 19 §3), so the database writes the export's text and
// JavaScript only joins lines: no row objects, no per-field strings to collect. The same rules as
// csvText (RFC 4180 quoting; a formula's leading character defused for spreadsheets) in each
// database's spelling; times as UTC ISO 8601 with milliseconds, as Date.toISOString writes them.
import { sql, type RawBuilder } from 'kysely';

export const CSV_COLUMNS = [
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

/** What differs between the databases' SQL. */
interface Spelling {
  /** The position of `needle` in `text`, 0 when absent. */
  find(text: string, needle: string): string;
  char(code: number): string;
  /** Epoch ms as `YYYY-MM-DDTHH:MM:SS.mmmZ`. */
  iso(column: string): string;
}

const SQLITE: Spelling = {
  find: (text, needle) => `instr(${text}, ${needle})`,
  char: (code) => `char(${code})`,
  // Integer division: whole seconds, then the milliseconds padded to three digits.
  iso: (c) =>
    `strftime('%Y-%m-%dT%H:%M:%S', ${c} / 1000, 'unixepoch') || '.' || substr('00' || (${c} % 1000), -3) || 'Z'`,
};

const POSTGRES: Spelling = {
  find: (text, needle) => `strpos(${text}, ${needle})`,
  char: (code) => `chr(${code})`,
  iso: (c) =>
    `to_char(to_timestamp(${c} / 1000) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') || '.' || lpad(cast(${c} % 1000 as text), 3, '0') || 'Z'`,
};

/** csvText of a text column. */
function textSql(s: Spelling, column: string): string {
  const leading = `'=', '+', '-', '@', ${s.char(9)}, ${s.char(13)}`;
  const defused = `(case when substr(${column}, 1, 1) in (${leading}) then '''' || ${column} else ${column} end)`;
  const quoted = [`'"'`, `','`, s.char(13), s.char(10)].map((n) => `${s.find(defused, n)} > 0`).join(' or ');
  return `(case when ${column} is null then '' when ${quoted} then '"' || replace(${defused}, '"', '""') || '"' else ${defused} end)`;
}

const number = (column: string) => `cast(${column} as text)`;

function lineText(s: Spelling): string {
  const fields = [
    textSql(s, 'guest_id'),
    s.iso('started_at'),
    s.iso('last_at'),
    textSql(s, 'channel'),
    textSql(s, 'language'),
    number('version'),
    textSql(s, 'last_node'),
    // outcomeOf: completed or left.
    `(case when completed <> 0 then 'completed' else 'left' end)`,
    number('fallbacks'),
    number('messages_in'),
    number('messages_out'),
    number('ai_calls'),
    number('api_calls'),
    textSql(s, 'answers'),
  ];
  return fields.join(` || ',' || `);
}

const LINES = { sqlite: lineText(SQLITE), postgres: lineText(POSTGRES) };

/** The SQL text of a row's CSV line (no line end) over analytics_sessions' columns. */
export const csvLineText = (postgres: boolean) => (postgres ? LINES.postgres : LINES.sqlite);

export const csvLineSql = (postgres: boolean): RawBuilder<string> =>
  sql<string>`${sql.raw(csvLineText(postgres))}`;
