import { describe, expect, it } from 'vitest';
import { nextStartPreview, twelveHour } from '../../src/core/validation';

// Local-time dates: the preview speaks the author's clock, whatever the test machine's zone.
const at = (day: number, hours: number, minutes = 0) => new Date(2025, 2, day, hours, minutes);

describe('nextStartPreview', () => {
  it('starts today at the set time when it is still ahead', () => {
    expect(nextStartPreview('18:00', 24, at(10, 9))).toEqual({
      ok: true,
      starts: ['Today at 6:00 PM', 'Tomorrow at 6:00 PM', 'In 2 days at 6:00 PM'],
    });
  });

  it('starts tomorrow when the time has passed, or is now', () => {
    expect(nextStartPreview('08:30', 24, at(10, 9))).toEqual({
      ok: true,
      starts: ['Tomorrow at 8:30 AM', 'In 2 days at 8:30 AM', 'In 3 days at 8:30 AM'],
    });
    expect(nextStartPreview('09:00', 24, at(10, 9), 1)).toEqual({
      ok: true,
      starts: ['Tomorrow at 9:00 AM'],
    });
  });

  it('steps by the frequency in hours', () => {
    expect(nextStartPreview('18:00', 6, at(10, 9), 4)).toEqual({
      ok: true,
      starts: ['Today at 6:00 PM', 'Tomorrow at 12:00 AM', 'Tomorrow at 6:00 AM', 'Tomorrow at 12:00 PM'],
    });
    expect(nextStartPreview('07:15', 72, at(10, 23), 2)).toEqual({
      ok: true,
      starts: ['Tomorrow at 7:15 AM', 'In 4 days at 7:15 AM'],
    });
  });

  it('shows only the first start without a usable frequency', () => {
    expect(nextStartPreview('18:00', 0, at(10, 9))).toEqual({ ok: true, starts: ['Today at 6:00 PM'] });
  });

  it('says when the start time is missing or malformed', () => {
    expect(nextStartPreview('', 24, at(10, 9))).toEqual({ ok: false, message: 'Start time not set' });
    expect(nextStartPreview(undefined, 24, at(10, 9))).toEqual({ ok: false, message: 'Start time not set' });
    for (const text of ['24:00', '7:00', '18:75', 'soon']) {
      expect(nextStartPreview(text, 24, at(10, 9))).toEqual({ ok: false, message: 'Invalid time format' });
    }
  });

  it('crosses the end of a month', () => {
    expect(nextStartPreview('10:00', 24, new Date(2025, 0, 31, 12), 2)).toMatchObject({
      starts: ['Tomorrow at 10:00 AM', 'In 2 days at 10:00 AM'],
    });
  });
});

describe('twelveHour', () => {
  it('writes midnight as 12 AM and noon as 12 PM', () => {
    expect(twelveHour(at(1, 0, 5))).toBe('12:05 AM');
    expect(twelveHour(at(1, 12, 0))).toBe('12:00 PM');
    expect(twelveHour(at(1, 13, 45))).toBe('1:45 PM');
    expect(twelveHour(at(1, 11, 59))).toBe('11:59 AM');
  });
});
