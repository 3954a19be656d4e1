// A guest's answer to a wizard step, checked by the step's form-field type (spec 2 §3: Text,
// Number, Email, Password, Date, Time, URL, Phone, Boolean switch, Options, and datetime from the
// entity list). Pure, so the runtime and the tests share one table of what each type accepts;
// a refusal says what is expected, and the runtime then asks the step's sentence again.
import type { WizardFieldType } from '../flow/schema';
import { isValidEmail } from '../rules/email';
import { isValidUrl } from '../rules/url';
import { matchChoiceAnswer } from '../text/choice-match';

export const FORM_ANSWER_MESSAGES = {
  text: 'Please enter a value.',
  number: 'Please enter a number.',
  email: 'Please enter a valid email address.',
  password: 'Please enter a password.',
  date: 'Please enter a date (YYYY-MM-DD).',
  time: 'Please enter a time (HH:MM).',
  url: 'Please enter a valid web address (for example https://example.com).',
  phone: 'Please enter a valid phone number.',
  options: 'Please choose one of the options.',
  datetime: 'Please enter a date and time (YYYY-MM-DD HH:MM).',
} as const;

/** What the checker needs of a step: its type and, for choices, what each answer may be called. */
export interface AnswerField {
  type: WizardFieldType;
  /** Options: the stored value and the labels (every language) that pick it. */
  options?: readonly { value: string; labels: readonly string[] }[];
  /** Boolean switch: the labels of each side, the one shown to the guest first. */
  booleans?: { onTrue: readonly string[]; onFalse: readonly string[] };
}

export type FormAnswer = { ok: true; value: unknown } | { ok: false; message: string };

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;
const DATETIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{1,2}:\d{2}(?::\d{2})?)$/;
const PHONE = /^\+?[\d\s().-]+$/;

/** A calendar date that exists (2024-02-29 does, 2023-02-29 does not). */
export function isRealDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [, y, m, d] = match.map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A 24-hour time as HH:MM (seconds dropped), or null: "9:05" → "09:05", "24:00" → null. */
export function timeOf(text: string): string | null {
  const match = TIME.exec(text);
  if (!match) return null;
  const [hours, minutes, seconds] = [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)];
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  return `${String(hours).padStart(2, '0')}:${match[2]}`;
}

/** Digits with the usual separators, an optional leading +, 6 to 15 digits (E.164 allows 15). */
export function isPhoneNumber(text: string): boolean {
  const digits = text.replace(/\D/g, '').length;
  return PHONE.test(text) && digits >= 6 && digits <= 15;
}

/**
 * A web address as a guest types it: with or without http(s)://, a real-looking host (the bot
 * origins rule of spec 1 §5). Other schemes (javascript:, ftp:) are refused.
 */
export function isWebAddress(text: string): boolean {
  return isValidUrl(text);
}

export function checkFormAnswer(field: AnswerField, text: string): FormAnswer {
  const answer = text.trim();
  const refuse = (message: string): FormAnswer => ({ ok: false, message });
  const accept = (value: unknown): FormAnswer => ({ ok: true, value });
  switch (field.type) {
    case 'number':
      return NUMBER.test(answer) ? accept(Number(answer)) : refuse(FORM_ANSWER_MESSAGES.number);
    case 'email':
      return isValidEmail(answer) ? accept(answer) : refuse(FORM_ANSWER_MESSAGES.email);
    case 'password':
      // Kept exactly as typed (spaces may be part of it); only an empty one is refused.
      return answer ? accept(text) : refuse(FORM_ANSWER_MESSAGES.password);
    case 'date':
      return isRealDate(answer) ? accept(answer) : refuse(FORM_ANSWER_MESSAGES.date);
    case 'time': {
      const time = timeOf(answer);
      return time ? accept(time) : refuse(FORM_ANSWER_MESSAGES.time);
    }
    case 'datetime': {
      const match = DATETIME.exec(answer);
      const time = match && isRealDate(match[1]) ? timeOf(match[2]) : null;
      return time ? accept(`${match![1]}T${time}`) : refuse(FORM_ANSWER_MESSAGES.datetime);
    }
    case 'url':
      return isWebAddress(answer) ? accept(answer) : refuse(FORM_ANSWER_MESSAGES.url);
    case 'phone':
      return isPhoneNumber(answer) ? accept(answer) : refuse(FORM_ANSWER_MESSAGES.phone);
    case 'options': {
      const options = field.options ?? [];
      const picked = matchChoiceAnswer(
        answer,
        options.map((o) => [o.value, ...o.labels]),
      );
      return picked >= 0 ? accept(options[picked].value) : refuse(FORM_ANSWER_MESSAGES.options);
    }
    case 'bool': {
      const onTrue = field.booleans?.onTrue ?? [];
      const onFalse = field.booleans?.onFalse ?? [];
      const side = matchChoiceAnswer(answer, [
        ['true', ...onTrue],
        ['false', ...onFalse],
      ]);
      if (side >= 0) return accept(side === 0);
      return refuse(`Please answer ${onTrue[0] || 'True'} or ${onFalse[0] || 'False'}.`);
    }
    default:
      return answer ? accept(answer) : refuse(FORM_ANSWER_MESSAGES.text);
  }
}
