// Stores turns with group commit. Each turn's session and messages are written atomically, but
// turns finishing at about the same time share one database transaction: a commit is the
// expensive part of a write (a WAL append on SQLite, which blocks the event loop; an fsync and a
// round trip on PostgreSQL), and under load many guests' turns end together. A turn that lost its
// version race writes nothing (saveTurns checks the version before anything else), so the others
// commit without it; if the batch fails for any other reason, its turns are written again one by
// one, each in its own transaction, so one bad turn never takes the others down. With a single
// turn in flight this is one transaction per turn, with no wait beyond the current tick.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { GuestConflictError, saveTurns, type TurnRecord } from '../repos/guests.js';

interface Pending {
  record: TurnRecord;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export class TurnWriter {
  private pending: Pending[] = [];
  private busy = false;
  private scheduled = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly maxBatch = 64,
  ) {}

  write(record: TurnRecord): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({ record, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.busy) return;
    this.scheduled = true;
    // The rest of this tick's turns join the batch.
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    const batch = this.pending.splice(0, this.maxBatch);
    if (!batch.length) return;
    this.busy = true;
    try {
      await this.writeBatch(batch);
    } finally {
      this.busy = false;
      if (this.pending.length) this.schedule();
    }
  }

  private async writeBatch(batch: Pending[]): Promise<void> {
    let lost: Set<TurnRecord>;
    try {
      lost = await saveTurns(
        this.db,
        batch.map((item) => item.record),
      );
    } catch (error) {
      if (batch.length === 1) return batch[0].reject(error);
      for (const item of batch) await this.writeBatch([item]);
      return;
    }
    for (const item of batch) {
      if (lost.has(item.record)) item.reject(new GuestConflictError());
      else item.resolve();
    }
  }
}
