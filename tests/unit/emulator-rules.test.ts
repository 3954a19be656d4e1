import { describe, expect, it } from 'vitest';
import {
  emulatorAvatar,
  emulatorTemplate,
  runsActiveBot,
} from '../../src/features/flow/emulator/emulator-rules';

const theme = (isAvatar: boolean, botAvatar = '', customAvatar: string | null = null) => ({
  header: { isAvatar },
  body: { botAvatar, customAvatar },
});

describe("emulatorAvatar (closed panel: the bot's avatar when its theme shows it on close)", () => {
  it("follows the theme's isAvatar, whatever the bot's old is_avatar flag", () => {
    const bot = { avatar: '/a.png', customAvatar: null };
    expect(emulatorAvatar(bot, theme(true))).toBe('/a.png');
    expect(emulatorAvatar(bot, theme(false))).toBeNull();
  });

  it('is the plain button until the theme and the bot are known', () => {
    expect(emulatorAvatar({ avatar: '/a.png', customAvatar: null }, null)).toBeNull();
    expect(emulatorAvatar(null, theme(true, '/t.png'))).toBeNull();
  });

  it("prefers the theme's avatar (as the chat header does), then the upload, then the preset", () => {
    const bot = { avatar: '/a.png', customAvatar: '/c.png' };
    expect(emulatorAvatar(bot, theme(true, '/t.png', '/tc.png'))).toBe('/tc.png');
    expect(emulatorAvatar(bot, theme(true, '/t.png'))).toBe('/t.png');
    expect(emulatorAvatar(bot, theme(true))).toBe('/c.png');
    expect(emulatorAvatar({ avatar: '/a.png', customAvatar: null }, theme(true))).toBe('/a.png');
  });

  it('is the plain button when the avatar is shown but there is no image', () => {
    expect(emulatorAvatar({ avatar: '  ', customAvatar: null }, theme(true))).toBeNull();
  });
});

describe('emulatorTemplate (target_template)', () => {
  it('runs the main flow without a template and a template by its name', () => {
    expect(emulatorTemplate('main')).toBeUndefined();
    expect(emulatorTemplate('')).toBeUndefined();
    expect(emulatorTemplate('Onboarding')).toBe('Onboarding');
  });
});

describe('runsActiveBot (Run flow event)', () => {
  it('accepts an event for the active bot', () => {
    expect(runsActiveBot({ botId: 4, flowName: 'main' }, 4)).toBe(true);
  });

  it('ignores another bot, no active bot and malformed details', () => {
    expect(runsActiveBot({ botId: 5, flowName: 'main' }, 4)).toBe(false);
    expect(runsActiveBot({ botId: 4, flowName: 'main' }, null)).toBe(false);
    expect(runsActiveBot({ botId: '4', flowName: 'main' }, 4)).toBe(false);
    expect(runsActiveBot({ botId: 4 }, 4)).toBe(false);
    expect(runsActiveBot(null, 4)).toBe(false);
  });
});
