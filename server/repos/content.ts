// Content elements of basic nodes (spec 2 §7): one row per element, per bot and flow. Callers
// check that the bot belongs to the signed-in customer (findBot) first; every query here is
// scoped to that bot and to one flow (the main flow or a flow template).
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { ContentRow, Database } from '../db/schema.js';

type Db = Kysely<Database>;

export const CONTENT_TYPES = [
  'text',
  'video-link',
  'image',
  'image-link',
  'image-carousel',
  'file-variable',
] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/** Which flow of which bot: `templateName` null is the main flow. */
export interface ContentScope {
  botId: number;
  templateName: string | null;
}

/** What a route writes: the element without its key and times. */
export interface ContentFields {
  type: ContentType;
  title: string;
  /** Texts per language, `{ en: image }`, `{ en: items }`, or a stored file's description. */
  content: unknown;
  /** The uploads (/uploads/content/…) the element owns. */
  files: string[];
  reviewable: boolean;
}

export interface StoredContent extends ContentFields {
  id: string;
  templateName: string | null;
  createdAt: number;
  updatedAt: number;
}

function parseJson(text: string, fallback: unknown): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return fallback;
  }
}

/** The upload URLs a row's `files` column lists (nothing for a damaged value). */
function filesIn(text: string): string[] {
  const files = parseJson(text, []);
  return Array.isArray(files) ? files.filter((f): f is string => typeof f === 'string') : [];
}

function toStoredContent(row: ContentRow): StoredContent {
  return {
    id: row.id,
    templateName: row.template_name,
    type: row.type as ContentType,
    title: row.title,
    content: parseJson(row.content, {}),
    files: filesIn(row.files),
    reviewable: row.reviewable === 1,
    // PostgreSQL answers bigint columns as text.
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

function toColumns(fields: ContentFields) {
  return {
    type: fields.type,
    title: fields.title,
    content: JSON.stringify(fields.content),
    files: JSON.stringify(fields.files),
    reviewable: fields.reviewable ? 1 : 0,
  };
}

/** The rows of the scope's flow: its bot's, under the template's name or none for the main flow. */
function ofFlow(scope: ContentScope) {
  return (eb: ExpressionBuilder<Database, 'contents'>) =>
    eb.and([
      eb('bot_id', '=', scope.botId),
      scope.templateName === null
        ? eb('template_name', 'is', null)
        : eb('template_name', '=', scope.templateName),
    ]);
}

function inScope(db: Db, scope: ContentScope) {
  return db.selectFrom('contents').selectAll().where(ofFlow(scope));
}

/** The flow's elements, oldest first. */
export async function listContent(db: Db, scope: ContentScope): Promise<StoredContent[]> {
  const rows = await inScope(db, scope).orderBy('created_at').orderBy('id').execute();
  return rows.map(toStoredContent);
}

export async function findContent(db: Db, scope: ContentScope, id: string): Promise<StoredContent | null> {
  const row = await inScope(db, scope).where('id', '=', id).executeTakeFirst();
  return row ? toStoredContent(row) : null;
}

/** The elements of those ids that exist in the flow, in the order asked. */
export async function findContents(db: Db, scope: ContentScope, ids: string[]): Promise<StoredContent[]> {
  if (!ids.length) return [];
  const rows = await inScope(db, scope).where('id', 'in', ids).execute();
  const byId = new Map(rows.map((row) => [row.id, toStoredContent(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Adds an element; null when the bot already has one with that id (in any of its flows). */
export async function insertContent(
  db: Db,
  scope: ContentScope,
  id: string,
  fields: ContentFields,
  now = Date.now(),
): Promise<StoredContent | null> {
  const row = await db
    .insertInto('contents')
    .values({
      ...toColumns(fields),
      bot_id: scope.botId,
      id,
      template_name: scope.templateName,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['bot_id', 'id']).doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ? toStoredContent(row) : null;
}

/** Replaces an element's fields; null when the flow has no element of that id. */
export async function updateContent(
  db: Db,
  scope: ContentScope,
  id: string,
  fields: ContentFields,
  now = Date.now(),
): Promise<StoredContent | null> {
  const row = await db
    .updateTable('contents')
    .set({ ...toColumns(fields), updated_at: now })
    .where(ofFlow(scope))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row ? toStoredContent(row) : null;
}

/** Deletes the elements of those ids and type that exist in the flow; answers what was deleted. */
export async function deleteContents(
  db: Db,
  scope: ContentScope,
  ids: string[],
  type: ContentType,
): Promise<StoredContent[]> {
  const found = (await findContents(db, scope, ids)).filter((content) => content.type === type);
  if (!found.length) return [];
  await db
    .deleteFrom('contents')
    .where('bot_id', '=', scope.botId)
    .where(
      'id',
      'in',
      found.map((content) => content.id),
    )
    .execute();
  return found;
}

const filesOf = (rows: { files: string }[]) => rows.flatMap((row) => filesIn(row.files));

/** The uploads every element of the bot owns (read before the bot goes: its rows cascade). */
export async function contentFilesOfBot(db: Db, botId: number): Promise<string[]> {
  return filesOf(await db.selectFrom('contents').select('files').where('bot_id', '=', botId).execute());
}

/** Deletes every element of one flow (its template is being deleted); answers their uploads. */
export async function deleteFlowContents(db: Db, scope: ContentScope): Promise<string[]> {
  const rows = await db.deleteFrom('contents').where(ofFlow(scope)).returning('files').execute();
  return filesOf(rows);
}

/** Does the bot have a flow template of that name? (Template content needs its template.) */
export async function hasFlowTemplate(db: Db, botId: number, name: string): Promise<boolean> {
  const row = await db
    .selectFrom('flows')
    .select('id')
    .where('bot_id', '=', botId)
    .where('name', '=', name)
    .executeTakeFirst();
  return row !== undefined;
}
