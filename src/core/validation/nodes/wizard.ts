import type { WizardNode } from '../../flow/schema';
import { WIZARD_FIELD_TYPES } from '../../flow/schema';
import type { Check, Problem } from '../types';
import { isBlank, textIn } from '../text';

type WizardField = WizardNode['wizard']['fields'][number];

const FIELD_TYPES: ReadonlySet<string> = new Set(WIZARD_FIELD_TYPES);

/**
 * Spec 2 §5 wizard: a store name, iterations above 0, a numeric offsite and at least one step;
 * each step needs its default-language sentence, a known type, labelled options with values for
 * an options step, and both labels for a yes/no step.
 */
export const checkWizardNode: Check<WizardNode> = (node, context, problems) => {
  const wizard = node.wizard;
  if (isBlank(node.store?.name)) problems.push({ field: 'store.name', message: 'Store name is required' });
  if (!(Number.isFinite(wizard?.iterations) && wizard.iterations > 0)) {
    problems.push({ field: 'wizard.iterations', message: 'Iterations must be greater than 0' });
  }
  if (!isNumeric(wizard?.offsite))
    problems.push({ field: 'wizard.offsite', message: 'Offsite must be a number' });
  const fields = wizard?.fields ?? [];
  if (fields.length === 0) problems.push({ field: 'wizard.fields', message: 'Add at least one step' });
  fields.forEach((field, i) =>
    checkWizardField(field, `wizard.fields.${i}`, context.defaultLanguageCode, problems),
  );
};

function isNumeric(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  return typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value));
}

/** One step, as Add question checks it before the step joins the wizard. */
export function checkWizardField(field: WizardField, at: string, code: string, problems: Problem[]): void {
  if (isBlank(textIn(field.feedback, code))) {
    problems.push({ field: `${at}.feedback.${code}`, message: 'Question is required' });
  }
  if (!FIELD_TYPES.has(field.type)) problems.push({ field: `${at}.type`, message: 'Choose a field type' });
  if (field.type === 'options') {
    const options = field.options ?? [];
    if (options.length === 0) problems.push({ field: `${at}.options`, message: 'Add at least one option' });
    options.forEach((option, k) => {
      if (isBlank(textIn(option.label, code))) {
        problems.push({ field: `${at}.options.${k}.label.${code}`, message: 'Option label is required' });
      }
      if (isBlank(option.value)) {
        problems.push({ field: `${at}.options.${k}.value`, message: 'Option value is required' });
      }
    });
  }
  if (field.type === 'bool') {
    if (isBlank(textIn(field.booleans?.onTrue, code))) {
      problems.push({ field: `${at}.booleans.onTrue.${code}`, message: 'True label is required' });
    }
    if (isBlank(textIn(field.booleans?.onFalse, code))) {
      problems.push({ field: `${at}.booleans.onFalse.${code}`, message: 'False label is required' });
    }
  }
}
