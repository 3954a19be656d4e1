import { describe, expect, it } from 'vitest';
import { botAvatarUrl, embedSnippet } from '../../src/core/widget/embed-snippet';

const bot = { id: 42, name: 'Tea desk', is_avatar: false, avatar: '', customAvatar: null };

describe('embedSnippet', () => {
  it('is one async script tag with the bot id and the name for the launcher', () => {
    expect(embedSnippet('https://botflow.example', bot)).toBe(
      '<script src="https://botflow.example/widget/loader.js" data-bot-id="42" data-bot-name="Tea desk" async></script>',
    );
  });

  it('carries the avatar the bot shows, made absolute against the BotFlow server', () => {
    const snippet = embedSnippet('https://botflow.example', {
      ...bot,
      is_avatar: true,
      customAvatar: '/uploads/avatars/7.png',
    });
    expect(snippet).toContain('data-avatar="https://botflow.example/uploads/avatars/7.png"');
  });

  it('leaves out an avatar the bot does not show, and a blank name', () => {
    const snippet = embedSnippet('https://botflow.example', {
      ...bot,
      name: '  ',
      avatar: 'https://cdn.example/a.png',
    });
    expect(snippet).not.toContain('data-avatar');
    expect(snippet).not.toContain('data-bot-name');
  });

  it('escapes a name that would break out of the attribute', () => {
    const snippet = embedSnippet('https://botflow.example', { ...bot, name: 'Tom & "Jerry" <help>' });
    expect(snippet).toContain('data-bot-name="Tom &amp; &quot;Jerry&quot; &lt;help&gt;"');
  });
});

describe('botAvatarUrl', () => {
  it('prefers the uploaded avatar, then the preset, and only when the bot shows one', () => {
    const shown = { is_avatar: true, avatar: 'https://cdn.example/preset.png', customAvatar: null };
    expect(botAvatarUrl(shown)).toBe('https://cdn.example/preset.png');
    expect(botAvatarUrl({ ...shown, customAvatar: '/uploads/mine.png' })).toBe('/uploads/mine.png');
    expect(botAvatarUrl({ ...shown, is_avatar: false })).toBeNull();
    expect(botAvatarUrl({ ...shown, avatar: ' ' })).toBeNull();
  });
});
