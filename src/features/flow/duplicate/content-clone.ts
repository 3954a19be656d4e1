// Spec 2 §4: duplicating a basic node clones its stored content and file variables on the server
// first, so the copy points at its own elements (and its own copies of the files) and editing or
// deleting one node's image never touches the other's. Pure: which ids to clone, and the node
// with the clones' ids and addresses in place.
import type { BasicNode, CarouselItem, Entry, FlowNode } from '../../../core/flow';

/** One element of the clone answer: the original id, the copy's id and its image or file address. */
export interface ClonedElement {
  id: string;
  new_id: string;
  /** The copy's image or file URL; null for texts, videos and carousels. */
  path: string | null;
  type?: string;
  /** The copy's stored content (a carousel's items, with the copied images' addresses). */
  content?: unknown;
}

const idOf = (value: unknown): string | null =>
  (typeof value === 'string' && value !== '') || typeof value === 'number' ? String(value) : null;

/** The content element an entry is stored as, if any. */
function storedIdOf(entry: Entry): string | null {
  if (entry.type === 'content') return idOf(entry.content.id);
  if (entry.type === 'variable' && entry.variableType === 'file') return idOf(entry.variable_id);
  return null;
}

/** The stored element ids a node references (none for other types or a node with nothing stored). */
export function storedContentIds(node: FlowNode): string[] {
  if (node.type !== 'basic') return [];
  const ids = new Set<string>();
  for (const entry of node.entries) {
    const id = storedIdOf(entry);
    if (id !== null) ids.add(id);
  }
  return [...ids];
}

/** A carousel copy's item addresses by item id, from the clone's stored content ({ en: items }). */
function clonedItemUrls(content: unknown): Map<string, string> {
  const items = (content as { en?: unknown } | null)?.en;
  const urls = new Map<string, string>();
  if (!Array.isArray(items)) return urls;
  for (const item of items as Partial<CarouselItem>[]) {
    const id = idOf(item?.id);
    if (id !== null && typeof item.url === 'string') urls.set(id, item.url);
  }
  return urls;
}

function withClone(entry: Entry, clone: ClonedElement): Entry {
  if (entry.type === 'variable') {
    const file = entry.file
      ? { ...entry.file, id: clone.new_id, ...(clone.path && { url: clone.path }) }
      : entry.file;
    return { ...entry, variable_id: clone.new_id, file };
  }
  if (entry.type !== 'content') return entry;
  const content = { ...entry.content, id: clone.new_id };
  if (entry.content.type === 'image' && clone.path) {
    // The image's address per language: each now names the copy.
    content.content = Object.fromEntries(
      Object.keys(entry.content.content).map((code) => [code, clone.path!]),
    );
  } else if (entry.content.type === 'image-carousel') {
    const urls = clonedItemUrls(clone.content);
    content.content = Object.fromEntries(
      Object.entries(entry.content.content).map(([code, value]) => [
        code,
        Array.isArray(value)
          ? value.map((item) => ({ ...item, url: urls.get(String(item.id)) ?? item.url }))
          : value,
      ]),
    );
  }
  return { ...entry, content };
}

/**
 * The node's entries pointing at the clones. Elements the server had nothing for (never saved)
 * are left as they are; an answer naming nothing of this node gives the node back unchanged.
 */
export function withClonedContent<N extends FlowNode>(node: N, clones: readonly ClonedElement[]): N {
  if (node.type !== 'basic' || clones.length === 0) return node;
  const byId = new Map(clones.map((clone) => [String(clone.id), clone]));
  let changed = false;
  const entries = (node as BasicNode).entries.map((entry) => {
    const id = storedIdOf(entry);
    const clone = id === null ? undefined : byId.get(id);
    if (!clone) return entry;
    changed = true;
    return withClone(entry, clone);
  });
  return changed ? { ...node, entries } : node;
}
