// Issue 20 §4: the versions of a bot's main flow, one row per publish (migration 017). Callers
// check that the bot belongs to the signed-in customer first; every query is scoped to the bot.
import type { Kysely } from 'kysely';
import { versionSummary } from '../../src/core/flow/version-summary.js';
import type { FlowNode } from '../../src/core/flow/index.js';
import type { Database, User } from '../db/schema.js';
import { parseStoredNodes } from './flow-nodes.js';

type Db = Kysely<Database>;

export interface VersionCounts {
  added: number;
  removed: number;
  changed: number;
  moved: number;
}

export interface FlowVersionInfo {
  version: number;
  created_at: number;
  author_id: number | null;
  author_name: string;
  summary: VersionCounts;
  /** The editor tab that published it (a random id the editor sends), so it can tell its own publishes. */
  editor: string | null;
}

/** How a customer is named in the history: their name, else their username, else their email. */
export function authorName(user: Pick<User, 'first_name' | 'last_name' | 'username' | 'email'>): string {
  return `${user.first_name} ${user.last_name}`.trim() || user.username || user.email;
}

const EMPTY_COUNTS: VersionCounts = { added: 0, removed: 0, changed: 0, moved: 0 };

function countsOf(text: string): VersionCounts {
  try {
    return { ...EMPTY_COUNTS, ...(JSON.parse(text) as Partial<VersionCounts>) };
  } catch {
    return EMPTY_COUNTS;
  }
}

/** Records a publish: `before` is the flow it replaced (for the summary), `after` what was saved. */
export async function recordFlowVersion(
  db: Db,
  input: {
    botId: number;
    version: number;
    before: readonly FlowNode[];
    after: readonly FlowNode[];
    storedText: string;
    author: Pick<User, 'id' | 'first_name' | 'last_name' | 'username' | 'email'>;
    editor: string | null;
    now?: number;
  },
): Promise<void> {
  const summary = versionSummary(input.before, input.after);
  const counts: VersionCounts = {
    added: summary.added.length,
    removed: summary.removed.length,
    changed: summary.changed.length,
    moved: summary.moved.length,
  };
  await db
    .insertInto('flow_versions')
    .values({
      bot_id: input.botId,
      version: input.version,
      nodes: input.storedText,
      summary: JSON.stringify(counts),
      author_id: input.author.id,
      author_name: authorName(input.author),
      editor: input.editor,
      created_at: input.now ?? Date.now(),
    })
    .execute();
}

const infoColumns = ['version', 'created_at', 'author_id', 'author_name', 'summary', 'editor'] as const;

type InfoRow = {
  version: number;
  created_at: number;
  author_id: number | null;
  author_name: string;
  summary: string;
  editor: string | null;
};
const toInfo = (row: InfoRow): FlowVersionInfo => ({ ...row, summary: countsOf(row.summary) });

/** The bot's versions, newest first, without their nodes. */
export async function listFlowVersions(db: Db, botId: number, limit = 200): Promise<FlowVersionInfo[]> {
  const rows = await db
    .selectFrom('flow_versions')
    .select(infoColumns)
    .where('bot_id', '=', botId)
    .orderBy('version', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toInfo);
}

/** The newest version's facts (what the two-authors stream watches), or null before any publish. */
export async function latestFlowVersion(db: Db, botId: number): Promise<FlowVersionInfo | null> {
  const row = await db
    .selectFrom('flow_versions')
    .select(infoColumns)
    .where('bot_id', '=', botId)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? toInfo(row) : null;
}

/** One version with its nodes as the editor shows them, or null when the bot has no such version. */
export async function readFlowVersion(
  db: Db,
  botId: number,
  version: number,
): Promise<(FlowVersionInfo & { nodes: FlowNode[] }) | null> {
  const row = await db
    .selectFrom('flow_versions')
    .select([...infoColumns, 'nodes'])
    .where('bot_id', '=', botId)
    .where('version', '=', version)
    .executeTakeFirst();
  if (!row) return null;
  const { nodes, ...info } = row;
  return { ...toInfo(info), nodes: parseStoredNodes(nodes) };
}
