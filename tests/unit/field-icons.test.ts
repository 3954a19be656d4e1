import { describe, expect, it } from 'vitest';
import {
  defaultFieldIcon,
  FIELD_ICON_KINDS,
  FIELD_ICON_LABELS,
  fieldIconOf,
  isFieldIconKind,
  WIZARD_FIELD_TYPES,
} from '../../src/core/flow';
import { VARIABLE_ICONS } from '../../src/features/node-editor/widgets/VariableIcon';

// Spec 2 §3: about 40 icon kinds for variables, among them the ten it names; each drawn by Lucide.
describe('variable icon kinds', () => {
  it('has about 40 distinct kinds, the ones spec 2 names among them', () => {
    expect(FIELD_ICON_KINDS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(FIELD_ICON_KINDS).size).toBe(FIELD_ICON_KINDS.length);
    for (const named of [
      'user',
      'email',
      'phone',
      'name',
      'address',
      'date',
      'boolean',
      'list',
      'number',
      'text',
    ]) {
      expect(FIELD_ICON_KINDS).toContain(named);
    }
  });

  it('names and draws every kind, each with its own icon', () => {
    for (const kind of FIELD_ICON_KINDS) {
      expect(FIELD_ICON_LABELS[kind]).toBeTruthy();
      expect(VARIABLE_ICONS[kind]).toBeTruthy();
    }
    expect(new Set(Object.values(VARIABLE_ICONS)).size).toBe(FIELD_ICON_KINDS.length);
    expect(new Set(Object.values(FIELD_ICON_LABELS)).size).toBe(FIELD_ICON_KINDS.length);
  });

  it('gives every form-field type a starting icon', () => {
    for (const type of WIZARD_FIELD_TYPES) expect(isFieldIconKind(defaultFieldIcon(type))).toBe(true);
    expect(defaultFieldIcon('bool')).toBe('boolean');
    expect(defaultFieldIcon('email')).toBe('email');
    expect(defaultFieldIcon('url')).toBe('url');
    expect(defaultFieldIcon('something-new')).toBe('text');
  });

  it('draws a stored kind as it is, and a missing or unknown one by the field type', () => {
    expect(fieldIconOf('birthday', 'date')).toBe('birthday');
    expect(fieldIconOf(undefined, 'phone')).toBe('phone');
    expect(fieldIconOf('dragon', 'number')).toBe('number');
    expect(isFieldIconKind(42)).toBe(false);
  });
});
