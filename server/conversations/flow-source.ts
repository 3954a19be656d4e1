// Published flows for the runtime, read from the flows table (server/repos/flows.ts owns it) and
// kept compiled in a small LRU keyed by the flow row's id and version: a publish bumps the
// version, and a template deleted and created again gets a new row id, so a cached flow is never
// stale. A turn costs one tiny version lookup (folded into the bot query for the main flow).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { parseStoredNodes } from '../repos/flow-nodes.js';
import { runnableFlow, type RunnableFlow } from '../runtime/ports.js';

type Db = Kysely<Database>;

/** A flow row's identity: enough to know whether the cached copy is current. */
export interface FlowStamp {
  id: number;
  version: number;
}

export class FlowCache {
  private readonly entries = new Map<string, RunnableFlow>();

  constructor(
    private readonly db: Db,
    private readonly capacity = 500,
  ) {}

  /** The flow `name` of the bot at the stamped version (loaded once per version). */
  async at(botId: number, name: string, stamp: FlowStamp): Promise<RunnableFlow | null> {
    const key = `${stamp.id}:${stamp.version}`;
    const hit = this.entries.get(key);
    if (hit) {
      // Most recently used goes last; the first entry is the one to evict.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const row = await this.db
      .selectFrom('flows')
      .select(['nodes', 'version'])
      .where('id', '=', stamp.id)
      .where('bot_id', '=', botId)
      .executeTakeFirst();
    if (!row) return null;
    const flow = runnableFlow(name, row.version, parseStoredNodes(row.nodes));
    this.entries.set(`${stamp.id}:${row.version}`, flow);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return flow;
  }

  /** The bot's flow `name` as published now, or null when there is none. */
  async current(botId: number, name: string): Promise<RunnableFlow | null> {
    const stamp = await this.db
      .selectFrom('flows')
      .select(['id', 'version'])
      .where('bot_id', '=', botId)
      .where('name', '=', name)
      .executeTakeFirst();
    return stamp ? this.at(botId, name, stamp) : null;
  }
}
