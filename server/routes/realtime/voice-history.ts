// What a guest and the realtime AI said so far, so each voice turn is answered in context. It is
// kept in the database (voice_histories, one row per guest) rather than in this server's memory:
// with several server instances behind a load balancer, a guest's next spoken turn may land on
// another instance, and it must be answered with the earlier turns. A table of its own, not the
// guest's session row, so a spoken turn never races the chat turns over the session's version.
// Bounded as the memory version was: the latest turns only, forgotten after half an hour idle
// (idle rows are deleted now and then), at a new voice session (/start), and with the guest.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import {
  deleteIdleVoiceHistories,
  deleteVoiceHistory,
  findVoiceHistory,
  saveVoiceHistory,
  type StoredVoiceHistory,
} from '../../repos/voice-histories.js';
import type { ChatMessage } from '../../runtime/ports.js';

/** Turns kept per guest (a user line and an answer each): enough context for a spoken exchange. */
export const MAX_KEPT_MESSAGES = 24;
export const IDLE_MS = 30 * 60 * 1000;
/** How often one instance deletes the idle histories: a cheap indexed delete, now and then. */
const SWEEP_MS = 5 * 60 * 1000;

/** The turns said at `node` (none when the guest was at another node, or idle too long). */
export function turnsAt(stored: StoredVoiceHistory | null, node: string, now: number): ChatMessage[] {
  if (!stored || stored.node !== node || now - stored.updatedAt > IDLE_MS) return [];
  return stored.messages;
}

/** The kept turns with one more exchange; the oldest turns go first once the guest said a lot. */
export function withExchange(kept: readonly ChatMessage[], messages: readonly ChatMessage[]): ChatMessage[] {
  return [...kept, ...messages].slice(-MAX_KEPT_MESSAGES);
}

export class VoiceHistories {
  private sweptAt = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  async read(guestId: string, node: string): Promise<ChatMessage[]> {
    return turnsAt(await findVoiceHistory(this.db, guestId), node, this.now());
  }

  /** Adds one exchange to what the guest said at `node` (read again: another turn may have ended). */
  async append(guestId: string, node: string, ...messages: ChatMessage[]): Promise<void> {
    const now = this.now();
    const kept = withExchange(await this.read(guestId, node), messages);
    await saveVoiceHistory(this.db, guestId, node, kept, now);
    if (now - this.sweptAt >= SWEEP_MS) {
      this.sweptAt = now;
      await deleteIdleVoiceHistories(this.db, now - IDLE_MS);
    }
  }

  /** A new voice session starts with nothing said. */
  async reset(guestId: string): Promise<void> {
    await deleteVoiceHistory(this.db, guestId);
  }
}
