import { describe, expect, it } from 'vitest';
import {
  activeBotAfterDelete,
  addSupportedLanguage,
  botDialogFlags,
  botFieldProblems,
  botFieldsFromData,
  botProblems,
  botSaveProblems,
  changedBotFields,
  chooseActiveBot,
  choosePresetAvatar,
  createRequestFields,
  filterByName,
  makeDefaultLanguage,
  newDraft,
  originsFromText,
  removeAvatar,
  removeSupportedLanguage,
  setSpeechFeature,
  shownAvatar,
  updateRequestFields,
  uploadCustomAvatar,
} from '../../src/core/bot/dialog-rules';
import { newBotFields, type BotFields } from '../../src/core/bot/types';

function validBot(overrides: Partial<BotFields> = {}): BotFields {
  return { ...newBotFields(), name: 'Support', origins: ['https://shop.example.com'], ...overrides };
}

const PRESETS = ['/avatars/a.svg', '/avatars/b.svg'];

describe('dialog flags', () => {
  it('a new bot is neither valid nor changed, so only Cancel is enabled', () => {
    const flags = botDialogFlags('add', newBotFields(), newBotFields());
    expect(flags).toEqual({
      changed: false,
      valid: false,
      canSubmit: false,
      canUndo: false,
      canCancel: true,
    });
  });

  it('Save needs valid and changed; Cancel is disabled while changed', () => {
    const original = validBot();
    expect(botDialogFlags('update', original, { ...original }).canSubmit).toBe(false);
    const edited = { ...original, description: 'Answers orders' };
    expect(botDialogFlags('update', original, edited)).toMatchObject({
      changed: true,
      valid: true,
      canSubmit: true,
      canUndo: true,
      canCancel: false,
    });
    expect(botDialogFlags('update', original, { ...edited, name: '   ' }).canSubmit).toBe(false);
  });

  it('Import needs only a valid bot', () => {
    const bot = validBot();
    expect(botDialogFlags('import', bot, { ...bot }).canSubmit).toBe(true);
    expect(botDialogFlags('import', bot, { ...bot, origins: [] }).canSubmit).toBe(false);
  });

  it('compares arrays and the scheduler by value', () => {
    const original = validBot({ supported_languages: [2, 3] });
    const same = {
      ...original,
      supported_languages: [2, 3],
      notification_scheduler: { ...original.notification_scheduler },
    };
    expect(botDialogFlags('update', original, same).changed).toBe(false);
    const scheduler = { ...original.notification_scheduler, frequency: 12 };
    expect(changedBotFields(original, { ...original, notification_scheduler: scheduler })).toEqual({
      notification_scheduler: scheduler,
    });
  });
});

describe('save rule', () => {
  it('names every problem', () => {
    expect(botSaveProblems(validBot())).toEqual([]);
    expect(botSaveProblems(validBot({ name: ' ' }))).toEqual(['Bot name is required']);
    expect(botSaveProblems(validBot({ origins: [] }))).toEqual(['At least one bot origin is required']);
    expect(botSaveProblems(validBot({ origins: ['https://ok.com', 'not a url'] }))).toEqual([
      'Invalid origin: not a url',
    ]);
    expect(botSaveProblems(validBot({ supported_languages: [] }))).toEqual([
      'At least one supported language is required',
    ]);
  });

  it('accepts localhost, IPv4 and ports as origins', () => {
    expect(
      botSaveProblems(validBot({ origins: ['http://localhost:5173', '10.0.0.1', 'Shop.Example.org/path'] })),
    ).toEqual([]);
  });
});

describe('speech features', () => {
  it('turning tts or stt off forces the external API off', () => {
    const on = validBot({ use_tts: true, use_ext_tts: true, use_stt: true, use_ext_stt: true });
    expect(setSpeechFeature(on, 'use_tts', false)).toMatchObject({
      use_tts: false,
      use_ext_tts: false,
      use_ext_stt: true,
    });
    expect(setSpeechFeature(on, 'use_stt', false)).toMatchObject({
      use_stt: false,
      use_ext_stt: false,
      use_ext_tts: true,
    });
  });

  it('turning a feature on leaves its external API as it was', () => {
    expect(setSpeechFeature(validBot(), 'use_tts', true)).toMatchObject({
      use_tts: true,
      use_ext_tts: false,
    });
  });
});

describe('supported languages', () => {
  it('adds a language once', () => {
    const bot = addSupportedLanguage(validBot(), 5);
    expect(bot.supported_languages).toEqual([2, 5]);
    expect(addSupportedLanguage(bot, 5).supported_languages).toEqual([2, 5]);
  });

  it('refuses to remove the last language', () => {
    const bot = validBot();
    expect(removeSupportedLanguage(bot, 2)).toBe(bot);
  });

  it('removing the default makes the first remaining language the default', () => {
    const bot = validBot({ language: 5, supported_languages: [2, 5, 7] });
    expect(removeSupportedLanguage(bot, 5)).toMatchObject({ language: 2, supported_languages: [2, 7] });
    expect(removeSupportedLanguage(bot, 7)).toMatchObject({ language: 5, supported_languages: [2, 5] });
  });

  it('Make Default sets the default and keeps it supported', () => {
    expect(makeDefaultLanguage(validBot({ supported_languages: [2, 5] }), 5)).toMatchObject({
      language: 5,
      supported_languages: [2, 5],
    });
    expect(makeDefaultLanguage(validBot(), 9).supported_languages).toEqual([2, 9]);
  });
});

describe('origins text', () => {
  it('splits on new lines, trims and drops blank lines', () => {
    expect(originsFromText(' https://a.com \n\n  \r\nhttps://b.com\n')).toEqual([
      'https://a.com',
      'https://b.com',
    ]);
  });
});

describe('search by name', () => {
  const languages = [
    { id: 1, name: 'English' },
    { id: 2, name: 'French' },
    { id: 3, name: 'Greek' },
  ];
  it('matches a case-insensitive substring', () => {
    expect(filterByName(languages, 'RE').map((l) => l.id)).toEqual([2, 3]);
    expect(filterByName(languages, '').length).toBe(3);
    expect(filterByName(languages, 'xyz')).toEqual([]);
  });
});

describe('avatar', () => {
  it('an upload shows first and is not sent as text', () => {
    const original = validBot({ avatar: PRESETS[1] });
    const draft = uploadCustomAvatar(newDraft(original), 'blob:preview');
    expect(shownAvatar(draft.fields)).toBe('blob:preview');
    expect(botDialogFlags('update', original, draft.fields).changed).toBe(true);
    expect(updateRequestFields(original, draft)).toEqual({});
    expect(createRequestFields(draft)).not.toHaveProperty('customAvatar');
  });

  it('removing a new upload falls back to the previous preset, or the first preset', () => {
    const withPreset = validBot({ avatar: PRESETS[1] });
    const removed = removeAvatar(uploadCustomAvatar(newDraft(withPreset), 'blob:x'), withPreset, PRESETS);
    expect(removed.fields).toMatchObject({ avatar: PRESETS[1], customAvatar: null });
    expect(removed.avatarEdit).toEqual({ upload: false, deleteCustomAvatar: false });

    const bare = validBot();
    const fallback = removeAvatar(uploadCustomAvatar(newDraft(bare), 'blob:x'), bare, PRESETS);
    expect(fallback.fields.avatar).toBe(PRESETS[0]);
  });

  it('removing a stored custom avatar sets the delete flag and sends customAvatar null', () => {
    const original = validBot({ avatar: PRESETS[0], customAvatar: '/uploads/me.png' });
    const draft = removeAvatar(newDraft(original), original, PRESETS);
    expect(draft.avatarEdit.deleteCustomAvatar).toBe(true);
    expect(shownAvatar(draft.fields)).toBe(PRESETS[0]);
    expect(updateRequestFields(original, draft)).toEqual({ delete_custom_avatar: true, customAvatar: null });
  });

  it('picking a preset over a stored custom avatar deletes it', () => {
    const original = validBot({ avatar: PRESETS[0], customAvatar: '/uploads/me.png' });
    const draft = choosePresetAvatar(newDraft(original), original, PRESETS[1]);
    expect(updateRequestFields(original, draft)).toEqual({
      avatar: PRESETS[1],
      delete_custom_avatar: true,
      customAvatar: null,
    });
  });

  it('removing a preset leaves no avatar', () => {
    const original = validBot({ avatar: PRESETS[0] });
    expect(shownAvatar(removeAvatar(newDraft(original), original, PRESETS).fields)).toBe('');
  });

  it('an update sends only the changed fields', () => {
    const original = validBot({ supported_languages: [2, 3] });
    const draft = newDraft({ ...original, name: 'Sales', supported_languages: [3] });
    expect(updateRequestFields(original, draft)).toEqual({ name: 'Sales', supported_languages: [3] });
  });
});

describe('active bot', () => {
  const bots = [
    { id: 1, created_at: 100 },
    { id: 2, created_at: 300 },
    { id: 3, created_at: 200 },
  ];

  it('keeps the stored bot while it exists', () => {
    expect(chooseActiveBot(bots, 3)).toBe(3);
  });

  it('chooses the newest when none is stored or it is gone', () => {
    expect(chooseActiveBot(bots, null)).toBe(2);
    expect(chooseActiveBot(bots, 42)).toBe(2);
    expect(chooseActiveBot([], 42)).toBeNull();
  });

  it('after deleting the active bot the last in the list becomes active, or none', () => {
    expect(activeBotAfterDelete(bots, 9, 9)).toBe(3);
    expect(activeBotAfterDelete(bots, 9, 1)).toBe(1);
    expect(activeBotAfterDelete([], 9, 9)).toBeNull();
  });
});

describe('shared schema check', () => {
  it('a bot the server would refuse is not valid in the dialog either', () => {
    const bot = validBot({ language: 9 });
    expect(botProblems(bot)).toEqual(['language is invalid']);
    expect(botDialogFlags('import', bot, bot).valid).toBe(false);
  });
});

describe('problems by field', () => {
  it('puts each problem against its field, the save rule first', () => {
    const bot = validBot({ name: '  ', origins: ['https://a.com', 'nope'], supported_languages: [] });
    expect(botFieldProblems(bot)).toEqual({
      name: 'Bot name is required',
      origins: 'Invalid origin: nope',
      supported_languages: 'At least one supported language is required',
      language: 'language requires supported_languages to have values',
    });
  });

  it('words the schema problems of the other fields as the checker does', () => {
    expect(botFieldProblems(validBot({ language: 9 }))).toEqual({ language: 'language is invalid' });
    expect(botFieldProblems(validBot())).toEqual({});
  });
});

describe('reading an archive', () => {
  it('keeps known fields, converts their types and drops the rest', () => {
    const fields = botFieldsFromData({
      id: 7,
      created_at: 1,
      name: 'Shop',
      origins: 'https://a.com, https://b.com',
      supported_languages: [2, '3'],
      language: '3',
      use_tts: 1,
      use_ext_tts: 'true',
      tts_gender: 1,
      customAvatar: 'theme_assets/avatars/me.png',
      notification_scheduler: '{"enabled":true,"frequency":6}',
    });
    expect(fields).toMatchObject({
      name: 'Shop',
      origins: ['https://a.com', 'https://b.com'],
      supported_languages: [2, 3],
      language: 3,
      use_tts: true,
      use_ext_tts: true,
      tts_gender: 1,
      allow_subpaths: true,
      customAvatar: 'theme_assets/avatars/me.png',
      notification_scheduler: { enabled: true, flow_id: 1, start_at: '12:00', frequency: 6 },
    });
    expect(fields).not.toHaveProperty('id');
  });

  it('falls back to the defaults of a new bot', () => {
    expect(botFieldsFromData({})).toEqual({ ...newBotFields(), origins: [] });
  });
});
