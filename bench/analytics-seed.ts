// The analytics bench's data: a month of one bot's traffic written straight into the analytics
// tables by the database itself (a generated series), so seeding a million events takes seconds
// on SQLite and PostgreSQL alike. Deterministic: the same rows every run.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../server/db/dialect.js';
import type { Database } from '../server/db/schema.js';

export const DAY = 86_400_000;

/** `insert into … select <exprs of i> from 0…count-1`, in each database's way of counting. */
async function insertSeries(
  db: Kysely<Database>,
  table: string,
  columns: string,
  exprs: string,
  count: number,
) {
  const text = isPostgres(db)
    ? `insert into ${table} (${columns}) select ${exprs} from generate_series(0::bigint, ${count - 1}) as s(i)`
    : `with recursive s(i) as (select 0 union all select i + 1 from s limit ${count})
       insert into ${table} (${columns}) select ${exprs} from s`;
  await sql.raw(text).execute(db);
}

const CHANNEL = (n: string) => `case ${n} % 3 when 0 then 'web' when 1 then 'telegram' else 'whatsapp' end`;
const LANGUAGE = (n: string) =>
  `case ${n} % 4 when 0 then 'en' when 1 then 'fr' when 2 then 'de' else 'ar' end`;

/** The SQL text of a JSON string value: `json` with each `@name` replaced by that SQL expression. */
function jsonTemplate(json: string, values: Record<string, string>): string {
  return `'${json.replace(/@(\w+)/g, (text, name: string) => (name in values ? `' || ${values[name]} || '` : text))}'`;
}

/** The five visits of a turn: n0…n4 (the first turn, from the start) or n5…n9. */
function visitsJson(turn: 0 | 1): string {
  // As core/analytics/turn-event.ts stores them: [node, from, first] in the turn's flow and language.
  const visits = Array.from({ length: 5 }, (_, j) => {
    const node = turn * 5 + j;
    return [`n${node}`, node ? `n${node - 1}` : null, 1];
  });
  return JSON.stringify(visits);
}

/**
 * A month of one bot's turns as the runtime writes them (analytics_turns, one JSON event per
 * turn): `visits` visit events, ten per conversation over two turns of five nodes (the first
 * four-fifths of the conversations on version 1, the rest on version 2), an AI or API call in each
 * first turn (AI in odd conversations, API in even ones), spread over the 30 days before `now`. The fold (analytics/fold.ts) makes the hours
 * and outcome rows of them, as it does for live turns.
 */
export async function seedMonth(db: Kysely<Database>, botId: number, visits: number, now: number) {
  const sessions = visits / 10;
  const start = now - 30 * DAY;
  const step = Math.floor((30 * DAY) / sessions);
  const session = '(i / 2)';
  const v2 = Math.floor(sessions * 0.8);
  const turn = (first: string, second: string) => `case when i % 2 = 0 then ${first} else ${second} end`;
  const version = `case when ${session} < ${v2} then 1 else 2 end`;
  // Odd conversations call the AI, even ones an API, once, in their first turn.
  const kind = `case when ${session} % 2 = 1 then 'ai' else 'api' end`;
  const ms = `(50 + (${session} * 37) % 900)`;
  const payload = jsonTemplate(
    // The stored event's array (core/analytics/turn-event.ts encodeTurnEvent).
    '["g@session",@bot,@version,"main","@last",@ended,@ended,@fallbacks,@in,@out,@ai,@aiMs,@api,@apiMs,' +
      '"@channel","@lang","{\\"name\\":\\"Guest @session\\",\\"email\\":\\"g@session@example.com\\"}",' +
      '@visits,@calls]',
    {
      session: `${session}`,
      bot: `${botId}`,
      version,
      visits: turn(`'${visitsJson(0)}'`, `'${visitsJson(1)}'`),
      calls: turn(`'[["' || ${kind} || '",' || ${ms} || ',"n4"]]'`, `'[]'`),
      last: turn(`'n4'`, `'n' || (${session} % 10)`),
      ended: turn('0', `case when ${session} % 10 = 9 then 1 else 0 end`),
      fallbacks: turn(`${session} % 3`, '0'),
      in: turn('3', '2'),
      out: turn('5', '4'),
      ai: turn(`${session} % 2`, '0'),
      aiMs: turn(`(${session} % 2) * ${ms}`, '0'),
      api: turn(`1 - ${session} % 2`, '0'),
      apiMs: turn(`(1 - ${session} % 2) * ${ms}`, '0'),
      channel: CHANNEL(session),
      lang: LANGUAGE(session),
    },
  );
  await insertSeries(
    db,
    'analytics_turns',
    'at, payload',
    `${start} + ${session} * ${step} + (i % 2) * 5000, ${payload}`,
    sessions * 2,
  );
}

/** `count` outcome rows of another bot, for the CSV export. */
export async function seedSessions(db: Kysely<Database>, botId: number, count: number, now: number) {
  const start = now - 30 * DAY;
  // Each row's last turn is 9 s after its start: the last one still before `now` (a row in the
  // future is outside the export's range, which ends now).
  const step = Math.max(1, Math.floor((30 * DAY - 10_000) / count));
  await insertSeries(
    db,
    'analytics_sessions',
    'guest_id, bot_id, flow_name, started_at, last_at, version, last_node, ended, completed, fallbacks, messages_in, messages_out, ai_calls, ai_ms, api_calls, api_ms, channel, language, answers',
    `'c' || i, ${botId}, 'main', ${start} + i * ${step}, ${start} + i * ${step} + 9000, 1, 'n' || (i % 10),
     case when i % 10 = 9 then 1 else 0 end, case when i % 10 = 9 then 1 else 0 end, i % 3, 5, 9, 0, 0, 1, 120,
     ${CHANNEL('i')}, ${LANGUAGE('i')}, '{"name":"Guest ' || i || '","pin":"********"}'`,
    count,
  );
}
