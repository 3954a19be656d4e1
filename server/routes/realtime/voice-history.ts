// What a guest and the realtime AI said so far, so each voice turn is answered in context. It is
// kept in this server's memory, bounded in guests, turns and idle time: a voice session lasts
// minutes and is worth nothing afterwards, and writing it to the guest's stored session would
// make every spoken turn a database write racing the chat turns. The price, with many server
// instances, is that a guest whose next turn lands on another instance is answered without the
// earlier turns (the flow itself is unaffected: it waits for REALTIME_AI_ENDED in the database).
import type { ChatMessage } from '../../runtime/ports.js';

/** Turns kept per guest (a user line and an answer each): enough context for a spoken exchange. */
export const MAX_KEPT_MESSAGES = 24;
const MAX_GUESTS = 5000;
const IDLE_MS = 30 * 60 * 1000;

interface Entry {
  /** The realtime-ai node the turns were said at (`flow/node`). */
  node: string;
  messages: ChatMessage[];
  usedAt: number;
}

export class VoiceHistories {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The turns said at `node` (none when the guest was at another node, or idle too long). */
  read(guestId: string, node: string): ChatMessage[] {
    const entry = this.entries.get(guestId);
    if (!entry || entry.node !== node || this.now() - entry.usedAt > IDLE_MS) return [];
    return [...entry.messages];
  }

  /** Adds one exchange; the oldest turns go first once the guest has said a lot. */
  append(guestId: string, node: string, ...messages: ChatMessage[]): void {
    const kept = [...this.read(guestId, node), ...messages].slice(-MAX_KEPT_MESSAGES);
    // Re-inserting moves the guest to the end: the first entry is always the least recently used.
    this.entries.delete(guestId);
    this.entries.set(guestId, { node, messages: kept, usedAt: this.now() });
    if (this.entries.size > MAX_GUESTS) this.entries.delete(this.entries.keys().next().value!);
  }

  /** A new voice session starts with nothing said. */
  reset(guestId: string): void {
    this.entries.delete(guestId);
  }
}
