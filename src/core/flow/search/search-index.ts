import type { FlowNode, NodeId } from '../schema';

// Issue 20 §1: search over every node's title, its content in every language, the variable names
// it sets or reads and its API addresses. Each node's searchable text is gathered once (kept by
// node identity, so an edit re-reads only the nodes it replaced) and a keystroke is one lower-case
// `indexOf` per node: on a 10,000-node flow that is a few milliseconds.

/** What a match was found in, as the results list names it. */
export type SearchField = 'title' | 'content' | 'variable' | 'url';

/** One searchable text of a node: where it is (field, path) and the text itself. */
export interface SearchText {
  field: SearchField;
  /** The key path inside the node, e.g. `entries.0.content.content.fr` (the language is the last step). */
  path: string;
  text: string;
}

/** A node's texts and all of them, lower-cased and joined, which is what a keystroke scans. */
interface IndexedNode {
  texts: SearchText[];
  haystack: string;
  /** Where each text starts in `haystack` (a match's text is the last start at or before it). */
  starts: number[];
}

// Keys whose strings are variable names the node sets (or reads, such as a file variable's).
const VARIABLE_KEYS = new Set([
  'AIResponseVariable',
  'statusCodeVariable',
  'latName',
  'longName',
  'variable_name',
  'targetListPath',
  'attr',
]);
// Keys that hold identifiers, layout or settings rather than words an author wrote.
const SKIPPED_KEYS = new Set([
  'id',
  'type',
  'x',
  'y',
  'isNew',
  'isValid',
  'input',
  'method',
  'bodyType',
  'variableType',
  'selectedImageOption',
  'validImageURL',
  'reviewable',
  'fieldIcon',
  'request',
  'providerId',
  'variable_id',
  'node',
  'successTarget',
  'failureTarget',
  'onFailure',
  'pushMessageType',
  'startAt',
]);

/** Texts are joined with a character no author types, so a query never matches across two texts. */
const SEPARATOR = '\u0000';

/** Which field a string found at `path` (last key `key`) belongs to. */
function fieldOf(node: FlowNode, path: string[], key: string): SearchField {
  if (path.length === 1 && key === 'name') return 'title';
  if (key === 'url' && path[0] === 'api') return 'url';
  if (VARIABLE_KEYS.has(key)) return 'variable';
  // store.name (api, wizard) and a variable entry's name are variable names.
  if (
    key === 'name' &&
    (path[0] === 'store' || path.includes('json_variables') || path.includes('file_variables'))
  )
    return 'variable';
  if (key === 'name' && node.type === 'basic' && path[0] === 'entries' && path.length === 3)
    return 'variable';
  return 'content';
}

/** Every string an author wrote in the node, with where it is. */
export function nodeTexts(node: FlowNode): SearchText[] {
  const texts: SearchText[] = [];
  const walk = (value: unknown, path: string[]) => {
    if (typeof value === 'string') {
      const key = path[path.length - 1];
      if (value.trim() !== '')
        texts.push({ field: fieldOf(node, path, key), path: path.join('.'), text: value });
      return;
    }
    if (!value || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      value.forEach((item, i) => walk(item, [...path, String(i)]));
      return;
    }
    for (const [key, item] of Object.entries(value)) {
      if (SKIPPED_KEYS.has(key)) continue;
      walk(item, [...path, key]);
    }
  };
  walk(node, []);
  return texts;
}

function indexNode(node: FlowNode): IndexedNode {
  const texts = nodeTexts(node);
  const starts: number[] = [];
  let haystack = '';
  for (const text of texts) {
    starts.push(haystack.length);
    haystack += text.text.toLowerCase() + SEPARATOR;
  }
  return { texts, haystack, starts };
}

/** One node found: the text matched (the first in the node), with context around the match. */
export interface SearchResult {
  id: NodeId;
  name: string;
  nodeType: FlowNode['type'];
  field: SearchField;
  path: string;
  /** Up to CONTEXT characters before and after the match, with ellipses where cut. */
  before: string;
  match: string;
  after: string;
}

export interface SearchOptions {
  /** The most results answered (the list shows these; the count says how many there were). */
  limit?: number;
}

export interface SearchAnswer {
  results: SearchResult[];
  /** Every matching node, even beyond the limit. */
  total: number;
}

const CONTEXT = 32;
const DEFAULT_LIMIT = 200;

function resultOf(node: FlowNode, entry: IndexedNode, at: number, length: number): SearchResult {
  // The text holding the match: the last one starting at or before it.
  let i = entry.starts.length - 1;
  while (i > 0 && entry.starts[i] > at) i--;
  const { field, path, text } = entry.texts[i];
  const from = at - entry.starts[i];
  const start = Math.max(0, from - CONTEXT);
  const end = Math.min(text.length, from + length + CONTEXT);
  const flat = (s: string) => s.replace(/\s+/g, ' ');
  return {
    id: node.id,
    name: node.name,
    nodeType: node.type,
    field,
    path,
    before: (start > 0 ? '…' : '') + flat(text.slice(start, from)),
    match: text.slice(from, from + length),
    after: flat(text.slice(from + length, end)) + (end < text.length ? '…' : ''),
  };
}

/**
 * A search over one editor's flow. `search` is called per keystroke with the flow as it is now;
 * the texts of nodes seen before are reused, so after the first call only edited nodes are read.
 */
export function createFlowSearch() {
  let cache = new WeakMap<FlowNode, IndexedNode>();
  const entryOf = (node: FlowNode) => {
    let entry = cache.get(node);
    if (!entry) cache.set(node, (entry = indexNode(node)));
    return entry;
  };
  return {
    search(nodes: readonly FlowNode[], query: string, options: SearchOptions = {}): SearchAnswer {
      const needle = query.trim().toLowerCase();
      if (needle === '') return { results: [], total: 0 };
      const limit = options.limit ?? DEFAULT_LIMIT;
      const results: SearchResult[] = [];
      let total = 0;
      for (const node of nodes) {
        const entry = entryOf(node);
        const at = entry.haystack.indexOf(needle);
        if (at < 0) continue;
        total++;
        if (results.length < limit) results.push(resultOf(node, entry, at, needle.length));
      }
      return { results, total };
    },
    /** Reads every node's texts now (when the flow opens, so the first keystroke is as quick as the rest). */
    warm(nodes: readonly FlowNode[]): void {
      for (const node of nodes) entryOf(node);
    },
    reset(): void {
      cache = new WeakMap();
    },
  };
}

export type FlowSearch = ReturnType<typeof createFlowSearch>;
