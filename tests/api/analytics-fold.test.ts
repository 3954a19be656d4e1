// The fold across server instances (issue 19 §1, "exactly once"): turns stored by two instances
// sharing one database, folded by both at once and again, are each counted once — the hours hold
// every visit of the raw events, the outcome rows every message — and a guest's answers are read
// from its stored session, only as the folded turn left it. The fold decides first visits from the
// guests' outcome rows (and migration 022 fills those from the sessions of before). A row that is
// not an event is skipped, counted and reported, and the events after it are folded. On
// PostgreSQL an insert still running holds the events after it back: the fold each second stops
// before it, a read's fold waits for it.
import { sql } from 'kysely';
import fs from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOLD_BATCH } from '../../server/analytics/fold-sql.js';
import { foldBatchPostgres } from '../../server/analytics/fold-postgres.js';
import { PostgresFoldThread } from '../../server/analytics/fold-thread.js';
import { AnalyticsFold, foldEvents } from '../../server/analytics/fold.js';
import { directSqlite } from '../../server/db/connect.js';
import { fillReached } from '../../server/db/migrations/022_analytics_reached.js';
import { BACKGROUND_NICE } from '../../server/db/thread-priority.js';
import { SAVE_TURNS_SQL } from '../../server/repos/guests.js';
import { decodeStoredRow } from '../../src/core/analytics/index.js';
import { createBot, customer, type Customer } from '../fixtures/bot-api.js';
import { guest, link, listen, node, publish, text } from './chat-support.js';
import { createTestDatabase, createTestInstance, type TestApp, type TestDatabase } from './helpers.js';

let database: TestDatabase;
let first: TestApp;
let second: TestApp;
let firstBase = '';
let secondBase = '';
let owner: Customer;
let botId = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  first = await createTestInstance(database);
  second = await createTestInstance(database);
  firstBase = await listen(first);
  secondBase = await listen(second);
  owner = await customer(first);
  botId = (await createBot(first, owner, { supported_languages: [2] })).id as number;
  const ask = link(
    node('basic', 'ask', {
      entries: [
        text('Your name?'),
        { type: 'variable', name: 'name', default: '', variableType: 'text', wait: true },
      ],
    }),
    'thanks',
  );
  const thanks = link(node('basic', 'thanks', { entries: [text('Thanks!')] }), 'ask');
  await publish({ t: first, base: firstBase, owner, botId }, [ask, thanks]);
});

afterAll(async () => {
  await first.close();
  await second.close();
  await database.remove();
});

/** PostgreSQL: a pool of connections to the test's schema. */
const schemaPool = () =>
  new pg.Pool({
    connectionString: database.databaseUrl,
    options: `-c search_path=${database.databaseSchema}`,
  });

/** The messages a guest's outcome row counts. */
async function messagesIn(guestId: string): Promise<number> {
  const outcome = await first.app.db
    .selectFrom('analytics_sessions')
    .select('messages_in')
    .where('guest_id', '=', guestId)
    .executeTakeFirstOrThrow();
  return Number(outcome.messages_in);
}

describe('the fold', () => {
  it('counts each turn once when two servers fold the same events at once', async () => {
    // The servers' own folds stay out of it: the ones below race each other instead.
    await Promise.all([first.app.analyticsFold.stop(), second.app.analyticsFold.stop()]);
    const guests = [guest({ base: firstBase, botId }), guest({ base: secondBase, botId })];
    for (let round = 0; round < 4; round++)
      await Promise.all(
        guests.map((g, i) => g.say(round === 0 ? 'Hello' : `Name ${i}-${Math.min(round, 2)}`)),
      );

    const folds = await Promise.all([
      foldEvents(first.app.db),
      foldEvents(second.app.db),
      foldEvents(first.app.db),
    ]);
    expect(folds.reduce((n, f) => n + f.folded, 0)).toBe(8);
    expect(await foldEvents(second.app.db)).toEqual({ folded: 0, unreadable: 0 });

    const events = (
      await first.app.db.selectFrom('analytics_turns').select(['at', 'payload']).execute()
    ).flatMap((row) => decodeStoredRow(Number(row.at), row.payload));
    const visits = events.reduce((n, e) => n + e.analytics.visits.length, 0);
    const counted = await sql<{ visits: number }>`select sum(visits) as visits from analytics_node_hours
      where bot_id = ${botId}`.execute(first.app.db);
    expect(Number(counted.rows[0].visits)).toBe(visits);
    // Each guest is counted once at each node it reached, whichever fold saw its turns.
    const guestsAt = await sql<{ node_id: string; guests: number }>`select node_id, sum(guests) as guests
      from analytics_node_hours where bot_id = ${botId} group by node_id order by node_id`.execute(
      first.app.db,
    );
    expect(guestsAt.rows.map((r) => [r.node_id, Number(r.guests)])).toEqual([
      ['ask', 2],
      ['thanks', 2],
    ]);
    const outcomes = await first.app.db
      .selectFrom('analytics_sessions')
      .select(['messages_in', 'answers'])
      .where('bot_id', '=', botId)
      .execute();
    expect(outcomes.map((o) => Number(o.messages_in))).toEqual([4, 4]);
    // A flow without passwords: each turn records the guest row's version, not the answers…
    expect(events.map((e) => e.analytics.outcome.answers).sort()).toEqual([1, 1, 2, 2, 3, 3, 4, 4]);
    // …and the fold reads them from the stored session.
    expect(outcomes.map((o) => JSON.parse(o.answers).name).sort()).toEqual(['Name 0-2', 'Name 1-2']);
  });

  it('takes the answers from the stored session only while the folded turn is its last', async () => {
    const answers = async (id: string) =>
      (
        await first.app.db
          .selectFrom('analytics_sessions')
          .select('answers')
          .where('guest_id', '=', id)
          .executeTakeFirstOrThrow()
      ).answers;
    const session = (id: string) =>
      first.app.db.selectFrom('guest_sessions').select(['state', 'version']).where('id', '=', id);
    // A write that is not a turn (a language saved) moves the row's version: the answers are still
    // the last turn's.
    const ann = guest({ base: firstBase, botId });
    await ann.say('Hello');
    await ann.say('Ann');
    await first.app.db
      .updateTable('guest_sessions')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', ann.id)
      .execute();
    await foldEvents(first.app.db);
    expect(JSON.parse(await answers(ann.id))).toEqual({ name: 'Ann' });

    // As if a later turn had been stored and its event not folded yet: its state is not read.
    const bo = guest({ base: firstBase, botId });
    await bo.say('Hello');
    await bo.say('Bo');
    const stored = await session(bo.id).executeTakeFirstOrThrow();
    const later = { ...JSON.parse(stored.state), answersAt: Number(stored.version) + 1 };
    await first.app.db
      .updateTable('guest_sessions')
      .set({ state: JSON.stringify(later), version: Number(stored.version) + 1 })
      .where('id', '=', bo.id)
      .execute();
    await foldEvents(first.app.db);
    expect(await answers(bo.id)).toBe('');
    // That turn's own event brings them.
    await bo.say('Cy');
    await foldEvents(first.app.db);
    expect(JSON.parse(await answers(bo.id))).toEqual({ name: 'Cy' });
  });

  it('keeps an answer whole whatever its characters', async () => {
    // PostgreSQL's fold sends the outcome rows as one array literal a column (fold-postgres.ts):
    // its quotes, backslashes, braces, commas and the word NULL must come back as typed.
    // (A form's line breaks are CR LF.)
    const typed = 'Zoë "Z\\" {a,b} NULL, \u2014 🦄\r\nsecond line\ttab';
    const zoe = guest({ base: firstBase, botId });
    await zoe.say('Hello');
    await zoe.say(typed);
    await foldEvents(first.app.db);
    const outcome = await first.app.db
      .selectFrom('analytics_sessions')
      .select(['answers', 'last_node', 'channel'])
      .where('guest_id', '=', zoe.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(outcome.answers)).toEqual({ name: typed });
    expect(outcome).toMatchObject({ last_node: 'ask', channel: 'web' });
  });

  it('counts a guest again at no node its session had reached before the fold kept the list', async () => {
    const guestsAt = async () =>
      (
        await sql<{ node_id: string; guests: number }>`select node_id, sum(guests) as guests
        from analytics_node_hours where bot_id = ${botId} group by node_id order by node_id`.execute(
          first.app.db,
        )
      ).rows.map((r) => [r.node_id, Number(r.guests)]);
    const outcome = (id: string) =>
      first.app.db
        .selectFrom('analytics_sessions')
        .select(['reached', 'version'])
        .where('guest_id', '=', id)
        .executeTakeFirstOrThrow();
    const [dee, eve] = [guest({ base: firstBase, botId }), guest({ base: firstBase, botId })];
    for (const g of [dee, eve]) {
      await g.say('Hello');
      await g.say('Dee'); // thanks, then back to ask
    }
    await foldEvents(first.app.db);
    const { version } = await outcome(dee.id);
    expect(JSON.parse((await outcome(dee.id)).reached!)).toEqual(['main:ask', 'main:thanks']);
    // The session keeps no list of its own.
    const state = await first.app.db
      .selectFrom('guest_sessions')
      .select('state')
      .where('id', '=', dee.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(state.state)).not.toHaveProperty('reached');

    // As the rows were before migration 022: no list on the outcome rows, one in each session (Eve's
    // of an older flow version).
    await first.app.db
      .updateTable('analytics_sessions')
      .set({ reached: null })
      .where('bot_id', '=', botId)
      .execute();
    for (const [g, of] of [
      [dee, Number(version)],
      [eve, Number(version) - 1],
    ] as const) {
      const stored = await first.app.db
        .selectFrom('guest_sessions')
        .select('state')
        .where('id', '=', g.id)
        .executeTakeFirstOrThrow();
      const before = {
        ...JSON.parse(stored.state),
        reached: { version: of, nodes: ['main:ask', 'main:thanks'] },
      };
      await first.app.db
        .updateTable('guest_sessions')
        .set({ state: JSON.stringify(before) })
        .where('id', '=', g.id)
        .execute();
    }
    await fillReached(first.app.db);
    expect(JSON.parse((await outcome(dee.id)).reached!)).toEqual(['main:ask', 'main:thanks']);
    expect((await outcome(eve.id)).reached).toBeNull();

    const counted = await guestsAt();
    await dee.say('Again');
    await foldEvents(first.app.db);
    expect(await guestsAt()).toEqual(counted);
    // Eve's row had no list of this version: the fold counts her again at the nodes (this is
    // what Dee's list, filled by the migration, kept from happening).
    await eve.say('Again');
    await foldEvents(first.app.db);
    expect(await guestsAt()).toEqual(counted.map(([node, n]) => [node, Number(n) + 1]));
  });

  it('counts each event once when two servers fold several batches at once', async () => {
    const chatting = guest({ base: firstBase, botId });
    await chatting.say('Hello');
    await foldEvents(first.app.db);
    const { payload } = await first.app.db
      .selectFrom('analytics_turns')
      .select('payload')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const events = Array.from({ length: 2 * FOLD_BATCH }, () => ({ at: Date.now(), payload }));
    await first.app.db.insertInto('analytics_turns').values(events).execute();

    const folds = await Promise.all([foldEvents(first.app.db), foldEvents(second.app.db)]);
    expect(folds[0].folded + folds[1].folded).toBe(2 * FOLD_BATCH);
    expect(await messagesIn(chatting.id)).toBe(1 + 2 * FOLD_BATCH);
  });

  it.skipIf(Boolean(process.env.API_DATABASE_URL) || process.platform !== 'linux')(
    'adds the batches up on a thread of its own at the lowest CPU priority, and on the main thread once it has stopped (SQLite)',
    async () => {
      // Field 19 of /proc/<pid>/task/<tid>/stat, counted after the name's closing parenthesis.
      const niceOf = (tid: string) =>
        Number(
          fs
            .readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')
            .replace(/^.*\) /s, '')
            .split(' ')[16],
        );
      const inBackground = () =>
        fs.readdirSync('/proc/self/task').filter((tid) => niceOf(tid) === BACKGROUND_NICE).length;
      const third = await createTestInstance(database);
      try {
        await third.app.analyticsFold.stop();
        const before = inBackground();
        const chatting = guest({ base: firstBase, botId });
        await chatting.say('Hello');
        await foldEvents(third.app.db);
        expect(inBackground()).toBe(before + 1);

        await directSqlite(third.app.db)!.foldThread.stop();
        expect(inBackground()).toBe(before);
        await chatting.say('Again');
        expect(await foldEvents(third.app.db)).toEqual({ folded: 1, unreadable: 0 });
        expect(await messagesIn(chatting.id)).toBe(2);
      } finally {
        await third.close();
      }
    },
  );

  it('skips a row that is not an event, says so, and folds the events after it', async () => {
    await first.app.db
      .insertInto('analytics_turns')
      .values({ at: Date.now(), payload: '{"visits":[]}' })
      .execute();
    const late = guest({ base: firstBase, botId });
    await late.say('Hello');
    const reported: number[] = [];
    const fold = new AnalyticsFold(first.app.db, (unreadable) => reported.push(unreadable));

    expect(await fold.run()).toEqual({ folded: 2, unreadable: 1 });
    expect(reported).toEqual([1]);
    expect(await messagesIn(late.id)).toBe(1);
  });

  it('reads a row with a line break in it as one unreadable row, not as the event after the break', async () => {
    // PostgreSQL reads a batch as one text, a line per row: a stored event never has a line break.
    const stored = await first.app.db
      .selectFrom('analytics_turns')
      .select('payload')
      .where('payload', 'like', '[%')
      .executeTakeFirstOrThrow();
    const { count: before } = await first.app.db
      .selectFrom('analytics_sessions')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    // After the break, the line of an event with the next id: read as a line, it would be folded.
    const { id } = await first.app.db
      .insertInto('analytics_turns')
      .values({ at: Date.now(), payload: '' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await first.app.db
      .updateTable('analytics_turns')
      .set({ payload: `x\n${Number(id) + 1},${Date.now()},${stored.payload}` })
      .where('id', '=', id)
      .execute();

    expect(await foldEvents(first.app.db)).toEqual({ folded: 1, unreadable: 1 });
    const { count: after } = await first.app.db
      .selectFrom('analytics_sessions')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(after)).toBe(Number(before));
  });

  it.skipIf(!process.env.API_DATABASE_URL)(
    'waits for an insert still running only when a read asks (PostgreSQL)',
    async () => {
      const held = new pg.Client({
        connectionString: database.databaseUrl,
        options: `-c search_path=${database.databaseSchema}`,
      });
      await held.connect();
      try {
        // A turn, an event insert that takes the next id and has not committed yet, a turn after it.
        const chatting = guest({ base: firstBase, botId });
        await chatting.say('Hello');
        await held.query('begin');
        await held.query('insert into analytics_turns (at, payload) values ($1, $2)', [Date.now(), 'held']);
        await chatting.say('Ivy');

        // The fold each second: the first turn; the second waits behind the missing id, nothing waits.
        expect(await foldEvents(first.app.db, false)).toEqual({ folded: 1, unreadable: 0 });
        // A read's fold: waits for the insert in flight, then folds both.
        const exact = foldEvents(first.app.db);
        await new Promise((resolve) => setTimeout(resolve, 200));
        await held.query('commit');
        expect(await exact).toEqual({ folded: 2, unreadable: 1 });
      } finally {
        await held.end();
      }
    },
  );

  it.skipIf(!process.env.API_DATABASE_URL)(
    'stores the events of the turns one statement saves as one row, each folded at its own time (PostgreSQL)',
    async () => {
      const pool = schemaPool();
      try {
        const { payload } = await first.app.db
          .selectFrom('analytics_turns')
          .select('payload')
          .where('payload', 'like', '["%')
          .executeTakeFirstOrThrow();
        const eventOf = (guestId: string) => [guestId, ...(JSON.parse(payload) as unknown[]).slice(1)];
        const at = Date.UTC(2026, 0, 5, 9, 59, 59, 900);
        const turn = (guestId: string, now: number, expected: number | null) => ({
          id: guestId,
          bot_id: botId,
          channel: null,
          chat_id: null,
          state: { flow: 'main' },
          expected,
          now,
          seq: 1,
          messages: null,
          event: eventOf(guestId),
        });
        const ids = ['batch-a', 'batch-b', 'batch-lost'].map((name) => `${name}-${Date.now()}`);
        // The third lost its version race (no such row at version 4): its event is not stored.
        const batch = [turn(ids[0], at, null), turn(ids[1], at + 200, null), turn(ids[2], at, 4)];
        await pool.query(SAVE_TURNS_SQL, [JSON.stringify(batch)]);

        const { rows } = await pool.query<{ at: string; payload: string }>(
          'select at, payload from analytics_turns order by id desc limit 1',
        );
        const stored = decodeStoredRow(Number(rows[0].at), rows[0].payload);
        expect(stored.map((e) => [e.guest, e.at])).toEqual([
          [ids[0], at],
          [ids[1], at + 200],
        ]);
        // Such rows are a few KB: compressed with lz4 (migration 023), ~4× cheaper than pglz.
        const { rows: compression } = await pool.query<{ method: string }>(
          `select attcompression as method from pg_attribute
           where attrelid = 'analytics_turns'::regclass and attname = 'payload'`,
        );
        expect(compression[0].method).toBe('l');
        await foldEvents(first.app.db);
        const turnMessages = (JSON.parse(payload) as number[])[8];
        expect([await messagesIn(ids[0]), await messagesIn(ids[1])]).toEqual([turnMessages, turnMessages]);
        // Each at its own time (the second in the next hour), not at the row's.
        const hours = await sql<{ hour: string }>`select distinct started_at as hour from analytics_sessions
          where guest_id in (${ids[0]}, ${ids[1]}) order by hour`.execute(first.app.db);
        expect(hours.rows.map((r) => Number(r.hour))).toEqual([at, at + 200]);
      } finally {
        await pool.end();
      }
    },
  );

  it.skipIf(!process.env.API_DATABASE_URL)(
    'merges into a guest’s outcome row that appeared after the batch read it (PostgreSQL)',
    async () => {
      // The fold inserts the rows of guests that had none when it read them, without a conflict
      // check (fold-postgres.ts): a row that appears in between fails that insert, and the batch
      // is written again, merged.
      const pool = schemaPool();
      const newcomer = guest({ base: firstBase, botId });
      await newcomer.say('Hello');
      let written = 0;
      const appearing = {
        async query(config: pg.QueryConfig) {
          if (config.name === 'analytics_fold' && written++ === 0)
            await pool.query(
              `insert into analytics_sessions (guest_id, bot_id, flow_name, started_at, last_at, version,
                 last_node, ended, completed, fallbacks, messages_in, messages_out, ai_calls, ai_ms,
                 api_calls, api_ms, channel, language, answers, reached)
               values ($1, $2, 'main', 1, 1, 1, null, 0, 0, 0, 5, 0, 0, 0, 0, 0, 'web', 'en', '{}', null)`,
              [newcomer.id, botId],
            );
          return pool.query(config);
        },
      } as unknown as pg.Pool;
      try {
        expect(await foldBatchPostgres(appearing, Number.MAX_SAFE_INTEGER)).toEqual({
          folded: 1,
          unreadable: 0,
          behind: false,
          full: false,
        });
        // The row's 5 and the turn's 1; the write was tried twice.
        expect(await messagesIn(newcomer.id)).toBe(6);
        expect(written).toBe(2);
      } finally {
        await pool.end();
      }
    },
  );

  it.skipIf(!process.env.API_DATABASE_URL)(
    'folds on a thread of its own, and on the main thread once that thread has ended (PostgreSQL)',
    async () => {
      const connection = {
        connectionString: database.databaseUrl,
        options: `-c search_path=${database.databaseSchema}`,
      };
      const name = `fold thread test ${database.databaseSchema}`;
      const pool = new pg.Pool(connection);
      const thread = new PostgresFoldThread({ ...connection, name }, pool);
      const threadConnections = async () =>
        (
          await pool.query<{ n: number }>(
            'select count(*)::int as n from pg_stat_activity where application_name = $1',
            [name],
          )
        ).rows[0].n;
      const all = Number.MAX_SAFE_INTEGER;
      try {
        const chatting = guest({ base: firstBase, botId });
        await chatting.say('Hello');
        expect(await thread.fold(all)).toEqual({ folded: 1, unreadable: 0, behind: false, full: false });
        expect(await threadConnections()).toBe(1);

        await thread.stop();
        // Its backend ends a moment after the connection closes.
        await expect.poll(threadConnections).toBe(0);
        await chatting.say('Ivy');
        expect(await thread.fold(all)).toEqual({ folded: 1, unreadable: 0, behind: false, full: false });
        expect(await threadConnections()).toBe(0);
      } finally {
        await thread.stop();
        await pool.end();
      }
    },
  );

  it.skipIf(!process.env.API_DATABASE_URL)(
    'answers a batch the thread could not fold with the database’s error (PostgreSQL)',
    async () => {
      const pool = new pg.Pool({ connectionString: database.databaseUrl });
      const thread = new PostgresFoldThread(
        // A schema that does not exist: the batch's first statement fails.
        { connectionString: database.databaseUrl, options: '-c search_path=no_such_schema', name: 'x' },
        pool,
      );
      try {
        await expect(thread.fold(0)).rejects.toThrow(/analytics_rollups/);
        // The thread goes on: the next batch is asked of it again, and fails the same way.
        await expect(thread.fold(0)).rejects.toThrow(/analytics_rollups/);
      } finally {
        await thread.stop();
        await pool.end();
      }
    },
  );
});
