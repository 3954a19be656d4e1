import type { FlowNode } from './schema';

// Machine translation of a flow's texts (issue 13 §13, the bot's "Translate flow content"): which
// texts a language lacks, and filling them in. Filled texts are ordinary per-language texts (the
// runtime needs nothing new) plus a mark on the node, `machine_translated: { fr: [field, …] }`,
// so the editor can say which ones no author wrote. The mark is a plain key of the node, kept by
// the loose flow schema and by export and import like any other field.

/** The node key holding the marks: language code → the fields filled by machine translation. */
export const MACHINE_TRANSLATED = 'machine_translated';

export type MachineTranslated = Record<string, string[]>;

/**
 * One translatable text of a node, in every language: `field` names it stably within the node
 * (ids rather than positions where the list items have ids, so a reordered list keeps its marks).
 */
interface TextField {
  field: string;
  read(code: string): string;
  write(code: string, text: string): void;
}

type Obj = Record<string, unknown>;

const isObj = (value: unknown): value is Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A `{ en: '…', fr: '…' }` record at `holder[key]`. */
function langField(field: string, holder: Obj, key: string): TextField {
  return {
    field,
    read: (code) => {
      const record = holder[key];
      const text = isObj(record) ? record[code] : undefined;
      return typeof text === 'string' ? text : '';
    },
    write: (code, text) => {
      const record = isObj(holder[key]) ? (holder[key] as Obj) : {};
      holder[key] = { ...record, [code]: text };
    },
  };
}

/** A choice's option in one language: its label (saved as name or label) and its keywords. */
function optionFields(slot: Obj): TextField[] {
  const id = String(slot.id);
  const optionIn = (code: string): Obj | undefined => {
    const options = slot.option;
    return isObj(options) && isObj(options[code]) ? (options[code] as Obj) : undefined;
  };
  const update = (code: string, change: Obj) => {
    const options = isObj(slot.option) ? (slot.option as Obj) : {};
    slot.option = { ...options, [code]: { ...(optionIn(code) ?? {}), ...change } };
  };
  const labelOf = (option: Obj | undefined) => {
    const text = option?.name || option?.label;
    return typeof text === 'string' ? text : '';
  };
  return [
    {
      field: `next.${id}.option.name`,
      read: (code) => labelOf(optionIn(code)),
      write: (code, text) => update(code, { name: text }),
    },
    {
      // Keywords travel as one comma-separated text: one string to translate, split back after.
      field: `next.${id}.option.alt`,
      read: (code) => {
        const alt = optionIn(code)?.alt;
        return Array.isArray(alt) ? alt.filter((k) => typeof k === 'string' && k.trim()).join(', ') : '';
      },
      write: (code, text) =>
        update(code, {
          alt: text
            .split(',')
            .map((k) => k.trim())
            .filter(Boolean),
        }),
    },
  ];
}

function wizardFields(wizard: unknown): TextField[] {
  if (!isObj(wizard) || !Array.isArray(wizard.fields)) return [];
  return wizard.fields.filter(isObj).flatMap((item) => {
    const at = `wizard.fields.${String(item.id)}`;
    const fields = [langField(`${at}.feedback`, item, 'feedback')];
    if (Array.isArray(item.options)) {
      for (const option of item.options.filter(isObj)) {
        fields.push(langField(`${at}.options.${String(option.id)}.label`, option, 'label'));
      }
    }
    if (isObj(item.booleans)) {
      fields.push(langField(`${at}.booleans.onTrue`, item.booleans, 'onTrue'));
      fields.push(langField(`${at}.booleans.onFalse`, item.booleans, 'onFalse'));
    }
    return fields;
  });
}

/** Text entries of a basic node (images, videos and carousels hold addresses, not words). */
function entryFields(entries: unknown): TextField[] {
  if (!Array.isArray(entries)) return [];
  return entries.flatMap((entry, index) => {
    if (!isObj(entry) || entry.type !== 'content' || !isObj(entry.content)) return [];
    if (entry.content.type !== 'text') return [];
    return [langField(`entries.${index}.content`, entry.content, 'content')];
  });
}

/** Every translatable text of the node, bound to that node object (writes change it). */
export function textFieldsOf(node: FlowNode): TextField[] {
  const n = node as unknown as Obj;
  const own = (...keys: string[]) => keys.map((key) => langField(key, n, key));
  switch (node.type) {
    case 'basic':
      return entryFields(n.entries);
    case 'choice':
      return [
        ...own('message'),
        ...node.next.flatMap((slot) => (slot.option ? optionFields(slot as Obj) : [])),
      ];
    case 'wizard':
      return wizardFields(n.wizard);
    case 'ai':
      return own('message', 'prompt', 'systemInstructions');
    case 'realtime-ai':
      return own('prompt');
    case 'call':
      return own('message', 'subject', 'description');
    case 'notification':
      return own('template');
    default:
      return [];
  }
}

/** A text the target language lacks, with the source language's text to translate. */
export interface MissingText {
  nodeId: string;
  field: string;
  source: string;
}

/** Texts present (non-blank) in `source` and blank or absent in `target`. */
export function missingTexts(nodes: readonly FlowNode[], source: string, target: string): MissingText[] {
  if (source === target) return [];
  return nodes.flatMap((node) =>
    textFieldsOf(node)
      .filter((f) => f.read(source).trim() && !f.read(target).trim())
      .map((f) => ({ nodeId: node.id, field: f.field, source: f.read(source) })),
  );
}

/** The marks of a node (an absent or malformed map reads as none). */
export function machineTranslatedOf(node: FlowNode): MachineTranslated {
  const marks = (node as unknown as Obj)[MACHINE_TRANSLATED];
  if (!isObj(marks)) return {};
  const result: MachineTranslated = {};
  for (const [code, fields] of Object.entries(marks)) {
    if (Array.isArray(fields)) result[code] = fields.filter((f): f is string => typeof f === 'string');
  }
  return result;
}

function withMarks(node: FlowNode, marks: MachineTranslated): FlowNode {
  const kept = Object.fromEntries(Object.entries(marks).filter(([, fields]) => fields.length > 0));
  const copy = { ...node } as Obj;
  if (Object.keys(kept).length > 0) copy[MACHINE_TRANSLATED] = kept;
  else delete copy[MACHINE_TRANSLATED];
  return copy as unknown as FlowNode;
}

/**
 * The nodes with `texts[i]` filled in for `missing[i]` in `target` and marked machine-translated.
 * A text an author wrote in the meantime (no longer blank) is left alone; the input is not changed.
 */
export function applyTranslations(
  nodes: readonly FlowNode[],
  target: string,
  missing: readonly MissingText[],
  texts: readonly string[],
): FlowNode[] {
  const byNode = new Map<string, { field: string; text: string }[]>();
  missing.forEach((m, i) => {
    const text = texts[i];
    if (typeof text !== 'string' || !text.trim()) return;
    byNode.set(m.nodeId, [...(byNode.get(m.nodeId) ?? []), { field: m.field, text }]);
  });
  return nodes.map((node) => {
    const filled = byNode.get(node.id);
    if (!filled) return node;
    const copy = structuredClone(node);
    const fields = new Map(textFieldsOf(copy).map((f) => [f.field, f]));
    const marks = machineTranslatedOf(copy);
    const marked = new Set(marks[target] ?? []);
    for (const { field, text } of filled) {
      const slot = fields.get(field);
      if (!slot || slot.read(target).trim()) continue;
      slot.write(target, text);
      marked.add(field);
    }
    return withMarks(copy, { ...marks, [target]: [...marked] });
  });
}

/**
 * The edited node with the marks of the texts the author changed removed (`before` is the node as
 * the editor opened it): a text an author touched is the author's, whatever its origin.
 */
export function clearEditedMarks(before: FlowNode, after: FlowNode): FlowNode {
  const marks = machineTranslatedOf(after);
  if (Object.keys(marks).length === 0) return after;
  const old = new Map(textFieldsOf(before).map((f) => [f.field, f]));
  const now = new Map(textFieldsOf(after).map((f) => [f.field, f]));
  const kept: MachineTranslated = {};
  let changed = false;
  for (const [code, fields] of Object.entries(marks)) {
    kept[code] = fields.filter((field) => {
      const text = now.get(field)?.read(code) ?? '';
      const same = !!text.trim() && text === (old.get(field)?.read(code) ?? '');
      if (!same) changed = true;
      return same;
    });
  }
  return changed ? withMarks(after, kept) : after;
}

/**
 * The nodes with every machine-translated text whose source text changed since `previous` (the
 * flow as last published) blanked and unmarked, so the publish translates the new wording; a
 * stale translation would say something the author no longer says. Author text is never touched.
 */
export function dropStaleTranslations(
  previous: readonly FlowNode[],
  nodes: readonly FlowNode[],
  source: string,
): FlowNode[] {
  const before = new Map(previous.map((node) => [node.id, node]));
  return nodes.map((node) => {
    const marks = machineTranslatedOf(node);
    const old = before.get(node.id);
    if (!old || Object.keys(marks).length === 0) return node;
    const oldFields = new Map(textFieldsOf(old).map((f) => [f.field, f]));
    const stale = (field: string) => {
      const was = oldFields.get(field);
      const now = textFieldsOf(node).find((f) => f.field === field);
      return !!was && !!now && was.read(source) !== now.read(source);
    };
    if (!Object.values(marks).some((fields) => fields.some(stale))) return node;
    const copy = structuredClone(node);
    const fields = new Map(textFieldsOf(copy).map((f) => [f.field, f]));
    const kept: MachineTranslated = {};
    for (const [code, marked] of Object.entries(marks)) {
      kept[code] = marked.filter((field) => {
        if (!stale(field)) return true;
        fields.get(field)?.write(code, '');
        return false;
      });
    }
    return withMarks(copy, kept);
  });
}

/** The request body of one language's batch: numbered keys, so the answer can be checked key by key. */
export function translationRequest(missing: readonly MissingText[]): Record<string, string> {
  return Object.fromEntries(missing.map((m, i) => [String(i + 1), m.source]));
}

/**
 * The texts of a translator's JSON answer in the order of `missing`, or null unless it is an
 * object with exactly the asked keys, each a string.
 */
export function translationAnswer(missing: readonly MissingText[], answer: string): string[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer);
  } catch {
    return null;
  }
  if (!isObj(parsed)) return null;
  const asked = Object.keys(translationRequest(missing));
  const keys = Object.keys(parsed);
  if (keys.length !== asked.length || !asked.every((key) => typeof parsed[key] === 'string')) return null;
  return asked.map((key) => parsed[key] as string);
}
