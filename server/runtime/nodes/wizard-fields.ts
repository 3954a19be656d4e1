// A wizard step's answer checked by the step's type (spec 2 §3 Wizard field): text, number,
// email, datetime, date, phone, options, bool. Each refusal says what is expected.
import type { WizardNode } from '../../../src/core/flow/index.js';
import { isValidEmail } from '../../../src/core/rules/email.js';
import { pickText } from '../language.js';
import type { ChoiceButton } from '../replies.js';

export type WizardFieldSpec = WizardNode['wizard']['fields'][number];

export const WIZARD_MESSAGES = {
  text: 'Please enter a value.',
  number: 'Please enter a number.',
  email: 'Please enter a valid email address.',
  datetime: 'Please enter a date and time (YYYY-MM-DD HH:MM).',
  date: 'Please enter a date (YYYY-MM-DD).',
  phone: 'Please enter a valid phone number.',
  options: 'Please choose one of the options.',
} as const;

type Checked = { ok: true; value: unknown } | { ok: false; message: string };

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;
const PHONE = /^\+?[\d\s().-]+$/;

function isRealDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [, y, m, d] = match.map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function labels(text: Record<string, string> | undefined): string[] {
  return Object.values(text ?? {})
    .map((l) => l.trim().toLowerCase())
    .filter(Boolean);
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

export function checkAnswer(field: WizardFieldSpec, text: string, code: string): Checked {
  const answer = text.trim();
  const lower = answer.toLowerCase();
  const refuse = (message: string): Checked => ({ ok: false, message });
  switch (field.type) {
    case 'number':
      return NUMBER.test(answer) ? { ok: true, value: Number(answer) } : refuse(WIZARD_MESSAGES.number);
    case 'email':
      return isValidEmail(answer) ? { ok: true, value: answer } : refuse(WIZARD_MESSAGES.email);
    case 'date':
      return isRealDate(answer) ? { ok: true, value: answer } : refuse(WIZARD_MESSAGES.date);
    case 'datetime': {
      const match = DATETIME.exec(answer);
      const valid = match && isRealDate(match[1]) && Number(match[2]) < 24 && Number(match[3]) < 60;
      return valid
        ? { ok: true, value: `${match[1]}T${match[2]}:${match[3]}` }
        : refuse(WIZARD_MESSAGES.datetime);
    }
    case 'phone': {
      const digits = answer.replace(/\D/g, '').length;
      const valid = PHONE.test(answer) && digits >= 6 && digits <= 15;
      return valid ? { ok: true, value: answer } : refuse(WIZARD_MESSAGES.phone);
    }
    case 'options': {
      const option = (field.options ?? []).find(
        (o) => o.value.trim().toLowerCase() === lower || labels(o.label).includes(lower),
      );
      return option ? { ok: true, value: option.value } : refuse(WIZARD_MESSAGES.options);
    }
    case 'bool': {
      if (lower === 'true' || labels(field.booleans?.onTrue).includes(lower))
        return { ok: true, value: true };
      if (lower === 'false' || labels(field.booleans?.onFalse).includes(lower))
        return { ok: true, value: false };
      const [yes, no] = fieldButtons(field, code) ?? [];
      return refuse(`Please answer ${yes.label} or ${no.label}.`);
    }
    default:
      return answer ? { ok: true, value: answer } : refuse(WIZARD_MESSAGES.text);
  }
}
