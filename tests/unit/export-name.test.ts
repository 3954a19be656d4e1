import { describe, expect, it } from 'vitest';
import { exportFileName, sanitiseBotName } from '../../src/core/bot/export-name';

describe('exportFileName', () => {
  it('follows dfd_bot_{name}_{weekday_day_month_hh-mm}.zip', () => {
    // 22 November 2026 is a Sunday; built in local time, as the function reads it.
    expect(exportFileName('my bot', new Date(2026, 10, 22, 14, 5))).toBe(
      'dfd_bot_my_bot_Sun_22_Nov_14-05.zip',
    );
  });

  it('pads the day, hours and minutes to two digits', () => {
    expect(exportFileName('x', new Date(2026, 0, 3, 7, 9))).toBe('dfd_bot_x_Sat_03_Jan_07-09.zip');
  });
});

describe('sanitiseBotName', () => {
  it('lower-cases and turns runs of other characters into one underscore', () => {
    expect(sanitiseBotName('  My  Support/Bot!! v2 ')).toBe('my_support_bot_v2');
  });

  it('keeps letters of any script', () => {
    expect(sanitiseBotName('Bonjour Élodie')).toBe('bonjour_élodie');
    expect(sanitiseBotName('مساعد المتجر')).toBe('مساعد_المتجر');
  });

  it('drops path separators so the name cannot leave the download folder', () => {
    expect(sanitiseBotName('../../etc/passwd')).toBe('etc_passwd');
  });

  it('falls back to "bot" when nothing is left', () => {
    expect(sanitiseBotName('***')).toBe('bot');
    expect(sanitiseBotName('')).toBe('bot');
  });
});
