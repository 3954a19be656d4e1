// The knowledge_sources rows: a customer's files, links and videos and the stage each is at.
// Every read and write names the customer, so one customer's ids never reach another's rows.
import type { Kysely } from 'kysely';
import type {
  CrawlReport,
  KnowledgeFile,
  KnowledgeItem,
  KnowledgeKind,
  KnowledgeLink,
  KnowledgeStatus,
  KnowledgeVideo,
} from '../../src/core/api/knowledge.js';
import type { Database, KnowledgeSourceRow } from '../db/schema.js';

export type NewSource = Pick<KnowledgeSourceRow, 'kind' | 'name'> &
  Partial<Pick<KnowledgeSourceRow, 'language' | 'filename' | 'file_type' | 'url' | 'recursive' | 'title'>> & {
    tags?: string[];
  };

export async function insertSource(
  db: Kysely<Database>,
  customerId: number,
  source: NewSource,
  now: number,
): Promise<KnowledgeSourceRow> {
  return db
    .insertInto('knowledge_sources')
    .values({
      customer_id: customerId,
      kind: source.kind,
      name: source.name,
      language: source.language ?? null,
      filename: source.filename ?? null,
      file_type: source.file_type ?? null,
      tags: JSON.stringify(source.tags ?? []),
      url: source.url ?? null,
      recursive: source.recursive ?? 0,
      title: source.title ?? null,
      status: 'queued',
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A customer's live (not deleted) source of `kind`, or undefined. */
export function findSource(db: Kysely<Database>, customerId: number, kind: KnowledgeKind, id: number) {
  return db
    .selectFrom('knowledge_sources')
    .selectAll()
    .where('id', '=', id)
    .where('customer_id', '=', customerId)
    .where('kind', '=', kind)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
}

export function listSources(db: Kysely<Database>, customerId: number, kind: KnowledgeKind) {
  return db
    .selectFrom('knowledge_sources')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('kind', '=', kind)
    .where('is_deleted', '=', 0)
    .orderBy('id', 'desc')
    .execute();
}

/** Sets the stage of a run, only while the row is still on that run (generation). */
export async function setStage(
  db: Kysely<Database>,
  id: number,
  generation: number,
  fields: Partial<
    Pick<KnowledgeSourceRow, 'status' | 'error' | 'title' | 'report' | 'needs_transcript' | 'name'>
  > & {
    status?: KnowledgeStatus;
  },
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('knowledge_sources')
    .set({ ...fields, updated_at: now })
    .where('id', '=', id)
    .where('generation', '=', generation)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Starts a new run of the source (Retry, a pasted transcript): queued again, a new generation. */
export async function restartSource(
  db: Kysely<Database>,
  row: KnowledgeSourceRow,
  now: number,
  extra: Partial<Pick<KnowledgeSourceRow, 'transcript' | 'needs_transcript'>> = {},
): Promise<KnowledgeSourceRow> {
  return db
    .updateTable('knowledge_sources')
    .set({ ...extra, status: 'queued', error: null, generation: row.generation + 1, updated_at: now })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

const iso = (ms: number) => new Date(ms).toISOString();

function base(row: KnowledgeSourceRow) {
  return {
    id: row.id,
    name: row.name,
    language: row.language,
    processed: row.status === 'processed',
    is_deleted: row.is_deleted === 1,
    status: row.status,
    ...(row.status === 'failed' && row.error ? { error: row.error } : {}),
    passages: row.passages,
    updated_at: iso(row.updated_at),
  };
}

export function presentFile(row: KnowledgeSourceRow): KnowledgeFile {
  return {
    ...base(row),
    filename: row.filename ?? row.name,
    file_type: row.file_type === 'pdf' ? 'pdf' : 'txt',
    tags: JSON.parse(row.tags) as string[],
  };
}

export function presentLink(row: KnowledgeSourceRow): KnowledgeLink {
  return {
    ...base(row),
    link: row.url ?? '',
    recursive: row.recursive === 1,
    metadata: { title: row.title ?? row.name },
    report: row.report ? (JSON.parse(row.report) as CrawlReport) : null,
  };
}

export function presentVideo(row: KnowledgeSourceRow): KnowledgeVideo {
  return {
    ...base(row),
    url: row.url ?? '',
    metadata: { title: row.title ?? row.name },
    needs_transcript: row.needs_transcript === 1,
  };
}

export function presentSource(row: KnowledgeSourceRow): KnowledgeItem {
  if (row.kind === 'file') return presentFile(row);
  if (row.kind === 'link') return presentLink(row);
  return presentVideo(row);
}
