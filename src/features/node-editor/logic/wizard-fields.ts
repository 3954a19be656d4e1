import type { WizardNode } from '../../../core/flow';
import { WIZARD_FIELD_TYPES } from '../../../core/flow';
import { passIndex, progressText, wizardProgress } from '../../../core/wizard';

// Wizard steps (spec 2 §3 "Wizard node"): what a new step starts as and how its type shapes it.

export type WizardField = WizardNode['wizard']['fields'][number];
export type WizardFieldType = (typeof WIZARD_FIELD_TYPES)[number];

/** The names spec 2 §3 gives the form-field types (each is checked by the runtime). */
export const FIELD_TYPE_LABELS: Record<WizardFieldType, string> = {
  text: 'Text',
  number: 'Number',
  email: 'Email',
  password: 'Password',
  date: 'Date',
  time: 'Time',
  url: 'URL',
  phone: 'Phone',
  bool: 'Boolean switch',
  options: 'Options',
  datetime: 'Date and time',
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

/**
 * The Offsite field's explanation, with the author's own numbers (issue 13 item 11): offsite is
 * the number the first pass is given; the questions count from it and each stored form keeps it.
 */
export function offsiteHelp(wizard: WizardNode['wizard'], storeName: string): string {
  const list = storeName.trim() || 'the store list';
  const first = passIndex(wizard.offsite, 0);
  const iterations = Math.max(1, Math.floor(wizard.iterations) || 1);
  const kept = `each form in ${list} keeps its pass number as index`;
  if (iterations < 2) return `Offsite is the number of the first pass (${first}): ${kept}.`;
  const shown = Array.from(
    { length: iterations },
    (_, i) => `"${progressText(wizardProgress(wizard, i)!, 'en')}"`,
  );
  const examples = shown.length > 3 ? `${shown.slice(0, 2).join(', ')} … ${shown.at(-1)}` : shown.join(', ');
  return `Offsite is the number of the first pass. Guests see ${examples} above the questions; ${kept}.`;
}
