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

/**
 * `visits` visit events (ten per session, along a ten-node path, the first ones on version 1 and
 * the last fifth on version 2), one outcome row per session and an AI or API call per session,
 * spread over the 30 days before `now`.
 */
export async function seedMonth(db: Kysely<Database>, botId: number, visits: number, now: number) {
  const sessions = visits / 10;
  const start = now - 30 * DAY;
  const step = Math.floor((30 * DAY) / sessions);
  const session = 'i / 10';
  const v2 = Math.floor(sessions * 0.8);
  await insertSeries(
    db,
    'analytics_visits',
    'bot_id, flow_name, flow_version, node_id, from_node, guest_id, channel, language, first, at',
    `${botId}, 'main', case when ${session} < ${v2} then 1 else 2 end, 'n' || (i % 10),
     case when i % 10 = 0 then null else 'n' || (i % 10 - 1) end, 'g' || (${session}),
     ${CHANNEL(session)}, ${LANGUAGE(session)}, 1, ${start} + (${session}) * ${step} + (i % 10) * 1000`,
    visits,
  );
  await insertSeries(
    db,
    'analytics_sessions',
    'guest_id, bot_id, flow_name, started_at, last_at, version, last_node, ended, completed, fallbacks, messages_in, messages_out, ai_calls, ai_ms, api_calls, api_ms, channel, language, answers',
    `'g' || i, ${botId}, 'main', ${start} + i * ${step}, ${start} + i * ${step} + 9000,
     case when i < ${v2} then 1 else 2 end, 'n' || (i % 10), case when i % 10 = 9 then 1 else 0 end,
     case when i % 10 = 9 then 1 else 0 end, i % 3, 5, 9, i % 2, (i % 2) * 700, 1, 120,
     ${CHANNEL('i')}, ${LANGUAGE('i')}, '{"name":"Guest ' || i || '","email":"g' || i || '@example.com"}'`,
    sessions,
  );
  await insertSeries(
    db,
    'analytics_calls',
    'bot_id, kind, ms, node_id, channel, language, at',
    `${botId}, case when i % 2 = 0 then 'ai' else 'api' end, 50 + (i * 37) % 900, 'n4',
     ${CHANNEL('i')}, ${LANGUAGE('i')}, ${start} + i * ${step} + 4000`,
    sessions,
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
