import type { DynamicNode } from '../../../core/flow';

// The dynamic node is edited as JSON (issue 5): its six fields in one object.

export const DYNAMIC_KEYS = ['loader', 'attrName', 'attrValue', 'start', 'max', 'listener'] as const;
type DynamicKey = (typeof DYNAMIC_KEYS)[number];
export type DynamicFields = Partial<Record<DynamicKey, unknown>>;

export function dynamicFieldsText(node: DynamicNode): string {
  const fields: Record<string, unknown> = {};
  for (const key of DYNAMIC_KEYS) fields[key] = node[key] ?? null;
  return JSON.stringify(fields, null, 2);
}

export type ParsedDynamic = { ok: true; fields: DynamicFields } | { ok: false; message: string };

/** The fields typed by the author: a JSON object whose keys are among the six. */
export function parseDynamicFields(text: string): ParsedDynamic {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `Invalid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, message: 'The fields must be a JSON object' };
  }
  const unknownKey = Object.keys(value).find((key) => !(DYNAMIC_KEYS as readonly string[]).includes(key));
  if (unknownKey) return { ok: false, message: `Unknown field "${unknownKey}"` };
  return { ok: true, fields: value as DynamicFields };
}
