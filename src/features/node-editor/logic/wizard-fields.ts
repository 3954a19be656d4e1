import type { WizardNode } from '../../../core/flow';
import { WIZARD_FIELD_TYPES } from '../../../core/flow';

// Wizard steps (spec 2 §3 "Wizard node"): what a new step starts as and how its type shapes it.

export type WizardField = WizardNode['wizard']['fields'][number];
export type WizardFieldType = (typeof WIZARD_FIELD_TYPES)[number];

export const FIELD_TYPE_LABELS: Record<WizardFieldType, string> = {
  text: 'Text',
  number: 'Number',
  email: 'Email',
  datetime: 'Date and time',
  date: 'Date',
  phone: 'Phone',
  options: 'Options',
  bool: 'Boolean switch',
};

let fieldCounter = 0;

export function newFieldId(): string {
  fieldCounter += 1;
  return `f${Date.now().toString(36)}${fieldCounter.toString(36)}`;
}

export function newWizardField(code: string): WizardField {
  return {
    id: newFieldId(),
    type: 'text',
    attr: '',
    feedback: { [code]: '' },
    required: true,
    fieldIcon: 'text',
  };
}

/** The step with another type: options and yes/no labels appear only where the type needs them. */
export function withFieldType(field: WizardField, type: WizardFieldType, code: string): WizardField {
  const next: WizardField = { ...field, type };
  delete next.options;
  delete next.booleans;
  if (type === 'options')
    next.options = field.options ?? [{ id: newFieldId(), label: { [code]: '' }, value: '' }];
  if (type === 'bool')
    next.booleans = field.booleans ?? { onTrue: { [code]: 'Yes' }, onFalse: { [code]: 'No' } };
  return next;
}
