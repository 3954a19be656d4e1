// Live figures (issue 19 §4) that work across server instances: each instance folds the turns'
// events (fold.ts) and polls the bot's change stamp (the newest outcome row's time: one index
// lookup) once a second for all of that bot's open streams, and tells them when it moved.
// Whichever instance stored the turn, every instance sees it within a poll, with no
// per-instance state another instance would need.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { changeStamp } from './queries.js';

export const LIVE_POLL_MS = 1000;

type Listener = (stamp: number) => void;

interface Watch {
  listeners: Set<Listener>;
  stamp: number;
  timer: NodeJS.Timeout;
}

export class LiveStamps {
  private readonly watches = new Map<number, Watch>();

  constructor(
    private readonly db: Kysely<Database>,
    /** Brings the outcome rows up to date (the fold) before a stamp is read. */
    private readonly refresh: () => Promise<unknown>,
    private readonly pollMs = LIVE_POLL_MS,
  ) {}

  /** Calls `listener` with each new stamp of the bot; answers how to stop. */
  async watch(botId: number, listener: Listener): Promise<() => void> {
    let watch = this.watches.get(botId);
    if (!watch) {
      await this.refresh();
      const stamp = await changeStamp(this.db, botId);
      watch = this.watches.get(botId);
      if (!watch) {
        const created: Watch = {
          listeners: new Set(),
          stamp,
          timer: setInterval(() => void this.poll(botId), this.pollMs),
        };
        created.timer.unref();
        this.watches.set(botId, created);
        watch = created;
      }
    }
    watch.listeners.add(listener);
    const current = watch;
    return () => {
      current.listeners.delete(listener);
      if (!current.listeners.size && this.watches.get(botId) === current) {
        clearInterval(current.timer);
        this.watches.delete(botId);
      }
    };
  }

  private async poll(botId: number): Promise<void> {
    const watch = this.watches.get(botId);
    if (!watch) return;
    let stamp: number;
    try {
      await this.refresh();
      stamp = await changeStamp(this.db, botId);
    } catch {
      return; // The database is closing or busy: the next poll tries again.
    }
    if (stamp === watch.stamp) return;
    watch.stamp = stamp;
    for (const listener of watch.listeners) listener(stamp);
  }

  close(): void {
    for (const watch of this.watches.values()) clearInterval(watch.timer);
    this.watches.clear();
  }
}
