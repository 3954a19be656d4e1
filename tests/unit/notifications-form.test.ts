import { describe, expect, it } from 'vitest';
import {
  canSave,
  describeStart,
  nextDailyStarts,
  newNotification,
  notificationProblems,
  settleNotification,
  type NotificationFields,
} from '../../src/core/notifications';

const NOW = Date.parse('2025-06-10T12:00:00Z');

const valid = (extra: Partial<NotificationFields> = {}): NotificationFields => ({
  ...newNotification(NOW, 'Europe/Paris'),
  name: 'Weekly tip',
  flow_template_id: 4,
  ...extra,
});

describe('notification defaults (spec 3 §5, §9)', () => {
  it('is enabled, starts in 24 h, ends in 30 days, repeats every 120 min, limit 1, forever, unlimited, template only', () => {
    const n = newNotification(NOW, 'America/New_York');
    expect(n).toMatchObject({
      enabled: true,
      start_at: '2025-06-11T12:00:00.000Z',
      end_at: '2025-07-10T12:00:00.000Z',
      repeat_minutes: 120,
      repeat_limit: 1,
      no_end_date: true,
      no_repeat_limit: true,
      template_only: true,
      timezone: 'America/New_York',
    });
  });
});

describe('notification rules (spec 3 §5)', () => {
  const fields = (form: NotificationFields) =>
    notificationProblems(settleNotification(form)).map((p) => p.field);

  it('accepts the defaults once named and given a template', () => {
    expect(fields(valid())).toEqual([]);
  });

  it('requires name, start, repeat and time zone', () => {
    expect(fields(valid({ name: '  ' }))).toEqual(['name']);
    expect(fields(valid({ start_at: '' }))).toEqual(['start_at']);
    expect(fields(valid({ start_at: '2025-06-11T12:00' }))).toEqual(['start_at']);
    expect(fields(valid({ repeat_minutes: null }))).toEqual(['repeat_minutes']);
    expect(fields(valid({ timezone: '' }))).toEqual(['timezone']);
    expect(fields(valid({ timezone: 'Mars/Olympus' }))).toEqual(['timezone']);
  });

  it('wants a whole number of minutes, at least 1', () => {
    expect(fields(valid({ repeat_minutes: 0 }))).toEqual(['repeat_minutes']);
    expect(fields(valid({ repeat_minutes: 1.5 }))).toEqual(['repeat_minutes']);
    expect(fields(valid({ repeat_minutes: 1 }))).toEqual([]);
  });

  it('forces a limited, empty repeat limit to 1 and refuses one below 1', () => {
    expect(settleNotification(valid({ no_repeat_limit: false, repeat_limit: null })).repeat_limit).toBe(1);
    expect(fields(valid({ no_repeat_limit: false, repeat_limit: 0 }))).toEqual(['repeat_limit']);
    expect(settleNotification(valid({ no_repeat_limit: true, repeat_limit: 5 })).repeat_limit).toBeNull();
  });

  it('ends a limited, empty end 30 days after the start; forever clears it', () => {
    const settled = settleNotification(
      valid({ no_end_date: false, end_at: null, start_at: '2025-06-11T09:00:00+02:00' }),
    );
    expect(settled.end_at).toBe('2025-07-11T07:00:00.000Z');
    expect(settleNotification(valid()).end_at).toBeNull();
    expect(fields(valid({ no_end_date: false, end_at: '2025-06-01T00:00:00Z' }))).toEqual(['end_at']);
  });

  it('needs a flow template when template only, else a bot, and keeps only that one', () => {
    expect(fields(valid({ flow_template_id: null }))).toEqual(['flow_template_id']);
    expect(fields(valid({ template_only: false }))).toEqual(['bot_id']);
    const bot = settleNotification(valid({ template_only: false, bot_id: 3 }));
    expect([bot.bot_id, bot.flow_template_id]).toEqual([3, null]);
    const tpl = settleNotification(valid({ bot_id: 3 }));
    expect([tpl.bot_id, tpl.flow_template_id]).toEqual([null, 4]);
  });

  it('saves only when valid and changed', () => {
    const loaded = valid();
    expect(canSave(loaded, loaded)).toBe(false);
    expect(canSave({ ...loaded, name: 'Other' }, loaded)).toBe(true);
    expect(canSave({ ...loaded, name: '' }, loaded)).toBe(false);
    // A change the settled form drops (the end of a forever notification) is no change.
    expect(canSave({ ...loaded, end_at: '2026-01-01T00:00:00Z' }, loaded)).toBe(false);
    expect(canSave(valid(), null)).toBe(true);
  });
});

describe('notification node preview in a zone (spec 2 §9)', () => {
  it('reads Today, Tomorrow and In N days on the zone’s calendar, 12-hour', () => {
    // 12:00 UTC is 08:00 in New York and 21:00 in Tokyo.
    const ny = nextDailyStarts('18:00', 24, NOW, 'America/New_York', 3)!;
    expect(ny.map((s) => describeStart(s, NOW, 'America/New_York'))).toEqual([
      'Today at 6:00 PM',
      'Tomorrow at 6:00 PM',
      'In 2 days at 6:00 PM',
    ]);
    const tokyo = nextDailyStarts('18:00', 24, NOW, 'Asia/Tokyo', 2)!;
    expect(tokyo.map((s) => describeStart(s, NOW, 'Asia/Tokyo'))).toEqual([
      'Tomorrow at 6:00 PM',
      'In 2 days at 6:00 PM',
    ]);
  });

  it('keeps the start time across a daylight-saving change', () => {
    const before = Date.parse('2025-10-25T12:00:00Z');
    const starts = nextDailyStarts('09:00', 24, before, 'Europe/Paris', 3)!;
    expect(starts.map((s) => describeStart(s, before, 'Europe/Paris'))).toEqual([
      'Tomorrow at 9:00 AM',
      'In 2 days at 9:00 AM',
      'In 3 days at 9:00 AM',
    ]);
    expect((starts[1] - starts[0]) / 3_600_000).toBe(24);
    expect((starts[0] - before) / 3_600_000).toBe(20);
  });

  it('refuses a malformed time', () => {
    expect(nextDailyStarts('25:00', 24, NOW, 'UTC', 3)).toBeNull();
  });
});

describe('the form’s local date-time inputs and the next-5 preview', () => {
  it('shows an instant on the zone’s wall clock and reads it back with the offset', async () => {
    const { toLocalInput, fromLocalInput, occurrencePreview } = await import('../../src/core/notifications');
    expect(toLocalInput('2030-01-06T08:00:00Z', 'Europe/Paris')).toBe('2030-01-06T09:00');
    expect(fromLocalInput('2030-07-06T09:00', 'Europe/Paris')).toBe('2030-07-06T09:00+02:00');
    expect(fromLocalInput('', 'Europe/Paris')).toBe('');
    const preview = occurrencePreview(
      {
        startAt: '2030-01-06T09:00+01:00',
        endAt: null,
        repeatMinutes: 1440,
        repeatLimit: null,
        timezone: 'Europe/Paris',
      },
      Date.parse('2030-01-01T00:00Z'),
      'America/New_York',
    );
    expect(preview).toHaveLength(5);
    expect(preview[0]).toMatchObject({ there: 'Sun 6 Jan 2030, 9:00 AM', here: 'Sun 6 Jan 2030, 3:00 AM' });
    expect(preview[4].there).toBe('Thu 10 Jan 2030, 9:00 AM');
  });
});
