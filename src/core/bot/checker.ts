// The generic schema checker (spec 1 §5). Types come from a zod object schema; the relations
// between fields and the custom checks come from declarative rules. Every failure is worded with
// one of the spec's message templates, so the dialog, the import and the server say the same thing.
import { z } from 'zod';

export interface CheckError {
  field: string;
  message: string;
}

export interface CheckResult {
  valid: boolean;
  errors: CheckError[];
}

export type FieldValues = Record<string, unknown>;

/** What a field needs beyond its type. */
export interface FieldRule {
  /** "{field} is required": missing, null, blank text or an empty list. */
  required?: boolean;
  /** "{field} requires {other} to be set" while this field holds a value (not empty, not false). */
  requires?: string;
  /** Boolean fields: "{field} requires {other} to be set" when this field is true. */
  requiresOnTrue?: string;
  /** Boolean fields: "{field} requires {other} to be set" when this field is false. */
  requiresOnFalse?: string;
  /** "{field} requires {other} to have values": `other` must be a non-empty list. */
  requiresValuesIn?: string;
  /** "{field} and {other} cannot be both empty". */
  notBothEmptyWith?: string;
  /** A custom check: false gives "{field} is invalid", a text is used as the message. */
  validate?: (value: unknown, values: FieldValues) => boolean | string;
}

export type FieldRules = Record<string, FieldRule>;

/** The zod issue parameter that marks a datetime-local failure. */
const DATETIME_LOCAL = 'datetime-local';
const DATETIME_LOCAL_RULE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/;

/** True for the value of an `<input type="datetime-local">`: YYYY-MM-DDTHH:MM[:SS[.mmm]]. */
export function isDatetimeLocal(text: string): boolean {
  const match = DATETIME_LOCAL_RULE.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return (
    month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth && hour < 24 && minute < 60 && second < 60
  );
}

/** A zod string holding a datetime-local value; the checker words its failure for the spec. */
export function datetimeLocal() {
  return z.string().refine(isDatetimeLocal, { params: { kind: DATETIME_LOCAL } });
}

export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** "Set" for a requirement: holds a value and, for a boolean, is true. */
function isSet(value: unknown): boolean {
  return !isEmptyValue(value) && value !== false;
}

const TYPE_NAMES = new Set(['string', 'number', 'boolean', 'array', 'object']);

function typeName(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  if (typeof value === 'number' && Number.isNaN(value)) return 'NaN';
  return typeof value;
}

function valueAt(value: unknown, path: PropertyKey[]): unknown {
  let current = value;
  for (const step of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[step];
  }
  return current;
}

/** The one type every option of a failed union expects (1 | 2 expects a number), if any. */
function unionType(issue: z.core.$ZodIssue): string | null {
  if (issue.code !== 'invalid_union') return null;
  const types = new Set(
    issue.errors.flat().map((option) => {
      if (option.code === 'invalid_type') return option.expected;
      if (option.code === 'invalid_value') return option.values.map(typeName).join('|');
      return '?';
    }),
  );
  const [only] = types;
  return types.size === 1 && TYPE_NAMES.has(only) ? only : null;
}

/** Words one zod issue with the spec's templates. */
function describeIssue(field: string, issue: z.core.$ZodIssue, value: unknown): CheckError {
  const name = [field, ...issue.path.map(String)].join('.');
  const actual = valueAt(value, issue.path);
  if (issue.code === 'custom' && issue.params?.kind === DATETIME_LOCAL) {
    return { field: name, message: `${name} invalid datetime-local value` };
  }
  if (actual === undefined && (issue.code === 'invalid_type' || issue.code === 'invalid_union')) {
    return { field: name, message: `${name} is required` };
  }
  // 'int' against a number, say, is not a wrong type but a wrong value.
  const expected = issue.code === 'invalid_type' ? issue.expected : unionType(issue);
  if (expected && TYPE_NAMES.has(expected) && typeName(actual) !== expected) {
    return { field: name, message: `${name} must be a ${expected}` };
  }
  return { field: name, message: `${name} is invalid` };
}

/** The first problem of one field, or null. Order: required, type, relations, custom check. */
function checkField(
  field: string,
  schema: z.ZodType | undefined,
  rule: FieldRule,
  values: FieldValues,
): CheckError | null {
  const value = values[field];
  const fail = (message: string): CheckError => ({ field, message });
  if (rule.required && isEmptyValue(value)) return fail(`${field} is required`);
  // Optional fields that are absent are fine: "other fields are type-checked only".
  if (value === undefined && !rule.notBothEmptyWith) return null;
  if (value !== undefined && schema) {
    const parsed = schema.safeParse(value);
    if (!parsed.success) return describeIssue(field, parsed.error.issues[0], value);
  }
  const other = rule.notBothEmptyWith;
  if (other && isEmptyValue(value) && isEmptyValue(values[other])) {
    return fail(`${field} and ${other} cannot be both empty`);
  }
  for (const needed of [
    isSet(value) ? rule.requires : undefined,
    value === true ? rule.requiresOnTrue : undefined,
    value === false ? rule.requiresOnFalse : undefined,
  ]) {
    if (needed && !isSet(values[needed])) return fail(`${field} requires ${needed} to be set`);
  }
  const list = rule.requiresValuesIn;
  if (list && isSet(value) && !(Array.isArray(values[list]) && values[list].length > 0)) {
    return fail(`${field} requires ${list} to have values`);
  }
  if (rule.validate) {
    const verdict = rule.validate(value, values);
    if (verdict === false) return fail(`${field} is invalid`);
    if (typeof verdict === 'string') return fail(verdict);
  }
  return null;
}

/**
 * Checks `values` against a zod object schema and the rules, field by field in the schema's order
 * (then rule-only fields). Each field reports at most its first problem.
 */
export function checkFields(
  schema: z.ZodObject,
  rules: FieldRules,
  values: unknown,
  /** What the values are called when they are not an object at all. */
  name = 'values',
): CheckResult {
  if (values === null || typeof values !== 'object' || Array.isArray(values)) {
    return { valid: false, errors: [{ field: name, message: `${name} must be a object` }] };
  }
  const shape = schema.shape as Record<string, z.ZodType>;
  const fields = [...new Set([...Object.keys(shape), ...Object.keys(rules)])];
  const errors: CheckError[] = [];
  for (const field of fields) {
    const error = checkField(field, shape[field], rules[field] ?? {}, values as FieldValues);
    if (error) errors.push(error);
  }
  return { valid: errors.length === 0, errors };
}
