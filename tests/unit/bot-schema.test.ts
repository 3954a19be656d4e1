import { describe, expect, it } from 'vitest';
import { checkBot } from '../../src/core';
import { newBotFields, type BotFields } from '../../src/core/bot/types';

function bot(changes: Partial<Record<keyof BotFields, unknown>> = {}) {
  return { ...newBotFields(), name: 'Helper', origins: ['https://shop.example.com'], ...changes };
}

function firstMessage(changes: Partial<Record<keyof BotFields, unknown>>) {
  return checkBot(bot(changes)).errors[0]?.message;
}

describe('checkBot', () => {
  it('accepts a new bot once it has a name and an origin', () => {
    expect(checkBot(bot())).toEqual({ valid: true, errors: [] });
    expect(checkBot(newBotFields()).errors).toEqual([
      { field: 'name', message: 'name is required' },
      { field: 'origins', message: 'origins is required' },
    ]);
  });

  it('requires a name with a non-blank character', () => {
    expect(firstMessage({ name: '  \t ' })).toBe('name is required');
    expect(firstMessage({ name: undefined })).toBe('name is required');
    expect(firstMessage({ name: 42 })).toBe('name must be a string');
  });

  it('accepts origins only as a non-empty list of URLs', () => {
    expect(firstMessage({ origins: [] })).toBe('origins is required');
    expect(firstMessage({ origins: 'https://a.com' })).toBe('origins must be a array');
    expect(firstMessage({ origins: ['https://a.com', 'not a url'] })).toBe('origins is invalid');
    expect(firstMessage({ origins: ['ftp://a.com'] })).toBe('origins is invalid');
    expect(checkBot(bot({ origins: ['localhost:3000', '10.0.0.1', 'http://A.IO/x?y#z'] })).valid).toBe(true);
  });

  it('needs a supported language, without repeats, that holds the default one', () => {
    expect(checkBot(bot({ supported_languages: [] })).errors.map((e) => e.message)).toEqual([
      'supported_languages is required',
      'language requires supported_languages to have values',
    ]);
    expect(firstMessage({ supported_languages: [2, 2] })).toBe('supported_languages is invalid');
    expect(firstMessage({ supported_languages: [3], language: 2 })).toBe('language is invalid');
    expect(firstMessage({ supported_languages: '2' })).toBe('supported_languages must be a array');
    expect(checkBot(bot({ supported_languages: [3, 1], language: 1 })).valid).toBe(true);
  });

  it('type-checks the other fields', () => {
    expect(firstMessage({ language: '2' })).toBe('language must be a number');
    expect(firstMessage({ use_tts: 'true' })).toBe('use_tts must be a boolean');
    expect(firstMessage({ tts_gender: 3 })).toBe('tts_gender is invalid');
    expect(firstMessage({ tts_gender: 'female' })).toBe('tts_gender must be a number');
    expect(firstMessage({ customAvatar: 7 })).toBe('customAvatar must be a string');
    expect(firstMessage({ notification_scheduler: '{}' })).toBe('notification_scheduler must be a object');
    expect(
      firstMessage({
        notification_scheduler: { enabled: true, flow_id: 1, start_at: '25:00', frequency: 24 },
      }),
    ).toBe('notification_scheduler.start_at is invalid');
    expect(
      firstMessage({
        notification_scheduler: { enabled: true, flow_id: 1, start_at: '08:00', frequency: 0 },
      }),
    ).toBe('notification_scheduler.frequency is invalid');
    expect(firstMessage({ notification_scheduler: { enabled: true, start_at: '08:00', frequency: 2 } })).toBe(
      'notification_scheduler.flow_id is required',
    );
    expect(checkBot(bot({ customAvatar: null })).valid).toBe(true);
  });

  it('lets the external voice services run only with the voice on', () => {
    expect(firstMessage({ use_ext_tts: true })).toBe('use_ext_tts requires use_tts to be set');
    expect(firstMessage({ use_ext_stt: true })).toBe('use_ext_stt requires use_stt to be set');
    expect(checkBot(bot({ use_tts: true, use_ext_tts: true, use_stt: true, use_ext_stt: true })).valid).toBe(
      true,
    );
  });

  it('reports the first problem first, in the schema order', () => {
    const result = checkBot(bot({ name: '', origins: ['bad url'], use_tts: 1 }));
    expect(result.errors.map((e) => e.field)).toEqual(['name', 'origins', 'use_tts']);
  });

  it('refuses a bot that is not an object', () => {
    expect(checkBot(null).errors).toEqual([{ field: 'bot', message: 'bot must be a object' }]);
    expect(checkBot([]).valid).toBe(false);
  });
});
