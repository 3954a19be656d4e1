import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkFields, datetimeLocal, isDatetimeLocal, type FieldRules } from '../../src/core/bot/checker';

// A small schema of its own, so every message template of spec 1 §5 is exercised, including the
// ones the bot schema does not use.
const schema = z.object({
  title: z.string(),
  tags: z.array(z.string()),
  starts: datetimeLocal(),
  count: z.number().int(),
  enabled: z.boolean(),
  disabled_reason: z.string(),
  email: z.string(),
  phone: z.string(),
  group: z.number(),
  members: z.array(z.number()),
  options: z.object({ size: z.number() }),
});

const rules: FieldRules = {
  title: { required: true },
  enabled: { requiresOnTrue: 'tags', requiresOnFalse: 'disabled_reason' },
  email: { notBothEmptyWith: 'phone' },
  group: { requiresValuesIn: 'members' },
  phone: { requires: 'email' },
  count: { validate: (n) => (n === 13 ? 'count brings bad luck' : Number(n) >= 0) },
};

const valid = {
  title: 'A',
  tags: ['x'],
  starts: '2025-03-01T09:30',
  count: 1,
  enabled: true,
  disabled_reason: '',
  email: 'a@b.co',
  phone: '',
  group: 1,
  members: [1],
  options: { size: 2 },
};

function messages(values: Record<string, unknown>) {
  return checkFields(schema, rules, values).errors.map((e) => e.message);
}

describe('checkFields', () => {
  it('accepts valid values', () => {
    expect(checkFields(schema, rules, valid)).toEqual({ valid: true, errors: [] });
  });

  it('"{field} is required" for missing, null, blank text and empty lists', () => {
    expect(messages({ ...valid, title: undefined })).toEqual(['title is required']);
    expect(messages({ ...valid, title: null })).toEqual(['title is required']);
    expect(messages({ ...valid, title: '   ' })).toEqual(['title is required']);
    const list = checkFields(z.object({ l: z.array(z.string()) }), { l: { required: true } }, { l: [] });
    expect(list.errors).toEqual([{ field: 'l', message: 'l is required' }]);
  });

  it('"{field} must be a array"', () => {
    expect(messages({ ...valid, tags: 'x' })).toEqual(['tags must be a array']);
  });

  it('"{field} must be a {type}" for other types, nested ones named by path', () => {
    expect(messages({ ...valid, count: '1' })).toEqual(['count must be a number']);
    expect(messages({ ...valid, enabled: 'yes' })).toEqual(['enabled must be a boolean']);
    expect(messages({ ...valid, email: 3 })).toEqual(['email must be a string']);
    expect(messages({ ...valid, options: [] })).toEqual(['options must be a object']);
    expect(checkFields(schema, rules, { ...valid, options: { size: 'big' } }).errors).toEqual([
      { field: 'options.size', message: 'options.size must be a number' },
    ]);
  });

  it('"{field} invalid datetime-local value"', () => {
    expect(messages({ ...valid, starts: '2025-02-30T09:30' })).toEqual([
      'starts invalid datetime-local value',
    ]);
    expect(messages({ ...valid, starts: 'tomorrow' })).toEqual(['starts invalid datetime-local value']);
    expect(isDatetimeLocal('2024-02-29T23:59:59')).toBe(true);
    expect(isDatetimeLocal('2024-13-01T10:00')).toBe(false);
    expect(isDatetimeLocal('2024-01-01T24:00')).toBe(false);
  });

  it('"{field} and {other} cannot be both empty"', () => {
    expect(messages({ ...valid, email: '', phone: '' })).toEqual(['email and phone cannot be both empty']);
    expect(messages({ ...valid, email: undefined, phone: undefined })).toEqual([
      'email and phone cannot be both empty',
    ]);
  });

  it('"{field} requires {other} to have values"', () => {
    expect(messages({ ...valid, members: [] })).toEqual(['group requires members to have values']);
  });

  it('"{field} requires {other} to be set", for a value, on true and on false', () => {
    expect(messages({ ...valid, email: '', phone: '555' })).toEqual(['phone requires email to be set']);
    expect(messages({ ...valid, enabled: true, tags: [] })).toEqual(['enabled requires tags to be set']);
    expect(messages({ ...valid, enabled: false, disabled_reason: ' ' })).toEqual([
      'enabled requires disabled_reason to be set',
    ]);
    expect(messages({ ...valid, enabled: false, disabled_reason: 'paused' })).toEqual([]);
  });

  it('"{field} is invalid" for a wrong value of the right type and custom checks', () => {
    expect(messages({ ...valid, count: 1.5 })).toEqual(['count is invalid']);
    expect(messages({ ...valid, count: -1 })).toEqual(['count is invalid']);
  });

  it('uses a custom validator message as it is', () => {
    expect(messages({ ...valid, count: 13 })).toEqual(['count brings bad luck']);
  });

  it('reports one error per field, in schema order', () => {
    const result = checkFields(schema, rules, { ...valid, title: '', tags: 1, count: 'x' });
    expect(result.valid).toBe(false);
    expect(result.errors.map((e) => e.field)).toEqual(['title', 'tags', 'count']);
  });

  it('skips absent optional fields and refuses a non-object', () => {
    expect(messages({ title: 'only' })).toEqual(['email and phone cannot be both empty']);
    expect(checkFields(schema, rules, 'text', 'form').errors).toEqual([
      { field: 'form', message: 'form must be a object' },
    ]);
    expect(checkFields(schema, rules, null).valid).toBe(false);
  });
});
