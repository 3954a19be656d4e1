// What concurrent turns read, together. Each turn starts with one read (the bot, its flow's
// stamp, the guest's session: see chat-bot.ts), and under load dozens of turns start in the same
// tick. So the reads asked for in one tick go out as one batch, the way TurnWriter groups their
// writes: on PostgreSQL one query (the turns' keys as arrays, one row back per key: a round trip
// costs the driver more than the rows it brings), on SQLite one message to the SQLite thread
// (server/db/sqlite-thread.ts: the main thread's reads were a tenth of a turn, and the thread,
// being the only writer, keeps its page cache). Any number of batches may be in flight at once. A
// turn of a guest still reads after that guest's previous turn was stored (GuestQueue), so
// nothing reads a stale session it would not have read alone. The guest is joined by its id
// alone: see CHAT_TURN_SQL in chat-bot.ts for why.
import type pg from 'pg';

/** The row a turn reads: see ChatTurnRow in chat-bot.ts. */
export type TurnRow = object;

/** Which turn is read: the bot, the flow it runs (main or a template), the guest. */
export interface TurnKey {
  botId: number;
  flowName: string;
  guestId: string;
}

interface Pending extends TurnKey {
  resolve: (row: TurnRow | undefined) => void;
  reject: (error: unknown) => void;
}

/** What a turn reads (ChatTurnRow in chat-bot.ts), alone or in a batch. */
export const TURN_COLUMNS = `bots.id, bots.user_id, bots.language, bots.supported_languages, bots.origins,
    bots.allow_subpaths, bots.tts_gender, users.is_deleted,
    flows.id as flow_id, flows.version as flow_version,
    guest_sessions.bot_id as guest_bot_id, guest_sessions.state as guest_state,
    guest_sessions.version as guest_version`;

export const READ_TURNS_SQL = `
  select q.i, ${TURN_COLUMNS}
  from unnest($1::int[], $2::varchar[], $3::varchar[]) with ordinality as q(bot_id, flow_name, guest_id, i)
  join bots on bots.id = q.bot_id
  left join users on users.id = bots.user_id
  left join flows on flows.bot_id = bots.id and flows.name = q.flow_name
  left join guest_sessions on guest_sessions.id = q.guest_id`;

/** Reads a batch: one row (or undefined, no such bot) per key, in the keys' order. */
export type ReadBatch = (keys: TurnKey[]) => Promise<(TurnRow | undefined)[]>;

/** The same read alone (a key the batch could not carry, or a batch that failed). */
export type ReadOne = (botId: number, flowName: string, guestId: string) => Promise<TurnRow | undefined>;

/** A key PostgreSQL refuses (NUL in text, an id beyond int) would fail the whole batch. */
const fitsBatch = (botId: number, flowName: string, guestId: string) =>
  Number.isInteger(botId) &&
  Math.abs(botId) <= 2 ** 31 - 1 &&
  !flowName.includes('\0') &&
  !guestId.includes('\0');

export class TurnReader {
  private pending: Pending[] = [];

  constructor(
    private readonly readBatch: ReadBatch,
    private readonly readOne: ReadOne,
    private readonly maxBatch = 200,
  ) {}

  /** The row for the bot (`undefined` when there is no such bot), read with this tick's others. */
  read(botId: number, flowName: string, guestId: string): Promise<TurnRow | undefined> {
    if (!fitsBatch(botId, flowName, guestId)) return this.readOne(botId, flowName, guestId);
    return new Promise((resolve, reject) => {
      if (!this.pending.length) setImmediate(() => this.flush());
      this.pending.push({ botId, flowName, guestId, resolve, reject });
    });
  }

  private flush(): void {
    while (this.pending.length) void this.send(this.pending.splice(0, this.maxBatch));
  }

  private async send(batch: Pending[]): Promise<void> {
    try {
      const rows = await this.readBatch(batch);
      batch.forEach((p, index) => p.resolve(rows[index]));
    } catch (error) {
      if (batch.length === 1) return batch[0].reject(error);
      // One turn's failure is not the others': each reads again on its own.
      for (const p of batch) this.readOne(p.botId, p.flowName, p.guestId).then(p.resolve, p.reject);
    }
  }
}

/** PostgreSQL's batch: one query, the keys as arrays. */
export function postgresReadBatch(pool: pg.Pool): ReadBatch {
  return async (keys) => {
    const result = await pool.query<{ i: number }>({
      name: 'chat_turns',
      text: READ_TURNS_SQL,
      values: [keys.map((k) => k.botId), keys.map((k) => k.flowName), keys.map((k) => k.guestId)],
    });
    const rows = new Map(result.rows.map((row) => [Number(row.i), row]));
    // ordinality counts from 1.
    return keys.map((_key, index) => rows.get(index + 1));
  };
}

const readers = new WeakMap<object, TurnReader>();

/** The reader of one database connection (a pool, the SQLite thread), made on first use. */
export function turnReaderFor(connection: object, make: () => TurnReader): TurnReader {
  let reader = readers.get(connection);
  if (!reader) {
    reader = make();
    readers.set(connection, reader);
  }
  return reader;
}
