// A bot's main flow and flow templates: one row per (bot, name), the nodes as one JSON document
// and a version counting publishes. Callers check that the bot belongs to the signed-in customer
// (findBot) before calling here; every query is scoped to that bot.
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { normalizeTemplateName } from '../../src/core/rules/names.js';
import type { FlowNode } from '../../src/core/flow/index.js';
import type { Database } from '../db/schema.js';
import { checkNodes, FlowInputError, parseStoredNodes, toStoredNodes } from './flow-nodes.js';

type Db = Kysely<Database>;

/** The main flow's name; no template may take it (spec 2 §3: main cannot be deleted). */
export const MAIN_FLOW = 'main';

/** A flow as the editor reads it. Version 0 means "never saved". */
export interface StoredFlow {
  id: number | null;
  name: string;
  nodes: FlowNode[];
  version: number;
}

/** 'main' in any case is kept for the main flow, so the template list never shows a second one. */
export function isReservedName(name: string): boolean {
  return name.toLowerCase() === MAIN_FLOW;
}

/**
 * The stored name of a typed template name (spec 2 §4, normalizeTemplateName). Trimmed first: a
 * name of spaces is blank, not "_", and " Returns" is the same template as "Returns".
 */
export function flowTemplateName(text: string): string {
  return normalizeTemplateName(text.trim());
}

export async function findFlow(db: Db, botId: number, name: string): Promise<StoredFlow | null> {
  const row = await db
    .selectFrom('flows')
    .select(['id', 'name', 'nodes', 'version'])
    .where('bot_id', '=', botId)
    .where('name', '=', name)
    .executeTakeFirst();
  return row ? { ...row, nodes: parseStoredNodes(row.nodes) } : null;
}

/** The bot's main flow; a bot that never published has an empty one at version 0. */
export async function readMainFlow(db: Db, botId: number): Promise<StoredFlow> {
  return (await findFlow(db, botId, MAIN_FLOW)) ?? { id: null, name: MAIN_FLOW, nodes: [], version: 0 };
}

/** The stored version of a flow, 0 when it was never saved (read without its nodes). */
export async function flowVersion(db: Db, botId: number, name: string): Promise<number> {
  const row = await db
    .selectFrom('flows')
    .select('version')
    .where('bot_id', '=', botId)
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.version ?? 0;
}

/** The bot's flow templates, oldest first, without their nodes. */
export async function listFlowTemplates(db: Db, botId: number): Promise<{ id: number; name: string }[]> {
  return db
    .selectFrom('flows')
    .select(['id', 'name'])
    .where('bot_id', '=', botId)
    .where('name', '!=', MAIN_FLOW)
    .orderBy('id')
    .execute();
}

export type SaveResult =
  | { ok: true; nodes: FlowNode[]; version: number }
  /** Someone saved in between: the stored version is not the one the editor started from. */
  | { ok: false; reason: 'conflict' | 'missing' };

/**
 * Saves checked nodes under `name` as one compare-and-set statement, so two racing publishes
 * cannot both win. `expectedVersion` is the version the editor started from: 0 means the flow did
 * not exist yet, and only the main flow is created that way (templates are created by name, see
 * createFlowTemplate); null saves over whatever is stored (a template saved without If-Match).
 * Answers the nodes as the editor should now show them.
 */
export async function saveFlow(
  db: Db,
  botId: number,
  name: string,
  nodes: readonly FlowNode[],
  expectedVersion: number | null,
  now = Date.now(),
): Promise<SaveResult> {
  const stored = toStoredNodes(nodes);
  const text = JSON.stringify(stored);
  let saved: { version: number } | undefined;
  if (expectedVersion === 0 && name === MAIN_FLOW) {
    saved = await db
      .insertInto('flows')
      .values({ bot_id: botId, name, nodes: text, version: 1, created_at: now, updated_at: now })
      .onConflict((oc) => oc.columns(['bot_id', 'name']).doNothing())
      .returning('version')
      .executeTakeFirst();
  } else if (expectedVersion !== 0) {
    let update = db
      .updateTable('flows')
      .set((eb) => ({ nodes: text, version: eb('version', '+', 1), updated_at: now }))
      .where('bot_id', '=', botId)
      .where('name', '=', name);
    if (expectedVersion !== null) update = update.where('version', '=', expectedVersion);
    saved = await update.returning('version').executeTakeFirst();
  }
  if (saved) return { ok: true, nodes: stored, version: saved.version };
  const exists = await db
    .selectFrom('flows')
    .select('id')
    .where('bot_id', '=', botId)
    .where('name', '=', name)
    .executeTakeFirst();
  // A main flow never saved is "version 0", so an If-Match of 3 against it is a conflict too.
  return { ok: false, reason: exists || name === MAIN_FLOW ? 'conflict' : 'missing' };
}

/** A new, empty flow template; null when the bot already has one of that name. */
export async function createFlowTemplate(db: Db, botId: number, name: string, now = Date.now()) {
  const row = await db
    .insertInto('flows')
    .values({ bot_id: botId, name, nodes: '[]', version: 1, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['bot_id', 'name']).doNothing())
    .returning(['id', 'name', 'version'])
    .executeTakeFirst();
  return row ? { ...row, nodes: [] as FlowNode[] } : null;
}

export async function deleteFlowTemplate(db: Db, botId: number, name: string): Promise<boolean> {
  if (name === MAIN_FLOW) return false;
  const result = await db
    .deleteFrom('flows')
    .where('bot_id', '=', botId)
    .where('name', '=', name)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function listPushMessageTypes(db: Db): Promise<{ code: string; label: string }[]> {
  return db.selectFrom('push_message_types').select(['code', 'label']).orderBy('position').execute();
}

// --- Bot archives (spec 1 §3): the flow and its templates travel in bot_info.json. ---

export interface ExportedFlows {
  flow: { name: string; nodes: FlowNode[] };
  flow_templates: { name: string; nodes: FlowNode[] }[];
}

/** The `flow` and `flow_templates` sections of an exported bot, nodes as the editor sees them. */
export async function readFlowsForExport(db: Db, botId: number): Promise<ExportedFlows> {
  const rows = await db
    .selectFrom('flows')
    .select(['name', 'nodes'])
    .where('bot_id', '=', botId)
    .orderBy('id')
    .execute();
  const flows = rows.map((row) => ({ name: row.name, nodes: parseStoredNodes(row.nodes) }));
  return {
    flow: flows.find((f) => f.name === MAIN_FLOW) ?? { name: MAIN_FLOW, nodes: [] },
    flow_templates: flows.filter((f) => f.name !== MAIN_FLOW),
  };
}

const importedFlowsSchema = z.object({
  flow: z.looseObject({ nodes: z.unknown() }).nullish(),
  flow_templates: z.array(z.looseObject({ name: z.string(), nodes: z.unknown() })).nullish(),
});

/**
 * Checks the flow sections of an archive before anything is written (the import can call this
 * first); throws FlowInputError (400) naming the flow and the node at fault.
 */
export function checkImportedFlows(data: unknown): { name: string; nodes: FlowNode[] }[] {
  const parsed = importedFlowsSchema.safeParse(data ?? {});
  if (!parsed.success) throw new FlowInputError('The flow of the bot file is not readable');
  const flows: { name: string; nodes: FlowNode[] }[] = [];
  if (parsed.data.flow) flows.push({ name: MAIN_FLOW, nodes: checkIn(parsed.data.flow.nodes, MAIN_FLOW) });
  for (const template of parsed.data.flow_templates ?? []) {
    const name = flowTemplateName(template.name);
    if (!name || isReservedName(name) || flows.some((f) => f.name === name)) {
      throw new FlowInputError(`The flow template name "${template.name}" cannot be imported`);
    }
    flows.push({ name, nodes: checkIn(template.nodes, name) });
  }
  return flows;
}

function checkIn(nodes: unknown, flowName: string): FlowNode[] {
  try {
    return checkNodes(nodes);
  } catch (error) {
    if (error instanceof FlowInputError) {
      throw new FlowInputError(`Flow "${flowName}": ${error.message}`, error.problems);
    }
    throw error;
  }
}

/**
 * Writes an archive's flows to a bot (a new one: the import creates it in the same transaction),
 * each at version 1, replacing any the bot had. Throws FlowInputError on invalid data.
 */
export async function writeImportedFlows(trx: Db, botId: number, data: unknown, now = Date.now()) {
  const flows = checkImportedFlows(data);
  await trx.deleteFrom('flows').where('bot_id', '=', botId).execute();
  if (!flows.length) return;
  await trx
    .insertInto('flows')
    .values(
      flows.map((flow) => ({
        bot_id: botId,
        name: flow.name,
        nodes: JSON.stringify(toStoredNodes(flow.nodes)),
        version: 1,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}
