// A wizard step's buttons and answer check. What each form-field type accepts is the pure table in
// src/core/wizard/answers.ts; here the step's labels are put in the guest's language first (the
// label shown leads, so a refusal names the buttons the guest sees).
import type { WizardNode } from '../../../src/core/flow/index.js';
import { checkFormAnswer, FORM_ANSWER_MESSAGES, type FormAnswer } from '../../../src/core/wizard/index.js';
import { pickText, type LangText } from '../language.js';
import type { ChoiceButton } from '../replies.js';

export type WizardFieldSpec = WizardNode['wizard']['fields'][number];

export const WIZARD_MESSAGES = FORM_ANSWER_MESSAGES;

/** The label shown in `code`, then the label in every language (what a guest may type). */
function labelsIn(text: LangText | undefined, code: string): string[] {
  const shown = pickText(text, code);
  const all = Object.values(text ?? {}).filter((l): l is string => typeof l === 'string');
  return [shown, ...all].map((l) => l.trim()).filter(Boolean);
}

/** The buttons shown with an options or bool step. */
export function fieldButtons(field: WizardFieldSpec, code: string): ChoiceButton[] | undefined {
  if (field.type === 'options') {
    return (field.options ?? []).map((o) => ({ id: o.id, label: pickText(o.label, code) || o.value }));
  }
  if (field.type === 'bool') {
    return [
      { id: 'true', label: pickText(field.booleans?.onTrue, code) || 'True' },
      { id: 'false', label: pickText(field.booleans?.onFalse, code) || 'False' },
    ];
  }
  return undefined;
}

export function checkAnswer(field: WizardFieldSpec, text: string, code: string): FormAnswer {
  return checkFormAnswer(
    {
      type: field.type,
      options: field.options?.map((o) => ({ value: o.value, labels: labelsIn(o.label, code) })),
      booleans: field.booleans && {
        onTrue: labelsIn(field.booleans.onTrue, code),
        onFalse: labelsIn(field.booleans.onFalse, code),
      },
    },
    text,
  );
}
