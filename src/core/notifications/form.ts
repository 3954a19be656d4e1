// The notification form's rules (spec 3 §5) and defaults (§9), shared by the page and the server:
// the server applies the same rules to what it is sent, whatever the client did.
import { DateTime } from 'luxon';
import { isTimeZone, type Schedule } from './occurrences';

/** A notification as the form edits it and the calls carry it (spec 3 §3, UI flags included). */
export interface NotificationFields {
  name: string;
  description: string;
  enabled: boolean;
  /** ISO 8601 with an offset or Z. */
  start_at: string;
  /** ISO 8601, or null (forever). */
  end_at: string | null;
  repeat_minutes: number | null;
  /** null: unlimited. */
  repeat_limit: number | null;
  timezone: string;
  bot_id: number | null;
  flow_template_id: number | null;
  interacted_bots: number[];
  /** The approved WhatsApp message template sent outside the 24-hour window (beyond the spec). */
  whatsapp_template: string | null;
  no_end_date: boolean;
  no_repeat_limit: boolean;
  template_only: boolean;
}

export const DEFAULT_REPEAT_MINUTES = 120;
export const DEFAULT_REPEAT_LIMIT = 1;
export const START_AFTER_HOURS = 24;
export const END_AFTER_DAYS = 30;

/** Spec 3 §5 defaults: enabled, start 24 h from now, end 30 days out, repeat 120, limit 1, forever, unlimited, template only. */
export function newNotification(now: number, timezone: string): NotificationFields {
  return {
    name: '',
    description: '',
    enabled: true,
    start_at: new Date(now + START_AFTER_HOURS * 3_600_000).toISOString(),
    end_at: new Date(now + END_AFTER_DAYS * 86_400_000).toISOString(),
    repeat_minutes: DEFAULT_REPEAT_MINUTES,
    repeat_limit: DEFAULT_REPEAT_LIMIT,
    timezone,
    bot_id: null,
    flow_template_id: null,
    interacted_bots: [],
    whatsapp_template: null,
    no_end_date: true,
    no_repeat_limit: true,
    template_only: true,
  };
}

const isInstant = (text: string | null | undefined): text is string =>
  typeof text === 'string' && /[zZ]|[+-]\d\d:?\d\d$/.test(text) && DateTime.fromISO(text).isValid;

/**
 * The stored fields made consistent with the flags: a limited end left empty is 30 days after the
 * start, a limited repeat left empty is 1; forever clears the end, unlimited the limit, and the
 * scope keeps only its own target.
 */
export function settleNotification(form: NotificationFields): NotificationFields {
  const out = { ...form, name: form.name.trim(), description: form.description ?? '' };
  if (out.no_end_date) out.end_at = null;
  else if (!out.end_at && isInstant(out.start_at)) {
    out.end_at = DateTime.fromISO(out.start_at).plus({ days: END_AFTER_DAYS }).toUTC().toISO();
  }
  if (out.no_repeat_limit) out.repeat_limit = null;
  else if (out.repeat_limit === null) out.repeat_limit = DEFAULT_REPEAT_LIMIT;
  if (out.template_only) out.bot_id = null;
  else out.flow_template_id = null;
  return out;
}

export interface FieldProblem {
  field: keyof NotificationFields;
  message: string;
}

/** Spec 3 §5 on settled fields: what keeps the form from being saved, field by field. */
export function notificationProblems(form: NotificationFields): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const add = (field: keyof NotificationFields, message: string) => problems.push({ field, message });
  if (!form.name.trim()) add('name', 'Name is required');
  if (!form.start_at) add('start_at', 'Start is required');
  else if (!isInstant(form.start_at))
    add('start_at', 'Start must be a date and time with a time zone offset');
  if (form.repeat_minutes === null || form.repeat_minutes === undefined)
    add('repeat_minutes', 'Repeat is required');
  else if (!Number.isInteger(form.repeat_minutes) || form.repeat_minutes < 1)
    add('repeat_minutes', 'Repeat must be a whole number of minutes, at least 1');
  if (!form.timezone) add('timezone', 'Time zone is required');
  else if (!isTimeZone(form.timezone)) add('timezone', 'Unknown time zone');
  if (!form.no_repeat_limit && !(Number.isInteger(form.repeat_limit) && (form.repeat_limit ?? 0) >= 1))
    add('repeat_limit', 'Repeat limit must be at least 1');
  if (!form.no_end_date) {
    if (!isInstant(form.end_at)) add('end_at', 'End must be a date and time with a time zone offset');
    else if (isInstant(form.start_at) && DateTime.fromISO(form.end_at) <= DateTime.fromISO(form.start_at))
      add('end_at', 'End must be after the start');
  }
  if (form.template_only && !form.flow_template_id) add('flow_template_id', 'Choose a flow template');
  if (!form.template_only && !form.bot_id) add('bot_id', 'Choose a bot');
  return problems;
}

/** Save is enabled only when the settled form is valid and differs from what was loaded. */
export function canSave(form: NotificationFields, loaded: NotificationFields | null): boolean {
  const settled = settleNotification(form);
  if (notificationProblems(settled).length) return false;
  return loaded === null || JSON.stringify(settled) !== JSON.stringify(settleNotification(loaded));
}

/** The settled fields' schedule (occurrences.ts). */
export function scheduleOf(form: NotificationFields): Schedule {
  const settled = settleNotification(form);
  return {
    startAt: settled.start_at,
    endAt: settled.end_at,
    repeatMinutes: settled.repeat_minutes ?? DEFAULT_REPEAT_MINUTES,
    repeatLimit: settled.repeat_limit,
    timezone: settled.timezone,
  };
}
