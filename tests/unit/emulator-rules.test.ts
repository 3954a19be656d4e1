import { describe, expect, it } from 'vitest';
import {
  emulatorAvatar,
  emulatorTemplate,
  runsActiveBot,
} from '../../src/features/flow/emulator/emulator-rules';

describe('emulatorAvatar (closed panel: the bot avatar when the bot uses one)', () => {
  it('shows no avatar when the bot does not use one, even with an image set', () => {
    expect(emulatorAvatar({ is_avatar: false, avatar: '/a.png', customAvatar: '/c.png' })).toBeNull();
    expect(emulatorAvatar(null)).toBeNull();
  });

  it('prefers the uploaded avatar over the preset', () => {
    expect(emulatorAvatar({ is_avatar: true, avatar: '/a.png', customAvatar: '/c.png' })).toBe('/c.png');
    expect(emulatorAvatar({ is_avatar: true, avatar: '/a.png', customAvatar: null })).toBe('/a.png');
  });

  it('falls back to the plain button when the bot uses an avatar but has no image', () => {
    expect(emulatorAvatar({ is_avatar: true, avatar: '  ', customAvatar: null })).toBeNull();
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
