import { z } from 'zod';
import { duplicateName } from '../../rules/names';
import { flowNodeSchema, type FlowNode, type NodeId } from '../schema';
import { withTargetsCleared, withTargetsMapped } from '../targets';

// Issue 20 §3: copy and paste of whole parts of a flow, within a bot and across bots, through the
// system clipboard. The clipboard holds versioned JSON, so an older or newer editor knows whether
// it can read it, and any other text (an address, a paragraph) is simply not a BotFlow clipboard.

export const CLIPBOARD_KIND = 'botflow/nodes';
export const CLIPBOARD_VERSION = 1;

/** A language of the bot the nodes were copied from (its texts are kept per code). */
const clipboardLanguage = z.object({ code: z.string(), name: z.string().optional() });

export const clipboardSchema = z.object({
  kind: z.literal(CLIPBOARD_KIND),
  version: z.literal(CLIPBOARD_VERSION),
  source: z.object({
    botId: z.number().nullable(),
    /** The flow the nodes came from (main or a flow template's name). */
    flowName: z.string(),
    languages: z.array(clipboardLanguage),
    defaultLanguage: z.string(),
  }),
  nodes: z.array(flowNodeSchema).min(1),
});
export type ClipboardData = z.infer<typeof clipboardSchema>;
export type ClipboardSource = ClipboardData['source'];

/**
 * The selected nodes as clipboard data: links between them are kept, links leaving the selection
 * are dropped (they would point at nodes the target may not have). Nodes keep the source's order.
 */
export function copyNodes(
  nodes: readonly FlowNode[],
  ids: Iterable<NodeId>,
  source: ClipboardSource,
): ClipboardData {
  const picked = new Set(ids);
  const copied = nodes
    .filter((node) => picked.has(node.id))
    .map((node) => withTargetsCleared(node, (target) => picked.has(target)));
  return { kind: CLIPBOARD_KIND, version: CLIPBOARD_VERSION, source, nodes: copied };
}

export const clipboardText = (data: ClipboardData): string => JSON.stringify(data);

/**
 * The clipboard data in `text`, or null when the text is not a BotFlow clipboard of this version
 * (plain text, another program's JSON, a damaged copy): pasting it then does nothing.
 */
export function readClipboard(text: string): ClipboardData | null {
  if (!text.trimStart().startsWith('{')) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = clipboardSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

export interface PasteTarget {
  /** The names already on the board (a pasted name that collides gets the duplicate-name suffix). */
  names: Iterable<string>;
  /** A fresh node id for each pasted node. */
  newId: () => NodeId;
  /** Where the middle of the pasted part goes (the middle of the view). */
  at: { x: number; y: number };
  /** The target bot's language codes and its default language. */
  languages: readonly string[];
  defaultLanguage: string;
}

export interface PastedNodes {
  nodes: FlowNode[];
  /** The source's language codes the target bot lacks (their texts were left out). */
  droppedLanguages: string[];
  /** Old id → new id, for anything that must follow the nodes (stored content). */
  ids: Map<NodeId, NodeId>;
}

/**
 * The clipboard's nodes ready to add: new ids, links inside the part renamed to the copies (any
 * other link dropped), names given the spec's duplicate-name rule (spec 2 §4 `-copy`, `-copy_N`)
 * when taken, the part moved so its middle is at `target.at`, and texts in languages the target
 * bot lacks left out (the default language's are always kept).
 */
export function pasteNodes(data: ClipboardData, target: PasteTarget): PastedNodes {
  const ids = new Map<NodeId, NodeId>();
  for (const node of data.nodes) ids.set(node.id, target.newId());
  const taken = new Set(target.names);
  const keep = new Set([...target.languages, target.defaultLanguage]);
  const sourceCodes = new Set([...data.source.languages.map((l) => l.code), data.source.defaultLanguage]);
  const droppedLanguages = [...sourceCodes].filter((code) => !keep.has(code));
  const box = middleOf(data.nodes);
  const dx = Math.round(target.at.x - box.x);
  const dy = Math.round(target.at.y - box.y);
  const nodes = data.nodes.map((node) => {
    const name = taken.has(node.name) ? duplicateName(node.name, taken) : node.name;
    taken.add(name);
    const moved = { ...node, id: ids.get(node.id)!, name, x: node.x + dx, y: node.y + dy, isNew: true };
    const linked = withTargetsMapped(moved, (to) => ids.get(to) ?? null);
    return droppedLanguages.length ? withoutLanguages(linked, sourceCodes, keep) : linked;
  });
  return { nodes, droppedLanguages, ids };
}

function middleOf(nodes: readonly FlowNode[]): { x: number; y: number } {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const { x, y } of nodes) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  return { x: (minX + maxX) / 2, y: (minY + maxY) / 2 };
}

/**
 * The node without the texts of languages the target does not have. A per-language record is an
 * object whose keys are all language codes of the source bot; only those are trimmed, so a
 * carousel's item list (kept under the default code) and every other field stay as they were.
 */
function withoutLanguages<N>(value: N, sourceCodes: ReadonlySet<string>, keep: ReadonlySet<string>): N {
  if (Array.isArray(value)) return value.map((item) => withoutLanguages(item, sourceCodes, keep)) as N;
  if (!value || typeof value !== 'object') return value;
  const entries = Object.entries(value);
  const isLanguageRecord = entries.length > 0 && entries.every(([key]) => sourceCodes.has(key));
  const kept = isLanguageRecord ? entries.filter(([key]) => keep.has(key)) : entries;
  return Object.fromEntries(kept.map(([key, item]) => [key, withoutLanguages(item, sourceCodes, keep)])) as N;
}
